// What the log says while builds run: a line per status change and a periodic progress line
// naming each running build's phase, time in it, and newest log line. Each is one inert line: the
// ids, statuses and log lines in it are the service's.
import type { BuildStatus } from '../service/schemas.ts';
import { formatElapsed } from '../text/durations.ts';
import { commandText } from '../text/escape.ts';
import { PROGRESS_EVERY_MS } from '../shared/timing.ts';
import { outcomeOf } from './outcome.ts';
import { labelOf, type BuildResult, type Target } from './result.ts';

/** When the build entered its current phase. */
const phaseStart = (build: BuildResult): number =>
  build.status === 'queued' ? build.phases.queued : (build.phases.building ?? build.phases.queued);

/** `mac/x64: <text>`, one inert line. */
export const lineAbout = (target: Target, text: string, maxChars?: number): string =>
  commandText(`${labelOf(target)}: ${text}`, maxChars);

export const statusLine = (build: BuildResult, previous: BuildStatus): string =>
  commandText(`${labelOf(build)} ${previous} → ${build.status} (${build.id})`, 300);

export interface Watched {
  build: BuildResult;
  /** The newest log line, already made inert. */
  latest: string | undefined;
}

export function progressLine(watched: readonly Watched[], now: number): string {
  const running = watched.filter(
    ({ build }) => build.id !== null && outcomeOf(build) === 'unfinished',
  );
  const done = watched.length - running.length;
  const parts = [
    `${done}/${watched.length} done`,
    ...running.map(
      ({ build, latest }) =>
        `${labelOf(build)} ${commandText(build.status, 40)} ` +
        formatElapsed(now - phaseStart(build)) +
        (latest === undefined ? '' : `: ${latest}`),
    ),
  ];
  return commandText(parts.join(' · '), 4_000);
}

/** Whether a progress line is due: true at most once per `everyMs`. */
export function createProgressGate(clock: () => number, everyMs = PROGRESS_EVERY_MS) {
  let last = clock();
  return (): boolean => {
    const now = clock();
    if (now - last < everyMs) return false;
    last = now;
    return true;
  };
}
