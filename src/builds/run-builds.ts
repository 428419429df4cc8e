// The orchestration: start the builds, follow each one concurrently, and give back one immutable
// result per build, telling the subscribers of each change. Cancellation and the timeout end the
// waiting, never the results.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { stepLog } from '../runner/log.ts';
import { systemClock, systemSleep, type Clock } from '../http/retry.ts';
import { commandText } from '../text/escape.ts';
import { messageOf } from '../shared/errors.ts';
import { makeTempDir } from '../runner/temp-dir.ts';
import { followBuild, openLog, type Follower, type Slot } from './follow-build.ts';
import { createLimiter, createTurns } from '../shared/limit.ts';
import { LOG_END_WITHIN_MS, LOG_TURN_MS, TRIGGER_GRACE_MS } from '../shared/timing.ts';
import { buildMatrix } from './matrix.ts';
import { outcomeOf } from './outcome.ts';
import { createProgressGate, progressLine } from './progress.ts';
import type { BuildResult } from './result.ts';
import { resumeBuilds, startBuilds } from './start-builds.ts';
import type { BuildSubscriber, BuildsPlan, BuildsRun, RunDeps } from './types.ts';

async function start(
  plan: BuildsPlan,
  deps: RunDeps,
  clock: Clock,
): Promise<{ builds: BuildResult[]; errors: Error[] }> {
  const { selection, projectId } = plan;
  const { client } = deps;
  const signal = deps.deadline.withGrace({
    afterCancelMs: deps.triggerGraceMs ?? TRIGGER_GRACE_MS,
  });
  if (selection.kind === 'resume') {
    return resumeBuilds(client, projectId, selection.buildIds, clock, signal);
  }
  const targets = buildMatrix(selection.platforms, selection.arches);
  const { version, reuse } = selection;
  const builds = await startBuilds(client, { projectId, version, targets, reuse, signal }, clock);
  return { builds, errors: [] };
}

/**
 * Where the builds' logs are kept until printed: a folder under RUNNER_TEMP. When it cannot be made
 * or written (a full disk), that is said once for the run and costs the lines not kept, never a
 * build: the builds are still followed, downloaded and reported.
 */
class LogFolder {
  readonly #tempDir: string | undefined;
  /** undefined: none could be made; the logs keep no lines. */
  readonly #folder: string | undefined;
  #warned = false;

  constructor(tempDir: string | undefined) {
    this.#tempDir = tempDir;
    try {
      this.#folder = makeTempDir(tempDir, 'desktop-build-logs-');
    } catch (error) {
      this.failed(error);
    }
  }

  /** A log's file in the folder; undefined without a folder. */
  file(index: number): string | undefined {
    return this.#folder === undefined ? undefined : path.join(this.#folder, `${index}.log`);
  }

  /** A log's file could not be written: said once for the run. */
  failed(error: unknown): void {
    if (this.#warned) return;
    this.#warned = true;
    stepLog.warning(
      commandText(
        `The build logs could not be kept under RUNNER_TEMP (${this.#tempDir ?? 'not set'}): ` +
          `${messageOf(error)}. Their lines written so far are shown, the rest ` +
          'are lost; the builds are still followed, downloaded and reported. Free space on the ' +
          "runner's disk to see whole logs.",
        1_000,
      ),
      { title: 'Build logs not kept' },
    );
  }

  remove(): void {
    if (this.#folder !== undefined) rmSync(this.#folder, { recursive: true, force: true });
  }
}

/** A progress line as the builds change, when one is due. */
function progressReporter(
  clock: Clock,
  latestLine: (index: number) => string | undefined,
): BuildSubscriber {
  const due = createProgressGate(clock);
  return {
    buildsChanged(builds) {
      if (!due()) return;
      const watched = builds.map((build, index) => ({ build, latest: latestLine(index) }));
      stepLog.info(progressLine(watched, clock()));
    },
  };
}

/** The slot of each build: replacing its result tells every subscriber. */
function slotsOf(
  results: BuildResult[],
  projectId: string,
  subscribers: readonly BuildSubscriber[],
): Slot[] {
  return results.map((_, index) => ({
    get: () => results[index]!,
    set: (next) => {
      const downloaded = next.download !== undefined && results[index]!.download === undefined;
      results[index] = next;
      const now = [...results];
      for (const subscriber of subscribers) subscriber.buildsChanged?.(now, projectId);
      if (downloaded) for (const subscriber of subscribers) subscriber.buildDownloaded?.(next);
    },
  }));
}

export async function runBuilds(plan: BuildsPlan, deps: RunDeps): Promise<BuildsRun> {
  const { deadline, subscribers } = deps;
  const clock = deps.clock ?? systemClock;
  const { builds: results, errors } = await start(plan, deps, clock);
  for (const subscriber of subscribers) {
    subscriber.buildsKnown?.([...results]);
    subscriber.buildsChanged?.([...results], plan.projectId);
  }
  const ended = (timedOut: boolean): BuildsRun => ({
    projectId: plan.projectId,
    builds: [...results],
    timedOut: timedOut && !deadline.cancelled.aborted,
    errors,
  });
  if (!plan.wait) {
    const ids = results.flatMap((build) => (build.id === null ? [] : commandText(build.id)));
    stepLog.info(`Not waiting (wait: false); build ids: ${ids.join(', ')}`);
  }
  if (!plan.wait || deadline.signal.aborted) return ended(deadline.signal.aborted);

  const folder = new LogFolder(deps.tempDir);
  const live = results.length === 1;
  const spoolFailed = (error: unknown) => folder.failed(error);
  const logs = results.map((build, index) =>
    build.id === null ? undefined : openLog(build, folder.file(index), live, spoolFailed),
  );
  const sharesTarget = (build: BuildResult) =>
    results.some(
      (other) =>
        other.id !== build.id && other.platform === build.platform && other.arch === build.arch,
    );
  const follower: Follower = {
    client: deps.client,
    deadline,
    time: { clock, sleep: deps.sleep ?? systemSleep },
    pollIntervalMs: plan.pollIntervalMs,
    live,
    logReading: {
      turns: createTurns(deps.logTurnMs ?? LOG_TURN_MS, deps.sleep),
      endWithinMs: deps.logEndWithinMs ?? LOG_END_WITHIN_MS,
    },
    downloads: plan.download
      ? {
          within: plan.download.directory,
          limit: createLimiter(plan.download.concurrency),
          maxBytes: plan.download.maxBytes,
          sharesTarget,
        }
      : undefined,
  };
  const progress = progressReporter(clock, (index) => logs[index]?.latest);
  const slots = slotsOf(results, plan.projectId, [...subscribers, progress]);
  try {
    await Promise.all(slots.map((slot, index) => followBuild(slot, logs[index], follower)));
  } finally {
    folder.remove();
  }
  return ended(
    deadline.signal.aborted ||
      results.some((build) => outcomeOf(build) === 'unfinished' && build.id !== null),
  );
}
