// The orchestration: start the builds, follow each one concurrently, and give back one immutable
// result per build. Cancellation and the timeout end the waiting, never the results.
import { rmSync } from 'node:fs';
import path from 'node:path';
import * as core from '@actions/core';
import type { DownloadedArtifact, DownloadOptions } from '../api/download.ts';
import { makeTempDir } from '../temp-dir.ts';
import type { Arch, Platform, Project } from '../api/schemas.ts';
import type { Clock, Sleep } from '../api/retry.ts';
import { followBuild, openLog, type Follow, type Slot } from './follow-build.ts';
import { createLimiter, createTurns } from './limit.ts';
import { stdoutOutput, type Output } from './output.ts';
import type { LogReader } from './logs.ts';
import { buildMatrix } from './matrix.ts';
import { outcomeOf } from './outcome.ts';
import type { BuildReader } from './poll.ts';
import { createProgressGate, progressLine } from './progress.ts';
import type { BuildResult } from './result.ts';
import { resumeBuilds, startBuilds, type BuildStarter } from './start-builds.ts';

export interface BuildClient extends BuildReader, LogReader, BuildStarter {
  getProject(projectId: string, o?: { signal?: AbortSignal }): Promise<Project>;
  downloadArtifact(buildId: string, o: DownloadOptions): Promise<DownloadedArtifact>;
}

/** Which builds: new ones for a version (reusing finished ones when asked), or given ones. */
export type BuildSelection =
  | {
      kind: 'trigger';
      version: string;
      /** null: the project's own platforms (Get Project). */
      platforms: readonly Platform[] | null;
      arches: readonly Arch[];
      reuse: boolean;
    }
  | { kind: 'resume'; buildIds: readonly string[] };

/** What the builds need of the plan, and nothing else. */
export interface BuildsPlan {
  projectId: string;
  selection: BuildSelection;
  wait: boolean;
  pollIntervalMs: number;
  timeoutMs: number;
  /** null: do not download. */
  download: { directory: string; concurrency: number } | null;
}

export interface RunDeps {
  client: BuildClient;
  clock: Clock;
  sleep: Sleep;
  random?: () => number;
  /** Aborted on SIGINT/SIGTERM. */
  signal: AbortSignal;
  /** After a cancellation, triggers already sent get this long to answer, so their ids are known. */
  triggerGraceMs?: number;
  /** Where the builds' logs are printed; the process's stdout by default. */
  output?: Output;
  /** Where the builds' log files go until printed (RUNNER_TEMP); removed at the end. */
  tempDir?: string;
  /** How long a finished build's log may take to settle before its download goes ahead anyway. */
  settleLogMs?: number;
  /** How long one build's log read goes before the next build's may start beside it. */
  logTurnMs?: number;
  /** Called once the builds exist, before waiting: the caller writes outputs right away. */
  onBuildsKnown(builds: readonly BuildResult[]): void;
  /** Called whenever one build's result is replaced while they are followed. */
  onBuildsChanged?(builds: readonly BuildResult[]): void;
  /** Called as each build's installer is downloaded and verified, while the others go on. */
  onDownloaded?(build: BuildResult): void;
}

export interface BuildsRun {
  builds: readonly BuildResult[];
  /** The overall timeout ended the wait. */
  timedOut: boolean;
  /**
   * What failed the run without costing a build its place: a `build-ids` entry that could not be
   * resumed. One inert line each, naming the id; the step fails naming them.
   */
  errors: readonly string[];
}

// A log read still going after this long lets the next build's read start beside it.
const LOG_TURN_MS = 3_000;
const TRIGGER_GRACE_MS = 3_000;
/** Enough for a long log read twice, with room; a trickling logs endpoint gets no more. */
const SETTLE_LOG_MS = 120_000;

/** Aborts `ms` after `signal` does. */
function graceAfter(signal: AbortSignal, ms: number): AbortSignal {
  const grace = new AbortController();
  const start = () => setTimeout(() => grace.abort(signal.reason), ms).unref();
  if (signal.aborted) start();
  else signal.addEventListener('abort', start, { once: true });
  return grace.signal;
}

async function start(
  plan: BuildsPlan,
  deps: RunDeps,
  signal: AbortSignal,
): Promise<{ builds: BuildResult[]; errors: string[] }> {
  const { selection } = plan;
  if (selection.kind === 'resume') {
    return resumeBuilds(deps.client, plan.projectId, selection.buildIds, deps.clock, signal);
  }
  const platforms =
    selection.platforms ?? (await deps.client.getProject(plan.projectId, { signal })).platforms;
  if (platforms.length === 0) {
    throw new Error(`Project ${plan.projectId} has no platforms; set the platforms input`);
  }
  const builds = await startBuilds(
    deps.client,
    {
      projectId: plan.projectId,
      version: selection.version,
      targets: buildMatrix(platforms, selection.arches),
      reuse: selection.reuse,
      signal,
    },
    deps.clock,
  );
  return { builds, errors: [] };
}

export async function runBuilds(plan: BuildsPlan, deps: RunDeps): Promise<BuildsRun> {
  const timeout = AbortSignal.timeout(plan.timeoutMs);
  const deadline = deps.clock() + plan.timeoutMs;
  const stop = AbortSignal.any([deps.signal, timeout]);
  const triggerStop = AbortSignal.any([
    timeout,
    graceAfter(deps.signal, deps.triggerGraceMs ?? TRIGGER_GRACE_MS),
  ]);
  const { builds: results, errors } = await start(plan, deps, triggerStop);
  deps.onBuildsKnown(results);
  if (!plan.wait || stop.aborted) return { builds: results, timedOut: timeout.aborted, errors };

  const logDir = makeTempDir(deps.tempDir, 'desktop-build-logs-');
  const slots: Slot[] = results.map((_, index) => ({
    get: () => results[index]!,
    set: (next) => {
      results[index] = next;
      deps.onBuildsChanged?.(results);
    },
  }));
  const progressDue = createProgressGate(deps.clock);
  const follow: Follow = {
    plan,
    deps,
    client: deps.client,
    deadline,
    stop,
    downloads: createLimiter(plan.download?.concurrency ?? 1),
    logTurns: createTurns(deps.logTurnMs ?? LOG_TURN_MS),
    settleLogMs: deps.settleLogMs ?? SETTLE_LOG_MS,
    live: results.length === 1,
    output: deps.output ?? stdoutOutput,
    logFile: (index) => path.join(logDir, `${index}.log`),
    progress: () => {
      if (!progressDue()) return;
      core.info(
        progressLine(
          results.map((build, index) => ({ build, latest: logs[index]?.latest })),
          deps.clock(),
        ),
      );
    },
    sharesTarget: (build) =>
      results.some(
        (other) =>
          other.id !== build.id && other.platform === build.platform && other.arch === build.arch,
      ),
  };
  const logs = results.map((build, index) =>
    build.id === null ? undefined : openLog(build, index, follow),
  );
  try {
    await Promise.all(slots.map((slot, index) => followBuild(slot, logs[index], follow)));
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
  const timedOut =
    !deps.signal.aborted &&
    (timeout.aborted ||
      results.some((build) => outcomeOf(build) === 'unfinished' && build.id !== null));
  return { builds: [...results], timedOut, errors };
}
