// `npm run local-action` (scripts/local-action.ts: @github/local-action on src/main.ts with
// .env.example) as a contributor meets it in a fresh clone: no .tmp/, no emulator running. The
// checkout is a copy of the working tree's files with node_modules hard-linked (not a symbolic
// link: local-action stubs @actions/core by its path, which a link would change); its .env.example
// is the committed one with only the emulator's port moved to a free one, so runs never meet.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLI_API_KEY } from '../../emulator/cli-args.ts';
import { REPO_ROOT } from '../../test-kit/run-action.ts';

const ENV_EXAMPLE = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
const packageJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
// npm scripts put Node 24 first on the PATH; what local-action starts must find it too.
const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;

/** A port nothing listens on (free a moment ago). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The working tree's files git would commit, but dist/, as a clone has them, and node_modules. */
function freshCheckout(port: number): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'local-action-clone-')));
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  )
    .split('\0')
    .filter((file) => file !== '' && !file.startsWith('dist/'));
  for (const file of files) {
    if (existsSync(path.join(REPO_ROOT, file))) {
      cpSync(path.join(REPO_ROOT, file), path.join(dir, file));
    }
  }
  const modules = path.join(REPO_ROOT, 'node_modules');
  try {
    execFileSync('cp', ['-al', modules, path.join(dir, 'node_modules')]); // hard links: seconds
  } catch {
    // Another file system, or a cp without -l: a real copy.
    rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
    cpSync(modules, path.join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
  writeFileSync(
    path.join(dir, '.env.example'),
    ENV_EXAMPLE.replace('http://127.0.0.1:8080/v1', `http://127.0.0.1:${port}/v1`),
  );
  return dir;
}

/** `npm run local-action [env file]` in the checkout (the script npm would run). */
function runLocalAction(
  dir: string,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['scripts/local-action.ts', ...args], {
    cwd: dir,
    env: { ...process.env, PATH, INIT_CWD: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** The last `builds` output local-action printed (one JSON line). */
const buildsOutput = (output: string) =>
  JSON.parse([...output.matchAll(/^::set-output name=builds::(.*)$/gm)].at(-1)![1]!) as Array<{
    platform: string;
    arch: string;
    status: string;
    path: string;
    sha256: string;
  }>;

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('npm run local-action', () => {
  let port: number;
  let checkout: string;
  beforeAll(async () => {
    port = await freePort();
    checkout = freshCheckout(port);
  }, 60_000);
  afterAll(() => rmSync(checkout, { recursive: true, force: true }));

  it('is the documented command', () => {
    expect(packageJson.scripts['local-action']).toBe('node scripts/local-action.ts');
  });

  it('.env.example points at `npm run emulator` as it starts by default', () => {
    expect(ENV_EXAMPLE).toMatch(/^INPUT_BASE-URL=http:\/\/127\.0\.0\.1:8080\/v1$/m);
    expect(ENV_EXAMPLE).toMatch(new RegExp(`^INPUT_API-KEY=${DEFAULT_CLI_API_KEY}$`, 'm'));
    expect(ENV_EXAMPLE).toMatch(/^INPUT_PROJECT-ID=proj_demo$/m);
  });

  it('runs from a fresh clone: makes its paths, starts the emulator, six installers', async () => {
    expect(existsSync(path.join(checkout, '.tmp'))).toBe(false);
    const run = await runLocalAction(checkout);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(
      'local-action: created .tmp/local-action/ (RUNNER_TEMP)\n' +
        'local-action: created .tmp/local-action/step_summary.md (GITHUB_STEP_SUMMARY)\n' +
        `local-action: nothing answered at http://127.0.0.1:${port}/v1, so this run started ` +
        'the emulator there\n',
    );
    expect(run.output).not.toMatch(/^::error::/m);
    expect(run.output).toMatch(/│ 'status'\s+│ 'success'\s+│/);
    expect(run.output).toContain(
      'local-action: the action succeeded\n' +
        'local-action: installers: 6 file(s) written under .tmp/local-action/desktop-builds\n' +
        'local-action: job summary: .tmp/local-action/step_summary.md\n',
    );

    const builds = buildsOutput(run.output);
    expect(builds.map((b) => `${b.platform}/${b.arch}`).sort()).toEqual([
      'linux/arm64',
      'linux/x64',
      'mac/arm64',
      'mac/x64',
      'windows/arm64',
      'windows/x64',
    ]);
    for (const build of builds) {
      expect(build.status).toBe('success');
      expect(build.path.startsWith(path.join(checkout, '.tmp/local-action/desktop-builds'))).toBe(
        true,
      );
      expect(sha256(build.path)).toBe(build.sha256);
    }
    expect(readFileSync(path.join(checkout, '.tmp/local-action/step_summary.md'), 'utf8')).toMatch(
      /success/,
    );
  }, 120_000);

  it("exits with a failed action's status, without a stack trace", async () => {
    const envFile = path.join(checkout, '.env');
    writeFileSync(
      envFile,
      readFileSync(path.join(checkout, '.env.example'), 'utf8').replace(
        /^INPUT_API-KEY=.*$/m,
        'INPUT_API-KEY=dbs_wrong_key',
      ),
    );
    const run = await runLocalAction(checkout, ['.env']);
    expect(run.code, run.output).toBe(1);
    // The paths exist from the run before: nothing to create, nothing said.
    expect(run.output).not.toContain('local-action: created');
    expect(run.output).toMatch(/^::error::The service refused the API key \(HTTP 401 on /m);
    expect(run.output).toContain(
      'local-action: the action failed (exit code 1): its ::error:: lines above say why\n' +
        // The first run's six are still there; none is this run's.
        'local-action: installers: 0 file(s) written under .tmp/local-action/desktop-builds\n',
    );
    expect(run.output).not.toMatch(/^\s+at /m);
    expect(run.output).not.toContain('Command failed');
  }, 120_000);
});
