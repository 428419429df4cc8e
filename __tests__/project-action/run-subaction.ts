// Runs a sub-action the way the runner does: `runs.main` of `<action>/action.yml` resolved against
// the action's folder, inputs as INPUT_<NAME> (upper case, hyphens kept) with action.yml defaults
// filled in, outputs read back from the GITHUB_OUTPUT file.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

const repo = path.resolve(import.meta.dirname, '../..');
const node = path.join(repo, 'node_modules/.bin/node');

interface ActionMetadata {
  inputs?: Record<string, { default?: string }>;
  runs: { main: string };
}

export interface SubactionRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** The `::error::` messages, decoded. */
  errors: string[];
}

export async function runSubaction(
  action: 'project' | 'webhook',
  inputs: Record<string, string>,
  /** `env`: variables over the runner's own, e.g. a GITHUB_OUTPUT that is not there. */
  options: { workspace?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<SubactionRun> {
  const actionDir = path.join(repo, action);
  const metadata = parse(
    await readFile(path.join(actionDir, 'action.yml'), 'utf8'),
  ) as ActionMetadata;
  const entry = path.resolve(actionDir, metadata.runs.main);
  if (!existsSync(entry)) {
    throw new Error(`${path.relative(repo, entry)} is missing: run \`npm run bundle\` first`);
  }
  const unknown = Object.keys(inputs).filter((name) => !(name in (metadata.inputs ?? {})));
  if (unknown.length > 0)
    throw new Error(`${action}/action.yml has no input ${unknown.join(', ')}`);

  const temp = await mkdtemp(path.join(os.tmpdir(), `${action}-action-`));
  const outputFile = path.join(temp, 'output');
  await writeFile(outputFile, '');
  const workspace = options.workspace ?? temp;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: outputFile,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: temp,
    ...options.env,
  };
  for (const [name, spec] of Object.entries(metadata.inputs ?? {})) {
    const value = inputs[name] ?? spec.default;
    if (value !== undefined) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  }
  try {
    const child = spawn(node, [entry], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    return {
      exitCode,
      stdout,
      stderr,
      outputs: parseOutputs(await readFile(outputFile, 'utf8')),
      errors: [...stdout.matchAll(/^::error(?: [^:]*)?::(.*)$/gm)].map((m) => decode(m[1] ?? '')),
    };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** `name<<DELIMITER\nvalue\nDELIMITER\n`, as @actions/core writes it. */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const pattern = /^(.+?)<<(.+)\n([\s\S]*?)\n?\2$/gm;
  for (const [, name = '', , value = ''] of text.matchAll(pattern)) outputs[name] = value;
  return outputs;
}

const decode = (message: string): string =>
  message.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
