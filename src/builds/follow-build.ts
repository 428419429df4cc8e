// One build from now to its end: poll it (reading its log as it grows), print its log group,
// download its installer. What it learns replaces the build's result in its slot. Every line that
// carries something the service said goes through commandText: one inert line each.
import path from 'node:path';
import * as core from '@actions/core';
import { pathInside } from '../api/file-name.ts';
import { isTerminal } from '../api/schemas.ts';
import { commandText } from '../escape.ts';
import type { BuildClient, BuildsPlan, RunDeps } from './run-builds.ts';
import { BuildLog } from './build-log.ts';
import type { Output } from './output.ts';
import type { Limiter, Turns } from './limit.ts';
import { logReads, readLogToEnd, type LogReads } from './logs.ts';
import { pollBuild } from './poll.ts';
import { createProgressGate, formatElapsed, statusLine } from './progress.ts';
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
  /** The turns every build's log reads take (see logReads). */
  logTurns: Turns;
  /** How long a finished build's log may take to settle before its download goes ahead anyway. */
  settleLogMs: number;
  /** A single build's log streams live; several go to files and print whole when each ends. */
  live: boolean;
  output: Output;
  /** The file of the build at this index of the run: named by the action, never by the service. */
  logFile(index: number): string;
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

/** `mac/x64: <what>`, one inert line. */
const lineAbout = (build: BuildResult, text: string, maxChars?: number): string =>
  commandText(`${labelOf(build)}: ${text}`, maxChars);

export function openLog(build: BuildResult, index: number, f: Follow): BuildLog {
  const title = labelOf(build);
  // Said once; the lines already shown stay, and none is shown twice.
  const onDisorder = (reason: string) =>
    core.warning(
      lineAbout(build, `the log of ${build.id} ${reason}; no more of it is shown`, 500),
      { title: commandText(`${title}: log out of order`) },
    );
  return f.live
    ? BuildLog.live(`${title} · ${build.id}`, f.output, f.logFile(index), onDisorder)
    : BuildLog.toFile(title, f.output, f.logFile(index), onDisorder);
}

/** A problem the action found in what the service said of a build it follows. */
function warnFollowProblem(build: BuildResult): void {
  if (build.problem?.stage !== 'follow') return;
  core.warning(lineAbout(build, build.problem.message, 500), {
    title: commandText(`${labelOf(build)}: the service contradicts itself`),
  });
}

export async function followBuild(slot: Slot, log: BuildLog | undefined, f: Follow): Promise<void> {
  const id = slot.get().id;
  if (id === null || log === undefined) return;
  warnFollowProblem(slot.get());
  // Ends this build's log reads, one under way included: when its log takes too long to settle,
  // and when the build is done with.
  const giveUp = new AbortController();
  const reads = logReads(f.client, id, log, f.logTurns, AbortSignal.any([f.stop, giveUp.signal]));
  try {
    if (!isTerminal(slot.get().status)) {
      const ended = await poll(slot, id, reads, f);
      if (!ended) return;
    }
    await settle(slot, id, log, reads, giveUp, f);
    await log.printGroup(slot.get().status);
    slot.set(withLog(slot.get(), log.digest()));
    const build = slot.get();
    // A build with a problem (say, the service reports another target) is not this target's.
    if (build.status === 'success' && build.problem === undefined && f.plan.download) {
      await download(slot, id, f);
    }
  } finally {
    giveUp.abort();
  }
}

/**
 * Reads the finished build's log until it stops growing, within `settleLogMs`: a read that fails,
 * or a log that will not settle, costs the rest of the log and never the download.
 */
async function settle(
  slot: Slot,
  id: string,
  log: BuildLog,
  reads: LogReads,
  giveUp: AbortController,
  f: Follow,
): Promise<void> {
  const timer = setTimeout(() => giveUp.abort(), f.settleLogMs);
  let failure: string | undefined;
  try {
    await readLogToEnd(reads.read, log, {
      pauseMs: logPauseMs(f.plan.pollIntervalMs),
      sleep: f.deps.sleep,
      signal: AbortSignal.any([f.stop, giveUp.signal]),
    });
  } catch (error) {
    failure = messageOf(error);
  } finally {
    clearTimeout(timer);
  }
  if (f.stop.aborted) return;
  if (giveUp.signal.aborted) failure = `no end within ${formatElapsed(f.settleLogMs)}`;
  if (failure !== undefined) {
    core.warning(lineAbout(slot.get(), `could not read the log of ${id}: ${failure}`, 500));
  }
}

/** Polls until the build ends (true), or the step stops waiting or loses it (false). */
async function poll(slot: Slot, id: string, reads: LogReads, f: Follow): Promise<boolean> {
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
      onUpdate: (latest) => {
        const previous = slot.get();
        slot.set(observed(previous, latest, deps.clock()));
        if (latest.status !== previous.status) core.info(statusLine(slot.get(), previous.status));
        if (previous.problem === undefined) warnFollowProblem(slot.get());
        // A running build's log is read live for one build, and for a progress line otherwise,
        // without holding the polling up; a read that fails now is made up for when it ends.
        if (!isTerminal(latest.status) && (f.live || logDue())) reads.poke();
        f.progress();
      },
      onTransientError: (error, delayMs) =>
        core.info(
          lineAbout(
            slot.get(),
            `reading ${id} failed (${error.message}); next try in ${delayMs} ms`,
            500,
          ),
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
    core.warning(lineAbout(slot.get(), problem.message, 500), {
      title: `${labelOf(slot.get())} lost`,
    });
    return false;
  }
}

/**
 * The folder inside `within` that a build's installer goes to, named by its target (and its id when
 * resumed builds share the target, and then usually a file name); undefined if the name would lead
 * out of `within`.
 */
export function downloadFolder(
  within: string,
  build: BuildResult,
  sharesTarget: boolean,
): string | undefined {
  const folder = `${build.platform}-${build.arch}${sharesTarget ? `-${build.id}` : ''}`;
  return pathInside(within, folder);
}

async function download(slot: Slot, id: string, f: Follow): Promise<void> {
  const within = f.plan.download!.directory;
  const build = slot.get();
  const label = labelOf(build);
  const fail = (message: string) => {
    slot.set(withProblem(slot.get(), { stage: 'download', message }));
    core.warning(lineAbout(build, message, 500), { title: `${label} download failed` });
  };
  if (f.stop.aborted) return fail(`not downloaded: ${stoppedBecause(f)}`);
  const directory = downloadFolder(within, build, f.sharesTarget(build));
  if (directory === undefined) {
    return fail(`not downloaded: the build id ${id} cannot name a folder inside ${within}`);
  }
  await f.downloads(async () => {
    if (f.stop.aborted) return fail(`not downloaded: ${stoppedBecause(f)}`);
    core.info(lineAbout(build, `downloading ${id} into ${directory}`, 1_000));
    const start = f.deps.clock();
    try {
      const file = await f.client.downloadArtifact(id, {
        directory,
        within,
        expectedSize: build.artifactSize,
        signal: f.stop,
        onWarning: (message) =>
          core.warning(commandText(message, 500), { title: `${label}: artifact size differs` }),
      });
      const downloaded = {
        path: path.resolve(file.path),
        fileName: file.fileName,
        size: file.size,
        sha256: file.sha256,
        span: { start, end: f.deps.clock() },
      };
      slot.set(withDownload(slot.get(), downloaded));
      core.info(
        lineAbout(
          build,
          `downloaded ${downloaded.path} (${file.size} bytes, sha256 ${file.sha256})`,
          1_000,
        ),
      );
    } catch (error) {
      fail(
        f.stop.aborted
          ? `download stopped: ${stoppedBecause(f)}`
          : `download failed: ${messageOf(error)}`,
      );
    }
  });
  if (slot.get().download !== undefined) f.deps.onDownloaded?.(slot.get());
}
