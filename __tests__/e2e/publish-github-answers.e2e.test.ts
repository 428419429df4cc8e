// The bundled action (`node dist/index.js`, run as a runner runs it) publishing a release to GitHub
// as it really answers and to a GitHub whose answers cannot be trusted (issue 27): one run per
// finding. GitHub's side is mocked by the releases API stand-in (test-kit/stand-ins) with its
// switches (no `digest`, Enterprise Server's URL forms, a lost upload answer, rewritten answers,
// endless pages); the bundled Octokit and upload transport reach it over 127.0.0.1.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  explain,
  githubForTest,
  project,
  useE2e,
  type E2eRun,
  type GitHub,
} from '../../test-kit/e2e-run.ts';
import { shownLog } from '../../test-kit/run-action.ts';
import { close, listen } from '../../test-kit/stand-ins/http.ts';
import type {
  ReleasesApi,
  ReleasesApiOptions,
  StoredRelease,
} from '../../test-kit/stand-ins/releases-api.ts';

const TOKEN = 'ghs_github_answers_token';
const MIB = 1024 * 1024;
const e2e = useE2e({
  emulator: {
    buildingMs: 200,
    artifactSize: 96 * 1024,
    seedProjects: [project('proj_github_answers', ['mac', 'linux'], { name: 'GitHub answers' })],
  },
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const startGitHub = (releases: Omit<ReleasesApiOptions, 'token'> = {}) =>
  githubForTest({ token: TOKEN, releases });

/** Peak resident memory of a process so far (VmHWM), in bytes; undefined once it is gone. */
const peakRss = (pid: number): number | undefined => {
  try {
    const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
};

/** A tag run publishing the release only; resolves with the run and its peak RSS. */
async function publishRun(github: GitHub, attempt = '1') {
  const started = e2e.start({ github, env: { GITHUB_RUN_ATTEMPT: attempt }, timeoutMs: 120_000 });
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, peakRss(started.child.pid!) ?? 0);
  }, 50);
  const run = await started.result.finally(() => clearInterval(sampler));
  return { run, peak, seconds: (Date.now() - run.spawnedAt) / 1000 };
}

function expectPublishedWithEverything(release: StoredRelease, run: E2eRun): void {
  expect(release).toMatchObject({ tagName: 'v1.4.2', draft: false });
  const installers = release.assets.filter((asset) => asset.name !== 'SHA256SUMS');
  expect(installers.map((asset) => sha256(asset.content)).sort()).toEqual(
    run.builds.map((build) => build.sha256).sort(),
  );
  expect(release.assets.some((asset) => asset.name === 'SHA256SUMS')).toBe(true);
}

const uploadsTo = (api: ReleasesApi) => api.requests.filter((r) => /^POST .*\/uploads\//.test(r));

describe('node dist/index.js publishing to GitHub as it really answers', () => {
  it('publishes after an upload whose answer was lost although it landed, on a GitHub without digests; a re-run uploads nothing again', async () => {
    const github = await startGitHub({ digest: false });
    const api = github.releases;
    api.failNextUploads({ status: 0, landed: true, lost: true });

    const { run } = await publishRun(github);

    expect(run.code, explain(run)).toBe(0);
    expect(run.stderr).toBe('');
    expectPublishedWithEverything(api.releases()[0]!, run);
    expect(api.releases()).toHaveLength(1);
    expect(run.stdout).toMatch(
      /GitHub reports no digest for asset "[^"]+": read its \d+ bytes back/,
    );
    expect(run.stdout).toContain('its answer was lost): keeping it');
    expect(run.stdout).not.toContain('give each job its own asset-name');

    const before = uploadsTo(api).length;
    const { run: rerun } = await publishRun(github, '2');
    expect(rerun.code, explain(rerun)).toBe(0);
    expect(uploadsTo(api)).toHaveLength(before);
    expect(rerun.stdout.match(/already on the release with the same bytes: kept/g)).toHaveLength(2);
    expect(api.storageSawAuth).toBe(0);
  });

  it("publishes through Enterprise Server's URL forms (API at /api/v3, uploads at /api/uploads)", async () => {
    const github = await startGitHub({ enterprise: true, digest: false });
    const api = github.releases;

    const { run } = await publishRun(github);

    expect(run.code, explain(run)).toBe(0);
    expectPublishedWithEverything(api.releases()[0]!, run);
    expect(api.requests.filter((r) => r.startsWith('POST /api/uploads/'))).toHaveLength(3);
    expect(api.rejectedAuth).toBe(0);
  });
});

describe('node dist/index.js publishing to a GitHub whose answers cannot be trusted', () => {
  it('ends an endless asset listing after 10 pages: bounded time and memory, the draft left unpublished', async () => {
    // Each page repeats 100 assets, as a listing that never ends would.
    const github = await startGitHub({ endlessPages: 'assets' });
    const api = github.releases;
    const filler = await fetch(`${api.url}/repos/acme/desktop-app/releases`, {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}` },
      body: JSON.stringify({ tag_name: 'v1.4.2', draft: true }),
    }).then((r) => r.json() as Promise<{ upload_url: string }>);
    for (let index = 0; index < 100; index++) {
      await fetch(filler.upload_url.replace('{?name,label}', `?name=old-${index}.txt`), {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}`, 'content-type': 'text/plain' },
        body: `old ${index}`,
      });
    }

    const { run, peak, seconds } = await publishRun(github);

    expect(run.code, explain(run)).not.toBe(0);
    expect(run.stdout).toContain(
      'went on past 10 pages, more than the 1000 assets a release can hold',
    );
    const listings = api.requests.filter((r) => /^GET .*\/releases\/\d+\/assets$/.test(r));
    expect(listings.length).toBeLessThanOrEqual(10);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(256 * MIB);
    expect(seconds).toBeLessThan(60);
    expect(api.releases()[0]?.draft).toBe(true);
  });

  it('takes no path from hostile asset ids, prints hostile names and URLs inertly, writes nothing outside RUNNER_TEMP', async () => {
    const escape = `escaped-${process.pid}-${Date.now()}`;
    let duplicateId = 0;
    const github = await startGitHub({
      rewrite: {
        asset: (json, asset, release) => {
          if (release.id !== duplicateId) return json;
          if (asset.name === 'path.zip') return { ...json, id: `/../../../${escape}` };
          if (asset.name === 'newline.zip') {
            return { ...json, name: 'x\n::error title=owned::pwned by a name' };
          }
          return { ...json, name: '::error title=owned::pwned.zip' };
        },
      },
    });
    const api = github.releases;
    const createDraft = () =>
      fetch(`${api.url}/repos/acme/desktop-app/releases`, {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}` },
        body: JSON.stringify({ tag_name: 'v1.4.2', draft: true }),
      }).then((r) => r.json() as Promise<{ id: number; upload_url: string }>);
    await createDraft();
    const duplicate = await createDraft();
    duplicateId = duplicate.id;
    for (const name of ['path.zip', 'newline.zip', 'named.zip']) {
      await fetch(duplicate.upload_url.replace('{?name,label}', `?name=${name}`), {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/zip' },
        body: `${name} bytes`,
      });
    }

    const { run } = await publishRun(github);

    expect(run.code, explain(run)).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines.filter((line) => /^::error title=owned/.test(line))).toEqual([]);
    expect(run.stdout).toContain('Moved asset ": :error title=owned::pwned.zip"');
    expect(run.stdout).toContain(`Kept duplicate draft release ${duplicate.id}`);
    for (const dir of [path.dirname(run.runnerTemp), path.resolve(run.runnerTemp, '../..'), '/']) {
      expect(existsSync(path.join(dir, escape)), `${escape} in ${dir}`).toBe(false);
    }
    const kept = api.releases().find((release) => release.id !== duplicate.id)!;
    expect(kept.draft).toBe(false);
    // The builds' installers, and the one file of the duplicate that could be read.
    expect(kept.assets.map((asset) => sha256(asset.content))).toEqual(
      expect.arrayContaining([
        ...run.builds.map((build) => build.sha256),
        sha256(Buffer.from('named.zip bytes')),
      ]),
    );
    expect(api.releases().find((release) => release.id === duplicate.id)?.assets).toHaveLength(2);

    // A release whose html_url would start a workflow command is refused, and said inertly.
    const liar = await startGitHub({
      rewrite: {
        release: (json) => ({
          ...json,
          html_url: 'https://github.com/x\n::error title=owned::pwned',
        }),
      },
    });
    const { run: lied } = await publishRun(liar);
    expect(lied.code, explain(lied)).not.toBe(0);
    expect(lied.stdout.split('\n').filter((line) => /^::error title=owned/.test(line))).toEqual([]);
    expect(lied.stdout).toContain('html_url is not a plain http(s) URL');
  });

  it('sends no token to an upload_url on another host: no request there, the release not published, the error names the host and the missing assets', async () => {
    const seen: string[] = [];
    const foreign = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? '(no token)'}`);
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
    const foreignOrigin = await listen(foreign);
    onTestFinished(() => close(foreign));
    const github = await startGitHub({
      rewrite: {
        release: (json, release) => ({
          ...json,
          upload_url: `${foreignOrigin}/repos/acme/desktop-app/releases/${release.id}/assets{?name,label}`,
        }),
      },
    });
    const api = github.releases;

    const { run } = await publishRun(github);

    expect(run.code, explain(run)).not.toBe(0);
    expect(seen).toEqual([]);
    const [release] = api.releases() as [StoredRelease];
    expect(release.draft).toBe(true);
    expect(release.assets).toEqual([]);
    expect(run.stdout).toContain(`the release's upload_url points at ${foreignOrigin}`);
    expect(run.stdout).toContain('so the token was not sent there');
    expect(run.stdout.match(/::error[^\n]*was not uploaded/g)?.length ?? 0).toBeGreaterThan(0);
    expect(run.stdout).toContain('left as an unpublished draft because 2 upload(s) did not land');
    // Masked (its add-mask commands name it), never shown.
    expect(shownLog(run)).not.toContain(TOKEN);
  });
});
