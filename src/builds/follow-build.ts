// One build from now to its end: poll it (reading its log as it grows), print its log group,
// download its installer. What it learns replaces the build's result in its slot. Every line that
// carries something the service said goes through commandText: one inert line each.
import path from 'node:path';
import { stepLog } from '../runner/log.ts';
import { pathInside } from '../text/file-name.ts';
import { isTerminal } from '../service/schemas.ts';
import type { StepDeadline } from '../runner/deadline.ts';
import { messageOf } from '../shared/errors.ts';
import { commandText } from '../text/escape.ts';
import { BuildLog } from './build-log.ts';
import type { Limiter, Turns } from '../shared/limit.ts';
import { LOG_PAUSE_MAX_MS, LOG_PAUSE_MIN_MS } from '../shared/timing.ts';
import { LogReads, readLogToEnd } from './logs.ts';
import { pollBuild } from './poll.ts';
import { formatElapsed } from '../text/durations.ts';
import { createProgressGate, lineAbout, statusLine } from './progress.ts';
import {
  labelOf,
  observed,
  withDownload,
  withLog,
  withProblem,
  type BuildResult,
} from './result.ts';
import type { Clock, Sleep } from '../http/retry.ts';
import type { BuildClient } from './types.ts';

/** The one place a build's current result lives while it is followed. */
export interface Slot {
  get(): BuildResult;
  set(next: BuildResult): void;
}

/** What following a build needs; the same for every build of the run. */
export interface Follower {
  client: BuildClient;
  deadline: StepDeadline;
  time: { clock: Clock; sleep: Sleep };
  pollIntervalMs: number;
  /** A single build's log streams live, read at every poll; several print whole as each ends. */
  live: boolean;
  logReading: {
    /** The turns every build's log reads take (see LogReads). */
    turns: Turns;
    endWithinMs: number;
  };
  /** undefined: the installers are not downloaded. */
  downloads: Downloads | undefined;
}

export interface Downloads {
  /** The download-path: every build's folder is inside it. */
  within: string;
  limit: Limiter;
  /** The most bytes one installer may have (max-download-size). */
  maxBytes: number;
  /** Another build of the run has the same platform and arch (resumed builds can). */
  sharesTarget(build: BuildResult): boolean;
}

/** A pause short enough to catch late log lines quickly, long enough not to hammer the service. */
const logPauseMs = (pollIntervalMs: number): number =>
  Math.min(Math.max(pollIntervalMs / 2, LOG_PAUSE_MIN_MS), LOG_PAUSE_MAX_MS);

/**
 * The build's log, gathered in `file`: printed as it grows when `live`, else when the build ends.
 * `onSpoolFailure` is told when the file cannot be written (no file: none could be made).
 */
export function openLog(
  build: BuildResult,
  file: string | undefined,
  live: boolean,
  onSpoolFailure: (error: unknown) => void,
): BuildLog {
  const title = labelOf(build);
  // Said once; the lines already shown stay, and none is shown twice.
  const onDisorder = (reason: string) =>
    stepLog.warning(
      lineAbout(
        build,
        `the log of ${build.id} ${reason}; it is read again once the build ended, and its ` +
          'lines are shown then, in time order, each once',
        500,
      ),
      { title: commandText(`${title}: log out of order`) },
    );
  const events = { onDisorder, onSpoolFailure };
  return live
    ? BuildLog.live(`${title} · ${build.id}`, stepLog, file, events)
    : BuildLog.toFile(title, stepLog, file, events);
}

/** A problem the action found in what the service said of a build it follows. */
function warnFollowProblem(build: BuildResult): void {
  if (build.problem?.stage !== 'follow') return;
  stepLog.warning(lineAbout(build, build.problem.message, 500), {
    title: commandText(`${labelOf(build)}: the service contradicts itself`),
  });
}

export async function followBuild(
  slot: Slot,
  log: BuildLog | undefined,
  follower: Follower,
): Promise<void> {
  const id = slot.get().id;
  if (id === null || log === undefined) return;
  warnFollowProblem(slot.get());
  // Ends this build's log reads, one under way included: when its log takes too long to end, and
  // when the build is done with.
  const giveUp = new AbortController();
  const stop = AbortSignal.any([follower.deadline.signal, giveUp.signal]);
  const reads = new LogReads(follower.client, id, log, follower.logReading.turns, stop, (error) =>
    stepLog.info(
      lineAbout(
        slot.get(),
        `a live read of the log of ${id} failed (${messageOf(error)}); ` +
          'it is read again once the build ends',
        500,
      ),
    ),
  );
  try {
    if (!isTerminal(slot.get().status) && !(await poll(slot, id, reads, follower))) {
      // A read under way would print into the live group after the step went on to its report.
      giveUp.abort();
      await reads.settled();
      await log.closeUnfinished();
      return;
    }
    const failure = await readLogUntilDone(log, reads, giveUp, follower);
    if (failure !== undefined) {
      stepLog.warning(lineAbout(slot.get(), `could not read the log of ${id}: ${failure}`, 500));
    }
    await log.printGroup(slot.get().status);
    slot.set(withLog(slot.get(), await log.digest()));
    const build = slot.get();
    // A build with a problem (say, the service reports another target) is not this target's.
    if (build.status === 'success' && build.problem === undefined && follower.downloads) {
      await download(slot, id, follower.downloads, follower);
    }
  } finally {
    giveUp.abort();
  }
}

/**
 * Reads the finished build's log until it stops growing, within `endWithinMs`. Says why it could
 * not (a read failed, or the log would not end): that costs the rest of the log, never the download.
 */
async function readLogUntilDone(
  log: BuildLog,
  reads: LogReads,
  giveUp: AbortController,
  follower: Follower,
): Promise<string | undefined> {
  const { endWithinMs } = follower.logReading;
  const stopped = follower.deadline.signal;
  // On the run's own time, as every other wait of the build is.
  const timerOff = new AbortController();
  void follower.time.sleep(endWithinMs, timerOff.signal).then(
    () => giveUp.abort(),
    () => undefined,
  );
  let failure: string | undefined;
  try {
    await readLogToEnd(() => reads.read(), log, {
      pauseMs: logPauseMs(follower.pollIntervalMs),
      sleep: follower.time.sleep,
      signal: AbortSignal.any([stopped, giveUp.signal]),
    });
  } catch (error) {
    failure = messageOf(error);
  } finally {
    timerOff.abort();
  }
  if (stopped.aborted) return undefined;
  return giveUp.signal.aborted ? `no end within ${formatElapsed(endWithinMs)}` : failure;
}

/** Polls until the build ends (true), or the step stops waiting or loses it (false). */
async function poll(slot: Slot, id: string, reads: LogReads, follower: Follower): Promise<boolean> {
  const { time, deadline } = follower;
  const logDue = createProgressGate(time.clock);
  try {
    const outcome = await pollBuild(follower.client, id, {
      intervalMs: follower.pollIntervalMs,
      deadline: deadline.at,
      clock: time.clock,
      sleep: time.sleep,
      signal: deadline.signal,
      onUpdate: (latest) => {
        const previous = slot.get();
        slot.set(observed(previous, latest, time.clock()));
        if (latest.status !== previous.status)
          stepLog.info(statusLine(slot.get(), previous.status));
        if (previous.problem === undefined) warnFollowProblem(slot.get());
        // A running build's log is read live for one build, and for a progress line otherwise,
        // without holding the polling up; a read that fails now is made up for when it ends.
        if (!isTerminal(latest.status) && (follower.live || logDue())) reads.poke();
      },
      onTransientError: (error, delayMs) =>
        stepLog.info(
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
    if (deadline.signal.aborted) return false;
    const message = `could not follow the build: ${messageOf(error)}`;
    slot.set(withProblem(slot.get(), { stage: 'follow', message }));
    stepLog.warning(lineAbout(slot.get(), message, 500), { title: `${labelOf(slot.get())} lost` });
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

async function download(
  slot: Slot,
  id: string,
  { within, limit, maxBytes, sharesTarget }: Downloads,
  { client, deadline, time }: Follower,
): Promise<void> {
  const build = slot.get();
  const label = labelOf(build);
  const fail = (message: string) => {
    slot.set(withProblem(slot.get(), { stage: 'download', message }));
    stepLog.warning(lineAbout(build, message, 500), { title: `${label} download failed` });
  };
  const notDownloaded = () => fail(`not downloaded: ${deadline.because()}`);
  if (deadline.signal.aborted) return notDownloaded();
  const directory = downloadFolder(within, build, sharesTarget(build));
  if (directory === undefined) {
    return fail(`not downloaded: the build id ${id} cannot name a folder inside ${within}`);
  }
  await limit(async () => {
    if (deadline.signal.aborted) return notDownloaded();
    stepLog.info(lineAbout(build, `downloading ${id} into ${directory}`, 1_000));
    const start = time.clock();
    try {
      const file = await client.downloadArtifact(id, {
        directory,
        within,
        expectedSize: build.artifactSize,
        maxBytes,
        signal: deadline.signal,
      });
      const { fileName, size, sha256 } = file;
      const span = { start, end: time.clock() };
      const downloaded = { path: path.resolve(file.path), fileName, size, sha256, span };
      slot.set(withDownload(slot.get(), downloaded));
      stepLog.info(
        lineAbout(build, `downloaded ${downloaded.path} (${size} bytes, sha256 ${sha256})`, 1_000),
      );
    } catch (error) {
      fail(
        deadline.signal.aborted
          ? `download stopped: ${deadline.because()}`
          : `download failed: ${messageOf(error)}`,
      );
    }
  });
}
