// Shared by the orchestrator tests: a plan built through the real input parser, a client with
// shrunk retry delays, what a runner would make of the step's log, and a build as listed.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BuildServiceClient } from '../../src/service/client.ts';
import { systemClock, systemSleep } from '../../src/http/retry.ts';
import { resolveSelection } from '../../src/builds/matrix.ts';
import { runBuilds } from '../../src/builds/run-builds.ts';
import type { BuildClient, BuildsRun, RunDeps } from '../../src/builds/types.ts';
import { stepDeadline } from '../../src/runner/deadline.ts';
import type { BuildResult } from '../../src/builds/result.ts';
import type { BuildSummary } from '../../src/service/schemas.ts';
import type { Emulator } from '../../emulator/index.ts';
import { readContext } from '../../src/runner/context.ts';
import { INPUT_NAMES, parseInputs, type Inputs, type Plan } from '../../src/inputs.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';

export const PROJECT_ID = 'proj_demo';

export const seedProject = {
  id: PROJECT_ID,
  name: 'Demo',
  url: 'https://app.example.com',
  platforms: ['mac', 'windows', 'linux'] as ('mac' | 'windows' | 'linux')[],
};

export function planFor(emulator: Emulator, inputs: Partial<Inputs> = {}): Plan {
  const blank = Object.fromEntries(INPUT_NAMES.map((name) => [name, ''])) as Inputs;
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'builds-'));
  return parseInputs(
    {
      ...blank,
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': PROJECT_ID,
      version: '1.4.2',
      'poll-interval': '0.05',
      'download-path': 'desktop-builds',
      'upload-artifacts': 'false',
      release: 'false',
      ...inputs,
    },
    readContext({
      GITHUB_REF: 'refs/heads/main',
      GITHUB_REPOSITORY: 'acme/app',
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_WORKSPACE: workspace,
    }),
  );
}

export const clientFor = (emulator: Emulator): BuildServiceClient =>
  new BuildServiceClient({
    baseUrl: emulator.baseUrl,
    apiKey: emulator.apiKey,
    retry: { maxAttempts: 6, baseDelayMs: 10, maxDelayMs: 50, maxElapsedMs: 5_000 },
  });

/**
 * The workflow commands a runner would execute from these lines: it ignores every `::` line
 * between `::stop-commands::<token>` and `::<token>::`.
 */
export function executedCommands(lines: readonly string[]): string[] {
  const commands: string[] = [];
  let stopToken: string | null = null;
  for (const line of lines) {
    if (stopToken !== null) {
      if (line === `::${stopToken}::`) stopToken = null;
      continue;
    }
    const stop = /^::stop-commands::(.+)$/.exec(line);
    if (stop) stopToken = stop[1] ?? null;
    else if (line.startsWith('::')) commands.push(line);
  }
  return commands;
}

/** The lines of each `::group::` title, as the runner folds them. */
export function groups(lines: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of lines) {
    const open = /^::group::(.*)$/.exec(line);
    if (open) {
      current = [];
      found.set(open[1] ?? '', current);
    } else if (line === '::endgroup::') current = null;
    else if (current) current.push(line);
  }
  return found;
}

export interface RunOutcome {
  state: BuildsRun;
  /** Every line the run printed. */
  lines: string[];
  /** What the subscribers heard when the builds were known. */
  known: BuildResult[][];
}

/** Runs the orchestrator for real (system clock and sleep), capturing what it prints. */
export async function runCaptured(
  client: BuildClient,
  plan: Plan,
  signal = new AbortController().signal,
  deps: Pick<RunDeps, 'triggerGraceMs' | 'logEndWithinMs' | 'logTurnMs' | 'tempDir'> = {},
): Promise<RunOutcome> {
  const known: BuildResult[][] = [];
  const printed = captureStepLog();
  try {
    const projectId = plan.project.projectId ?? '';
    const selection = await resolveSelection(plan.builds.selection, projectId, client, signal);
    const state = await runBuilds(
      { ...plan.builds, selection, projectId },
      {
        client,
        clock: systemClock,
        sleep: systemSleep,
        deadline: stepDeadline(signal, plan.builds.timeoutMs),
        subscribers: [{ buildsKnown: (builds) => known.push([...builds]) }],
        ...deps,
      },
    );
    return { state, lines: printed.lines(), known };
  } finally {
    printed.restore();
  }
}

/** A build as the service lists it: mac/x64 1.0.0, successful, unless `over` says otherwise. */
export const buildSummary = (over: Partial<BuildSummary>): BuildSummary => ({
  id: 'build_a',
  projectId: 'proj_1',
  version: '1.0.0',
  platform: 'mac',
  arch: 'x64',
  status: 'success',
  createdAt: '2026-01-01T00:00:00Z',
  completedAt: undefined,
  artifactUrl: undefined,
  ...over,
});
