// Runs the bundled action as a GitHub runner does: `node dist/index.js` with every input of
// action.yml as `INPUT_<NAME>` (hyphens kept, defaults filled in), GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files, RUNNER_TEMP, GITHUB_WORKSPACE and GITHUB_REF; then reads back what
// the runner would: exit code, outputs, summary, log.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** What stands in for `${{ github.token }}` unless a run names another. */
export const DEFAULT_GITHUB_TOKEN = 'ghs_e2e_token';

/** Throws, saying how to build it, when `dist/index.js` is not there to run. */
export function assertBundleBuilt(): void {
  if (!existsSync(path.join(REPO_ROOT, 'dist/index.js'))) {
    throw new Error('dist/index.js is missing: run `npm run bundle` first');
  }
}

export interface ActionRunOptions {
  /** Inputs by their action.yml names; the rest get action.yml's defaults. */
  inputs: Record<string, string>;
  /** Extra or overriding environment (GITHUB_REF, GITHUB_RUN_ATTEMPT, ACTIONS_* …). */
  env?: Record<string, string>;
  /** Action directory holding action.yml; default the repository root (the main action). */
  actionDir?: string;
  /** Default: a fresh temporary directory. */
  workspace?: string;
  /** Stands in for `${{ github.token }}` in input defaults. */
  githubToken?: string;
  /** Kill the process after this long (SIGKILL). Default 60 s. */
  timeoutMs?: number;
  /** Sees the action's stdout as it comes (the demo streams it). */
  onStdout?: (chunk: string) => void;
  /**
   * A command to run the action under (e.g. `unshare` with a script that mounts something first);
   * it gets the node binary and the action's script as its last two arguments and must exec them.
   */
  launcher?: readonly string[];
}

export interface ActionRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Outputs as the runner reads them from GITHUB_OUTPUT (a later value wins). */
  outputs: Record<string, string>;
  summary: string;
  workspace: string;
  runnerTemp: string;
  /** Epoch ms just before the process was spawned. */
  spawnedAt: number;
}

/** The log as the runner shows it: its `::add-mask::` commands are read, never printed. */
export const shownLog = (run: Pick<ActionRun, 'stdout'>): string =>
  run.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');

export interface StartedAction {
  child: ChildProcess;
  result: Promise<ActionRun>;
}

interface ActionMetadata {
  inputs?: Record<string, { default?: string }>;
  runs: { main: string };
}

/** `name<<DELIMITER\nvalue\nDELIMITER` blocks (and plain `name=value` lines) → a map. */
export function parseCommandFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const end = lines.indexOf(delimiter!, i + 1);
      values[name!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      values[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return values;
}

export function startAction(options: ActionRunOptions): StartedAction {
  const actionDir = options.actionDir ?? REPO_ROOT;
  const metadata = parse(
    readFileSync(path.join(actionDir, 'action.yml'), 'utf8'),
  ) as ActionMetadata;
  const runnerTemp = mkdtempSync(path.join(os.tmpdir(), 'runner-temp-'));
  const workspace = options.workspace ?? mkdtempSync(path.join(os.tmpdir(), 'workspace-'));
  const outputFile = path.join(runnerTemp, 'github_output');
  const summaryFile = path.join(runnerTemp, 'step_summary');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');

  const inputEnv: Record<string, string> = {};
  for (const [name, input] of Object.entries(metadata.inputs ?? {})) {
    const fallback = (input.default ?? '').replace(
      /\$\{\{\s*github\.token\s*\}\}/g,
      options.githubToken ?? DEFAULT_GITHUB_TOKEN,
    );
    inputEnv[`INPUT_${name.toUpperCase()}`] = options.inputs[name] ?? fallback;
  }
  for (const name of Object.keys(options.inputs)) {
    if (!(name in (metadata.inputs ?? {}))) throw new Error(`action.yml has no input '${name}'`);
  }

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.homedir(),
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: workspace,
    GITHUB_REF: 'refs/tags/v1.4.2',
    GITHUB_REPOSITORY: 'acme/desktop-app',
    GITHUB_RUN_ID: '1',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_SERVER_URL: 'https://github.com',
    RUNNER_TEMP: runnerTemp,
    ...inputEnv,
    ...options.env,
  };
  const spawnedAt = Date.now();
  const [command, ...args] = [
    ...(options.launcher ?? []),
    process.execPath,
    path.join(actionDir, metadata.runs.main),
  ];
  const child = spawn(command!, args, {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout.push(chunk);
    options.onStdout?.(chunk.toString('utf8'));
  });
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
  const killer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);

  const result = new Promise<ActionRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(killer);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        outputs: parseCommandFile(readFileSync(outputFile, 'utf8')),
        summary: readFileSync(summaryFile, 'utf8'),
        workspace,
        runnerTemp,
        spawnedAt,
      });
    });
  });
  return { child, result };
}

export const runAction = (options: ActionRunOptions): Promise<ActionRun> =>
  startAction(options).result;
