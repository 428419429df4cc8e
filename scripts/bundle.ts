// Bundles every action entry with ncc into a fresh output tree (default `dist/`).
// Usage: node scripts/bundle.ts [--out <dir>]
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Entry file → folder under the output root that its action's `runs.main` points at. */
const ENTRIES: ReadonlyArray<readonly [entry: string, outDir: string]> = [
  ['src/index.ts', '.'],
  ['src/project-action/index.ts', 'project'],
  ['src/webhook-action/index.ts', 'webhook'],
  ['src/sdk.ts', 'sdk'],
];

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } });
const root = path.resolve(values.out);
const ncc = path.resolve('node_modules/.bin/ncc');

// ncc never deletes what an earlier build left, so start from an empty tree.
rmSync(root, { recursive: true, force: true });
for (const [entry, outDir] of ENTRIES) {
  execFileSync(
    ncc,
    [
      'build',
      entry,
      '-o',
      path.join(root, outDir),
      '--source-map',
      // The map stays beside the bundle for reading stack traces; registering it at run time
      // would parse the whole map (+33 MiB) the first time any error's stack is read.
      '--no-source-map-register',
      '--license',
      'licenses.txt',
      '--quiet',
    ],
    { stdio: 'inherit' },
  );
}
// The SDK's type declarations, for receivers that import `desktop-build-action/sdk`.
execFileSync(
  path.resolve('node_modules/.bin/tsc'),
  ['-p', 'tsconfig.sdk.json', '--outDir', path.join(root, 'sdk', 'types')],
  { stdio: 'inherit' },
);
