// Bundles every action entry with ncc into a fresh output tree (default `dist/`).
// Usage: node scripts/bundle.ts [--out <dir>]
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';

/** Entry file → folder under the output root that its action's `runs.main` points at. */
const ENTRIES: ReadonlyArray<readonly [entry: string, outDir: string]> = [
  ['src/index.ts', '.'],
  ['src/project-action/index.ts', 'project'],
  ['src/webhook-action/index.ts', 'webhook'],
  ['src/sdk.ts', 'sdk'],
];
// The downloads' hashing thread: every bundle above holds download code, which starts it from
// `hash-worker/index.js` beside the bundle (src/service/hashing/thread-writer.ts). It is bundled once,
// beside the first; beside the others that file only imports it.
const WORKER_ENTRY = 'src/service/hashing/thread-main.ts';
const WORKER_DIR = 'hash-worker';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } });
const root = path.resolve(values.out);
const ncc = path.resolve('node_modules/.bin/ncc');

// ncc never deletes what an earlier build left, so start from an empty tree.
rmSync(root, { recursive: true, force: true });
const worker = path.join(root, ENTRIES[0]![1], WORKER_DIR);
// One process per bundle, and tsc for the SDK's type declarations (for receivers that import
// `desktop-build-action/sdk`), as many at once as there are cores (an ncc holds about 1.3 GB).
const steps = [
  ...ENTRIES.map(
    ([entry, outDir]) =>
      () =>
        bundle(entry, path.join(root, outDir), ['--license', 'licenses.txt']),
  ),
  () => bundle(WORKER_ENTRY, worker, []),
  () =>
    run(path.resolve('node_modules/.bin/tsc'), [
      '-p',
      'tsconfig.sdk.json',
      '--outDir',
      path.join(root, 'sdk', 'types'),
    ]),
];
await Promise.all(
  Array.from({ length: os.availableParallelism() }, async () => {
    for (let step = steps.shift(); step !== undefined; step = steps.shift()) await step();
  }),
);
for (const [, outDir] of ENTRIES.slice(1)) {
  const beside = path.join(root, outDir, WORKER_DIR);
  const target = path.relative(beside, path.join(worker, 'index.js')).split(path.sep).join('/');
  mkdirSync(beside, { recursive: true });
  writeFileSync(path.join(beside, 'index.js'), `import '${target}';\n`);
}

/** Runs `command`, then prints what it printed (whole, so parallel builds do not interleave). */
async function run(command: string, args: string[]): Promise<void> {
  const printed = (result: { stdout?: string; stderr?: string }) => {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
  };
  try {
    printed(await promisify(execFile)(command, args, { maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    printed(error as { stdout?: string; stderr?: string });
    throw error;
  }
}

function bundle(entry: string, outDir: string, extraArgs: string[]): Promise<void> {
  return run(ncc, [
    'build',
    entry,
    '-o',
    outDir,
    '--source-map',
    // The map stays beside the bundle for reading stack traces; registering it at run time
    // would parse the whole map the first time any error's stack is read.
    '--no-source-map-register',
    // Nothing from earlier builds: ncc's cache (~/.cache/ncc) is shared by every checkout, and a
    // clean clone's dist test once built chunks from it that differ from a fresh build.
    '--no-cache',
    ...extraArgs,
    '--quiet',
  ]);
}
