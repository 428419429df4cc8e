// The orchestration: start the builds, follow each one concurrently, print its log group when
// it ends, download what succeeded. Everything it learns lands in `state`, which the caller can
// report from at any moment (timeout, cancellation).
import path from 'node:path';
import * as core from '@actions/core';
import type { DownloadedArtifact, DownloadOptions } from '../api/download.ts';
import { isTerminal, type Project } from '../api/schemas.ts';
import type { Plan } from '../inputs.ts';
import type { Clock, Sleep } from '../api/retry.ts';
import { createLimiter, type Limiter } from './limit.ts';
import { formatLogGroup, newStopToken, readSettledLogs, type LogReader } from './logs.ts';
import { buildMatrix } from './matrix.ts';
import { pollBuild, type BuildReader, type PollOutcome } from './poll.ts';
import { createProgressGate, progressLine, statusLine } from './progress.ts';
import { resumeBuilds, startBuilds, updateBuild, type BuildStarter } from './start-builds.ts';
import { labelOf, type TrackedBuild } from './types.ts';

export interface BuildClient extends BuildReader, LogReader, BuildStarter {
  getProject(projectId: string, o?: { signal?: AbortSignal }): Promise<Project>;
  downloadArtifact(buildId: string, o: DownloadOptions): Promise<DownloadedArtifact>;
}

export interface RunDeps {
  client: BuildClient;
  clock: Clock;
  sleep: Sleep;
  random?: () => number;
  /** Aborted on SIGINT/SIGTERM. */
  signal: AbortSignal;
  /** Called once the builds exist, before waiting: the caller writes outputs right away. */
  onBuildsKnown(builds: readonly TrackedBuild[]): void;
}

export interface RunState {
  builds: TrackedBuild[];
  /** Set when the overall timeout ended the wait. */
  timedOut: boolean;
}

export const newRunState = (): RunState => ({ builds: [], timedOut: false });

/** A pause short enough to catch late log lines quickly, long enough not to hammer the service. */
export const logPauseMs = (pollIntervalMs: number): number =>
  Math.min(Math.max(pollIntervalMs / 2, 200), 2_000);

async function startOrResume(plan: Plan, deps: RunDeps, signal: AbortSignal) {
  if (plan.buildIds.length > 0) {
    return resumeBuilds(deps.client, plan.projectId, plan.buildIds, deps.clock, signal);
  }
  const platforms =
    plan.platforms ?? (await deps.client.getProject(plan.projectId, { signal })).platforms;
  if (platforms.length === 0) {
    throw new Error(`Project ${plan.projectId} has no platforms; set the platforms input`);
  }
  return startBuilds(
    deps.client,
    {
      projectId: plan.projectId,
      // parseInputs guarantees a version whenever there are no build-ids.
      version: plan.version ?? '',
      targets: buildMatrix(platforms, plan.arches),
      reuse: plan.reuseBuilds,
      signal,
    },
    deps.clock,
  );
}

async function download(build: TrackedBuild, id: string, f: Follow): Promise<void> {
  const { plan, deps } = f;
  // Resumed builds can share a target, and then usually a file name: keep them apart.
  const sharesTarget = f.state.builds.some(
    (other) => other !== build && other.platform === build.platform && other.arch === build.arch,
  );
  const folder = `${build.platform}-${build.arch}${sharesTarget ? `-${id}` : ''}`;
  const directory = path.join(plan.downloadPath, folder);
  core.info(`${labelOf(build)}: downloading ${id} into ${directory}`);
  try {
    const file = await deps.client.downloadArtifact(id, {
      directory,
      expectedSize: build.artifactSize,
      signal: f.stop,
      onWarning: (message) =>
        core.warning(message, { title: `${labelOf(build)}: artifact size differs` }),
    });
    build.download = {
      path: path.resolve(file.path),
      fileName: file.fileName,
      size: file.size,
      sha256: file.sha256,
    };
    core.info(
      `${labelOf(build)}: downloaded ${build.download.path} (${file.size} bytes, sha256 ${file.sha256})`,
    );
  } catch (error) {
    if (deps.signal.aborted) return;
    build.error = f.stop.aborted
      ? 'download stopped: the timeout passed'
      : `download failed: ${(error as Error).message}`;
    core.warning(`${labelOf(build)}: ${build.error}`, {
      title: `${labelOf(build)} download failed`,
    });
  }
}

interface Follow {
  plan: Plan;
  deps: RunDeps;
  state: RunState;
  deadline: number;
  /** Aborted on cancellation or when the overall timeout passes. */
  stop: AbortSignal;
  limiter: Limiter;
  progressDue: () => boolean;
}

/** One build from now to its end: poll, print its log group, download. */
async function followBuild(build: TrackedBuild, f: Follow): Promise<void> {
  const { deps, plan } = f;
  if (build.id === null) return;
  const id = build.id;
  if (!isTerminal(build.status)) {
    let outcome: PollOutcome;
    try {
      outcome = await pollBuild(deps.client, id, {
        intervalMs: plan.pollIntervalMs,
        deadline: f.deadline,
        clock: deps.clock,
        sleep: deps.sleep,
        random: deps.random,
        signal: f.stop,
        onUpdate: (latest) => {
          const previous = build.status;
          updateBuild(build, latest, deps.clock());
          if (build.status !== previous) core.info(statusLine(build, previous));
          if (f.progressDue()) core.info(progressLine(f.state.builds, deps.clock()));
        },
        onTransientError: (error, delayMs) =>
          core.info(
            `${labelOf(build)}: reading ${id} failed (${error.message}); next try in ${delayMs} ms`,
          ),
      });
    } catch (error) {
      // One build the service stops answering for must not take the others down with it.
      if (f.stop.aborted) return;
      build.error = `could not follow the build: ${(error as Error).message}`;
      core.warning(`${labelOf(build)}: ${build.error}`, { title: `${labelOf(build)} lost` });
      return;
    }
    if (outcome.kind !== 'ended') return;
  }
  try {
    build.logs = await readSettledLogs(deps.client, id, {
      pauseMs: logPauseMs(plan.pollIntervalMs),
      sleep: deps.sleep,
      signal: f.stop,
    });
  } catch (error) {
    if (f.stop.aborted) return;
    core.warning(`${labelOf(build)}: could not read the log of ${id}: ${(error as Error).message}`);
  }
  // Printed in one synchronous run, so no other build's output can land inside the group.
  for (const line of formatLogGroup(build, build.logs ?? [], newStopToken())) core.info(line);
  if (build.status === 'success' && plan.download && !f.stop.aborted) {
    await f.limiter(() => download(build, id, f));
  }
}

export async function runBuilds(plan: Plan, deps: RunDeps, state: RunState): Promise<void> {
  const deadline = deps.clock() + plan.timeoutMs;
  const stop = AbortSignal.any([deps.signal, AbortSignal.timeout(plan.timeoutMs)]);
  state.builds = await startOrResume(plan, deps, stop);
  deps.onBuildsKnown(state.builds);
  if (!plan.wait) return;
  const follow: Follow = {
    plan,
    deps,
    state,
    deadline,
    stop,
    limiter: createLimiter(plan.downloadConcurrency),
    progressDue: createProgressGate(deps.clock),
  };
  await Promise.all(state.builds.map((build) => followBuild(build, follow)));
  state.timedOut =
    !deps.signal.aborted &&
    (stop.aborted || state.builds.some((build) => build.id !== null && !isTerminal(build.status)));
}
