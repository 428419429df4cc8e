// dist/manifest.json: the sha256 of every file that decides the bundle and of every file the bundle
// wrote. Reading both back tells in milliseconds whether dist/ is stale (an input changed since it
// was built) or was edited by hand, without rebuilding it; `npm run check-dist` rebuilds and
// compares byte for byte. node_modules is covered by package-lock.json, as `npm ci` installs it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MANIFEST = 'manifest.json';

/** Files and folders (relative to the repository) that `scripts/bundle.ts` builds dist/ from. */
export const BUNDLE_INPUTS = [
  'src',
  'sdk',
  'examples/webhook-receiver.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.sdk.json',
  'scripts/bundle.ts',
  'scripts/dist-manifest.ts',
] as const;

/** Path (`/`-separated, relative to the root it was read from) → sha256 in hex. */
export type Hashes = Record<string, string>;

export interface Manifest {
  inputs: Hashes;
  outputs: Hashes;
}

/** Every file under `root` among `entries` (files or folders), hashed; absent entries are skipped. */
export function hashFiles(root: string, entries: readonly string[]): Hashes {
  const files = entries.flatMap((entry) => {
    const full = path.join(root, entry);
    if (!existsSync(full)) return [];
    if (!statSync(full).isDirectory()) return [full];
    return readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((item) => item.isFile())
      .map((item) => path.join(item.parentPath, item.name));
  });
  const hashes = files.map((file) => [
    path.relative(root, file).split(path.sep).join('/'),
    createHash('sha256').update(readFileSync(file)).digest('hex'),
  ]);
  return Object.fromEntries(hashes.sort(([a], [b]) => (a! < b! ? -1 : 1)));
}

export const inputHashes = (repo: string): Hashes => hashFiles(repo, BUNDLE_INPUTS);

/** Every file in the bundle's output tree but the manifest itself. */
export function outputHashes(dist: string): Hashes {
  const { [MANIFEST]: _manifest, ...outputs } = hashFiles(dist, ['.']);
  return outputs;
}

/** `inputs` are hashed before the build starts, so an edit made while it runs shows as stale. */
export function writeManifest(inputs: Hashes, dist: string): void {
  const manifest: Manifest = { inputs, outputs: outputHashes(dist) };
  writeFileSync(path.join(dist, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The paths whose hash differs between what was recorded and what is there now, each with how. */
export function differences(recorded: Hashes, now: Hashes): string[] {
  const paths = [...new Set([...Object.keys(recorded), ...Object.keys(now)])].sort();
  return paths.flatMap((file) => {
    if (!(file in now)) return [`${file} (missing)`];
    if (!(file in recorded)) return [`${file} (added)`];
    return recorded[file] === now[file] ? [] : [`${file} (changed)`];
  });
}

/** What makes `dist` not the bundle of `repo` as it is now: inputs and outputs, each named. */
export function staleness(repo: string, dist: string): { inputs: string[]; outputs: string[] } {
  const where = (file: string) =>
    path.join(path.relative(repo, dist), file).split(path.sep).join('/');
  const file = path.join(dist, MANIFEST);
  if (!existsSync(file)) return { inputs: [], outputs: [`${where(MANIFEST)} (missing)`] };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  return {
    inputs: differences(manifest.inputs, inputHashes(repo)),
    outputs: differences(manifest.outputs, outputHashes(dist)).map(where),
  };
}
