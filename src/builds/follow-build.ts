// One build from now to its end: poll it (reading its log as it grows), print its log group,
// download its installer. What it learns replaces the build's result in its slot.
import path from 'node:path';
import * as core from '@actions/core';
import { isTerminal } from '../api/schemas.ts';
import type { BuildClient, BuildsPlan, RunDeps } from './run-builds.ts';
import { BuildLog } from './build-log.ts';
import type { Output } from './output.ts';
import type { Limiter } from './limit.ts';
import { logReads, settleLog } from './logs.ts';
import { pollBuild } from './poll.ts';
import { createProgressGate, statusLine } from './progress.ts';
import {
  labelOf,
  observed,
  withDownload,
  withLog,
  withProblem,
  type BuildResult,
  type Problem,
} from './result.ts';
import { messageOf } from '../errors.ts';

/** The one place a build's current result lives while it is followed. */
export interface Slot {
  get(): BuildResult;
  set(next: BuildResult): void;
}

export interface Follow {
  plan: BuildsPlan;
  deps: RunDeps;
  client: BuildClient;
  deadline: number;
  /** Aborted on cancellation or when the overall timeout passes. */
  stop: AbortSignal;
  downloads: Limiter;
  logReads: Limiter;
  /** A single build's log streams live; several go to files and print whole when each ends. */
  live: boolean;
  output: Output;
  logFile(buildId: string): string;
  /** Called after every poll: prints a progress line when one is due. */
  progress(): void;
  /** Another build of the run has the same platform and arch (resumed builds can). */
  sharesTarget(build: BuildResult): boolean;
}

/** A pause short enough to catch late log lines quickly, long enough not to hammer the service. */
export const logPauseMs = (pollIntervalMs: number): number =>
  Math.min(Math.max(pollIntervalMs / 2, 200), 2_000);

/** Why a wanted step did not happen: the step was cancelled or ran out of time. */
const stoppedBecause = (f: Follow): string =>
  f.deps.signal.aborted ? 'the step was cancelled' : 'the timeout passed';

export function openLog(build: BuildResult, f: Follow): BuildLog {
  const title = labelOf(build);
  return f.live
    ? BuildLog.live(`${title} · ${build.id}`, f.output)
    : BuildLog.toFile(title, f.output, f.logFile(build.id!));
}

export async function followBuild(slot: Slot, log: BuildLog | undefined, f: Follow): Promise<void> {
  const id = slot.get().id;
  if (id === null || log === undefined) return;
  const read = logReads(f.client, id, log, f.logReads, f.stop);
  if (!isTerminal(slot.get().status)) {
    const ended = await poll(slot, id, read, f);
    if (!ended) return;
  }
  try {
    await settleLog(read, log, {
      pauseMs: logPauseMs(f.plan.pollIntervalMs),
      sleep: f.deps.sleep,
      signal: f.stop,
    });
  } catch (error) {
    if (!f.stop.aborted) {
      core.warning(`${labelOf(slot.get())}: could not read the log of ${id}: ${messageOf(error)}`);
    }
  }
  await log.printGroup(slot.get().status);
  slot.set(withLog(slot.get(), log.digest()));
  if (slot.get().status === 'success' && f.plan.download) await download(slot, id, f);
}

/** Polls until the build ends (true), or the step stops waiting or loses it (false). */
async function poll(
  slot: Slot,
  id: string,
  read: () => Promise<void>,
  f: Follow,
): Promise<boolean> {
  const { deps } = f;
  const logDue = createProgressGate(deps.clock);
  try {
    const outcome = await pollBuild(f.client, id, {
      intervalMs: f.plan.pollIntervalMs,
      deadline: f.deadline,
      clock: deps.clock,
      sleep: deps.sleep,
      random: deps.random,
      signal: f.stop,
      onUpdate: async (latest) => {
        const previous = slot.get();
        slot.set(observed(previous, latest, deps.clock()));
        if (latest.status !== previous.status) core.info(statusLine(slot.get(), previous.status));
        // A running build's log is read live for one build, and for a progress line otherwise;
        // a read that fails now is made up for when the build ends.
        if (!isTerminal(latest.status) && (f.live || logDue())) await read().catch(() => {});
        f.progress();
      },
      onTransientError: (error, delayMs) =>
        core.info(
          `${labelOf(slot.get())}: reading ${id} failed (${error.message}); next try in ${delayMs} ms`,
        ),
    });
    return outcome.kind === 'ended';
  } catch (error) {
    // One build the service stops answering for must not take the others down with it.
    if (f.stop.aborted) return false;
    const problem: Problem = {
      stage: 'follow',
      message: `could not follow the build: ${messageOf(error)}`,
    };
    slot.set(withProblem(slot.get(), problem));
    core.warning(`${labelOf(slot.get())}: ${problem.message}`, {
      title: `${labelOf(slot.get())} lost`,
    });
    return false;
  }
}

async function download(slot: Slot, id: string, f: Follow): Promise<void> {
  const { plan } = f;
  const build = slot.get();
  const label = labelOf(build);
  const fail = (message: string) => {
    slot.set(withProblem(slot.get(), { stage: 'download', message }));
    core.warning(`${label}: ${message}`, { title: `${label} download failed` });
  };
  if (f.stop.aborted) return fail(`not downloaded: ${stoppedBecause(f)}`);
  await f.downloads(async () => {
    if (f.stop.aborted) return fail(`not downloaded: ${stoppedBecause(f)}`);
    // Resumed builds can share a target, and then usually a file name: keep them apart.
    const folder = `${build.platform}-${build.arch}${f.sharesTarget(build) ? `-${id}` : ''}`;
    const directory = path.join(plan.download!.directory, folder);
    core.info(`${label}: downloading ${id} into ${directory}`);
    try {
      const file = await f.client.downloadArtifact(id, {
        directory,
        expectedSize: build.artifactSize,
        signal: f.stop,
        onWarning: (message) => core.warning(message, { title: `${label}: artifact size differs` }),
      });
      const downloaded = {
        path: path.resolve(file.path),
        fileName: file.fileName,
        size: file.size,
        sha256: file.sha256,
      };
      slot.set(withDownload(slot.get(), downloaded));
      core.info(
        `${label}: downloaded ${downloaded.path} (${file.size} bytes, sha256 ${file.sha256})`,
      );
    } catch (error) {
      fail(
        f.stop.aborted
          ? `download stopped: ${stoppedBecause(f)}`
          : `download failed: ${messageOf(error)}`,
      );
    }
  });
}
