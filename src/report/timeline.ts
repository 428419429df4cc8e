// The job summary's timeline (pure): a mermaid gantt of each build's queued and building phases.
// Mermaid draws dates in the viewer's time zone, so every time is an offset from the run's start
// and the axis prints seconds since the epoch (`%s`), which no time zone changes. Builds reused
// from an earlier run did not run in this one and stay off the chart.
import { outcomeOf } from '../builds/outcome.ts';
import { labelOf, type BuildResult } from '../builds/result.ts';

/** GitHub stops rendering big diagrams long before the summary's byte limit. */
export const MAX_GANTT_BUILDS = 60;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Tick spacing for a span, so a 5-second run and a 2-hour run both get a handful of labels. */
export function tickIntervalFor(spanMs: number): string {
  const steps: [number, string][] = [
    [10 * SECOND, '1second'],
    [40 * SECOND, '5second'],
    [2 * MINUTE, '15second'],
    [6 * MINUTE, '1minute'],
    [20 * MINUTE, '2minute'],
    [60 * MINUTE, '10minute'],
    [3 * 60 * MINUTE, '30minute'],
  ];
  return steps.find(([upTo]) => spanMs <= upTo)?.[1] ?? '1hour';
}

/** The builds the chart shows: those this run followed (not reused), at most MAX_GANTT_BUILDS. */
export const chartedBuilds = (builds: readonly BuildResult[]): BuildResult[] =>
  builds
    .filter((build) => build.id !== null && build.origin !== 'reused')
    .slice(0, MAX_GANTT_BUILDS);

/** Mermaid gantt lines; `now` ends the bars of builds still running. */
export function renderTimeline(builds: readonly BuildResult[], now: number): string[] {
  const shown = chartedBuilds(builds);
  if (shown.length === 0) return [];
  const start = Math.min(...shown.map((build) => build.phases.queued));
  const at = (ms: number) => Math.max(0, ms - start);
  const end = Math.max(...shown.map((build) => build.phases.ended ?? now));
  const lines = [
    '```mermaid',
    'gantt',
    '  dateFormat x',
    '  axisFormat %ss',
    `  tickInterval ${tickIntervalFor(end - start)}`,
    '  todayMarker off',
  ];
  for (const build of shown) {
    const { queued, building, ended } = build.phases;
    const until = ended ?? now;
    const outcome = outcomeOf(build);
    const tag = outcome === 'failed' ? 'crit, ' : outcome === 'unfinished' ? 'active, ' : '';
    lines.push(`  section ${labelOf(build)}`);
    lines.push(`  queued : ${at(queued)}, ${at(Math.max(queued, building ?? until))}`);
    if (building !== undefined) {
      // A status the spec does not list is the service's text: it never goes into the diagram.
      const name = ['building', 'success', 'failed'].includes(build.status)
        ? build.status
        : 'ended';
      lines.push(`  ${name} : ${tag}${at(building)}, ${at(Math.max(building, until))}`);
    }
  }
  lines.push('```');
  lines.push('_Seconds since the first build was queued._');
  const followed = builds.filter((build) => build.id !== null && build.origin !== 'reused');
  if (followed.length > shown.length) {
    lines.push(`_Timeline shows the first ${shown.length} of ${followed.length} builds._`);
  }
  return lines;
}
