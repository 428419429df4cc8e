// Options given per build (a number, or a function of the build's target and version), and the
// timing of one build derived from them.
import type { BuildTarget, PerBuild } from './options.ts';

export const perBuild = (value: PerBuild, build: BuildTarget): number =>
  typeof value === 'number' ? value : value(build);

export interface BuildTiming {
  buildingMs: number;
  logIntervalMs: number;
}

/**
 * A build's time in `building` and the gap between its log entries: its own buildingMs / 8 unless
 * a gap is given, so a slow build does not log faster than a quick one's share.
 */
export function buildTiming(
  options: { buildingMs: PerBuild; logIntervalMs?: number | undefined },
  build: BuildTarget,
): BuildTiming {
  const buildingMs = perBuild(options.buildingMs, build);
  // An interval of 0 would spin the event loop; 5 ms is already faster than any reader.
  return { buildingMs, logIntervalMs: Math.max(5, options.logIntervalMs ?? buildingMs / 8) };
}
