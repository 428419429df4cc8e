// How long a build took, from its phases.
import type { Phases } from '../builds/result.ts';

/**
 * Seconds from start (or queueing) to the end, one decimal; undefined while unfinished, or when
 * the service's timestamps were not plausible.
 */
export function durationSeconds(phases: Phases): number | undefined {
  if (phases.ended === undefined || phases.timesUnknown) return undefined;
  return Math.round((phases.ended - (phases.building ?? phases.queued)) / 100) / 10;
}
