// When each build was queued, started and ended: the service's timestamps when it sent them,
// else what the action saw.
import type { TrackedBuild } from '../builds/types.ts';

export interface Phases {
  queued: number;
  building: number | undefined;
  ended: number | undefined;
}

const parse = (timestamp: string | undefined): number | undefined => {
  if (timestamp === undefined) return undefined;
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? undefined : ms;
};

export function phasesOf(build: TrackedBuild): Phases {
  const service = {
    queued: parse(build.createdAt),
    building: parse(build.startedAt),
    ended: parse(build.completedAt),
  };
  if (service.queued !== undefined) {
    return { queued: service.queued, building: service.building, ended: service.ended };
  }
  return build.seen;
}

/** Seconds from start (or queueing) to the end, one decimal; undefined while unfinished. */
export function durationSeconds(build: TrackedBuild): number | undefined {
  const phases = phasesOf(build);
  if (phases.ended === undefined) return undefined;
  return Math.round((phases.ended - (phases.building ?? phases.queued)) / 100) / 10;
}
