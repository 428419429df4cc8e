// What the log says while builds run: a line per status change and a periodic progress line.
import { isTerminal, type BuildStatus } from '../api/schemas.ts';
import { labelOf, type TrackedBuild } from './types.ts';

export const PROGRESS_EVERY_MS = 30_000;

export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** When the build entered its current phase, on the action's clock. */
const phaseStart = (build: TrackedBuild): number =>
  build.status === 'queued' ? build.seen.queued : (build.seen.building ?? build.seen.queued);

export const statusLine = (build: TrackedBuild, previous: BuildStatus): string =>
  `${labelOf(build)} ${previous} → ${build.status} (${build.id})`;

export function progressLine(builds: readonly TrackedBuild[], now: number): string {
  const done = builds.filter((build) => isTerminal(build.status)).length;
  const running = builds
    .filter((build) => !isTerminal(build.status))
    .map((build) => `${labelOf(build)} ${build.status} ${formatElapsed(now - phaseStart(build))}`);
  return [`${done}/${builds.length} done`, ...running].join(' · ');
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
