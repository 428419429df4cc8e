// Bundles every action entry with ncc into a fresh output tree (default `dist/`), then records in
// its manifest.json what it was built from and what it wrote (scripts/dist-manifest.ts).
// Usage: node scripts/bundle.ts [--out <dir>]
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { inputHashes, writeManifest } from './dist-manifest.ts';

/** Entry file → folder under the output root that its action's `runs.main` points at. */
const ENTRIES: ReadonlyArray<readonly [entry: string, outDir: string]> = [
  ['src/index.ts', '.'],
  ['src/project-action/index.ts', 'project'],
  ['src/webhook-action/index.ts', 'webhook'],
  // The SDK is a package of its own (sdk/package.json): its bundle goes under lib/, behind the
  // entry that checks the Node version first.
  ['src/sdk.ts', 'sdk/lib'],
];
const SDK = 'sdk';
// The downloads' hashing thread: every bundle above holds download code, which starts it from
// `hash-worker/index.js` beside the bundle (src/service/hashing/thread-writer.ts). It is bundled once,
// beside the first; beside the others that file only imports it.
const WORKER_ENTRY = 'src/service/hashing/thread-main.ts';
const WORKER_DIR = 'hash-worker';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } });
const root = path.resolve(values.out);
const ncc = path.resolve('node_modules/.bin/ncc');
const inputs = inputHashes(process.cwd());

// ncc never deletes what an earlier build left, so start from an empty tree.
rmSync(root, { recursive: true, force: true });
const worker = path.join(root, ENTRIES[0]![1], WORKER_DIR);
// One process per bundle, and tsc for the SDK's type declarations, as many at once as there are
// cores (an ncc holds about 1.3 GB).
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
      path.join(root, SDK, 'types'),
    ]),
];
await Promise.all(
  Array.from({ length: os.availableParallelism() }, async () => {
    for (let step = steps.shift(); step !== undefined; step = steps.shift()) await step();
  }),
);
for (const [, outDir] of ENTRIES.slice(1)) {
  const beside = path.join(root, outDir, WORKER_DIR);
  // The SDK's package holds its own copy: nothing outside its folder is installed with it.
  if (outDir.startsWith(`${SDK}/`)) {
    cpSync(path.join(worker, 'index.js'), path.join(beside, 'index.js'));
    continue;
  }
  const target = path.relative(beside, path.join(worker, 'index.js')).split(path.sep).join('/');
  mkdirSync(beside, { recursive: true });
  writeFileSync(path.join(beside, 'index.js'), `import '${target}';\n`);
}

packageSdk(path.join(root, SDK));
writeManifest(inputs, root);

/**
 * Makes `dir` the SDK's package: its package.json and entry, the example, and type declarations
 * that need no other package (zod's and undici's, which they name, are copied in beside them).
 */
function packageSdk(dir: string): void {
  // The SDK's version is the action's: one number to release.
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const { name, ...rest } = JSON.parse(readFileSync(path.join(SDK, 'package.json'), 'utf8')) as {
    name: string;
  };
  writeFileSync(
    path.join(dir, 'package.json'),
    `${JSON.stringify({ name, version, ...rest }, null, 2)}\n`,
  );
  for (const file of ['index.js', 'node-version.js', 'README.md']) {
    cpSync(path.join(SDK, file), path.join(dir, file));
  }
  cpSync('examples/webhook-receiver.mjs', path.join(dir, 'examples', 'webhook-receiver.mjs'));
  const types = path.join(dir, 'types');
  const vendor = path.join(types, 'vendor');
  // Package → the folder of its declarations, and its index within it.
  const TYPE_PACKAGES = { zod: ['.', 'index.d.ts'], undici: ['types', 'index.d.ts'] } as const;
  for (const [name, [folder]] of Object.entries(TYPE_PACKAGES)) {
    const from = path.join('node_modules', name);
    cpSync(path.join(from, 'LICENSE'), path.join(vendor, name, 'LICENSE'));
    // Its module kind, which TypeScript reads its declarations by (undici's are CommonJS).
    const { type = 'commonjs' } = JSON.parse(
      readFileSync(path.join(from, 'package.json'), 'utf8'),
    ) as { type?: string };
    writeFileSync(path.join(vendor, name, 'package.json'), `${JSON.stringify({ type })}\n`);
    for (const entry of readdirSync(path.join(from, folder), {
      recursive: true,
      withFileTypes: true,
    })) {
      const file = path.join(entry.parentPath, entry.name);
      const relative = path.relative(from, file);
      if (!entry.isFile() || !entry.name.endsWith('.d.ts') || relative.startsWith(`src${path.sep}`))
        continue;
      cpSync(file, path.join(vendor, name, relative));
    }
  }
  for (const entry of readdirSync(types, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !file.endsWith('.d.ts') || file.startsWith(vendor + path.sep)) continue;
    const text = readFileSync(file, 'utf8').replace(/from '(zod|undici)'/g, (_, name: string) => {
      const [folder, index] = TYPE_PACKAGES[name as keyof typeof TYPE_PACKAGES];
      const target = path.relative(entry.parentPath, path.join(vendor, name, folder, index));
      const url = target
        .split(path.sep)
        .join('/')
        .replace(/\.d\.ts$/, '.js');
      return `from '${url.startsWith('.') ? url : `./${url}`}'`;
    });
    writeFileSync(file, text);
  }
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
    // rebuild in a clean clone once built chunks from it that differ from a fresh build.
    '--no-cache',
    ...extraArgs,
    '--quiet',
  ]);
}
