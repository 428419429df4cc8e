// `npm run local-action [env file]`: runs src/main.ts (no bundle) under @github/local-action with
// the env file (default .env.example) as the step's environment, from a fresh clone as well. It
// creates the runner paths the file names, starts the emulator (`npm run emulator`) when nothing
// answers at the file's loopback base URL, says both, and exits with the action's status.
// local-action's own command prints a stack trace when the action fails, so this starts what that
// command starts (tsx on its src/index.ts) and reports the status itself.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const LOCAL_ACTION = path.join(ROOT, 'node_modules/@github/local-action');
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const say = (line: string) => console.log(`local-action: ${line}`);

/** KEY=VALUE lines, as dotenv reads them (comments and blank lines skipped, quotes removed). */
function parseEnvFile(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*([^#=\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(raw);
    if (match) entries.set(match[1]!, match[2]!.replace(/^(['"])(.*)\1$/, '$2'));
  }
  return entries;
}

/** Creates RUNNER_TEMP and the GITHUB_STEP_SUMMARY file when missing; one line for each made. */
function prepareRunnerPaths(env: Map<string, string>): void {
  const runnerTemp = env.get('RUNNER_TEMP');
  if (runnerTemp && !existsSync(runnerTemp)) {
    mkdirSync(runnerTemp, { recursive: true });
    say(`created ${runnerTemp}/ (RUNNER_TEMP)`);
  }
  const summary = env.get('GITHUB_STEP_SUMMARY');
  if (summary && !existsSync(summary)) {
    mkdirSync(path.dirname(summary), { recursive: true });
    writeFileSync(summary, '');
    say(`created ${summary} (GITHUB_STEP_SUMMARY)`);
  }
}

/** Whether something accepts a TCP connection at host:port within a second. */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** The emulator CLI on that host and port; resolves once it says it serves. */
function startEmulator(host: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['emulator/cli.ts', '--host', host, '--port', String(port)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let printed = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      if (/^base URL: /m.test(printed)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}): ${printed}`)));
  });
}

/** Starts the emulator when the base URL is a loopback http one that nothing answers at. */
async function emulatorFor(baseUrl: string | undefined): Promise<ChildProcess | undefined> {
  if (baseUrl === undefined || !URL.canParse(baseUrl)) return undefined;
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 80);
  if (await answers(host, port)) {
    say(`${baseUrl} answers: this run uses it`);
    return undefined;
  }
  const emulator = await startEmulator(host, port);
  say(`nothing answered at ${baseUrl}, so this run started the emulator there`);
  return emulator;
}

/** What local-action's command runs: tsx on its src/index.ts. Resolves to the exit code. */
function runLocalAction(envFile: string): Promise<number> {
  const tsx = createRequire(path.join(LOCAL_ACTION, 'package.json')).resolve('tsx/cli');
  const child = spawn(
    process.execPath,
    [tsx, path.join(LOCAL_ACTION, 'src/index.ts'), '.', 'src/main.ts', envFile],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        TARGET_ACTION_PATH: ROOT,
        NODE_PACKAGE_MANAGER: 'npm',
        NODE_NO_WARNINGS: '1',
      },
    },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
}

/** Files under `dir` written since `since` (epoch ms): this run's installers, not an earlier one's. */
const filesWrittenUnder = (dir: string, since: number): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => {
        const stat = statSync(path.join(dir, name));
        return stat.isFile() && stat.mtimeMs >= since;
      })
    : [];

async function main(): Promise<number> {
  // npm runs scripts in the project's root; a file named on the command line is where the user was.
  const given = process.argv[2];
  const envFile = given
    ? path.resolve(process.env.INIT_CWD ?? '.', given)
    : path.join(ROOT, '.env.example');
  if (!existsSync(envFile)) {
    console.error(`local-action: no env file ${given} (copy .env.example to .env and edit it)`);
    return 2;
  }
  const env = parseEnvFile(readFileSync(envFile, 'utf8'));
  process.chdir(ROOT);
  prepareRunnerPaths(env);
  const emulator = await emulatorFor(env.get('INPUT_BASE-URL'));
  try {
    const started = Date.now();
    const code = await runLocalAction(envFile);
    say(
      code === 0
        ? 'the action succeeded'
        : `the action failed (exit code ${code}): its ::error:: lines above say why`,
    );
    const downloads = path.join(
      env.get('GITHUB_WORKSPACE') ?? '.',
      env.get('INPUT_DOWNLOAD-PATH') ?? 'desktop-builds',
    );
    const written = filesWrittenUnder(downloads, started).length;
    say(`installers: ${written} file(s) written under ${downloads}`);
    const summary = env.get('GITHUB_STEP_SUMMARY');
    if (summary) say(`job summary: ${summary}`);
    return code;
  } finally {
    if (emulator) {
      const exited = new Promise((resolve) => emulator.once('exit', resolve));
      emulator.kill('SIGTERM');
      await exited;
    }
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`local-action: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
