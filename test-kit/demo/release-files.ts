// Takes the published release of a tag as a user would, through the REST API (a release still in
// draft is not found by tag), downloads every asset, and checks them with `sha256sum -c`.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PublishedRelease {
  htmlUrl: string;
  draft: boolean;
  assets: Array<{ name: string; size: number; path: string }>;
}

export interface ChecksumCheck {
  command: string;
  ok: boolean;
  output: string;
}

interface ReleaseJson {
  html_url: string;
  draft: boolean;
  assets: Array<{ name: string; url: string; size: number }>;
}

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json' },
  });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function downloadPublishedRelease(options: {
  apiUrl: string;
  repository: string;
  tag: string;
  token: string;
  into: string;
}): Promise<PublishedRelease> {
  const release = await getJson<ReleaseJson>(
    `${options.apiUrl}/repos/${options.repository}/releases/tags/${encodeURIComponent(options.tag)}`,
    options.token,
  );
  mkdirSync(options.into, { recursive: true });
  const assets: PublishedRelease['assets'] = [];
  for (const asset of release.assets) {
    // The API answers with a redirect to storage on another origin; fetch drops the token there.
    const response = await fetch(asset.url, {
      headers: { authorization: `Bearer ${options.token}`, accept: 'application/octet-stream' },
    });
    if (!response.ok) throw new Error(`GET ${asset.url}: ${response.status}`);
    const file = path.join(options.into, path.basename(asset.name));
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    assets.push({ name: asset.name, size: asset.size, path: file });
  }
  return { htmlUrl: release.html_url, draft: release.draft, assets };
}

/** `sha256sum -c` where coreutils has it, else macOS's `shasum -a 256 -c` (same format). */
export async function checkSums(dir: string, sumsFile = 'SHA256SUMS'): Promise<ChecksumCheck> {
  const tools: Array<[string, string[]]> = [
    ['sha256sum', ['-c', sumsFile]],
    ['shasum', ['-a', '256', '-c', sumsFile]],
  ];
  for (const [tool, args] of tools) {
    const command = [tool, ...args].join(' ');
    try {
      const { stdout, stderr } = await run(tool, args, { cwd: dir });
      return { command, ok: true, output: `${stdout}${stderr}` };
    } catch (error) {
      const failed = error as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
      if (failed.code === 'ENOENT') continue;
      return { command, ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
    }
  }
  throw new Error('Neither sha256sum nor shasum is on the PATH');
}
