// The job summary's timeline (pure): a mermaid gantt of each build's queued and building phases,
// then this run's download of its installer and the uploads of its workflow artifact and release
// asset, so a user sees where the time went. Mermaid draws dates in the viewer's time zone, so
// every time is an offset from the run's start and the axis prints seconds since the epoch (`%s`),
// which no time zone changes. A build reused from an earlier run shows only what this run did with
// it: its queued and building phases were another run's, maybe days ago.
import { outcomeOf } from '../builds/outcome.ts';
import { labelOf, type BuildResult, type Span } from '../builds/result.ts';
import type { Published } from '../publish/types.ts';

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

/** One bar of the chart; `name` is always our own word, never the service's text. */
interface Bar {
  name: string;
  tag: string;
  span: Span;
}

function phaseBars(build: BuildResult, now: number): Bar[] {
  const { queued, building, ended } = build.phases;
  const until = ended ?? now;
  const bars = [{ name: 'queued', tag: '', span: { start: queued, end: building ?? until } }];
  if (building === undefined) return bars;
  const outcome = outcomeOf(build);
  // A status the spec does not list is the service's text: it never goes into the diagram.
  const name = ['building', 'success', 'failed'].includes(build.status) ? build.status : 'ended';
  const tag = outcome === 'failed' ? 'crit, ' : outcome === 'unfinished' ? 'active, ' : '';
  return [...bars, { name, tag, span: { start: building, end: until } }];
}

/** The build's bars: its phases when this run followed it, then this run's download and uploads. */
function barsOf(build: BuildResult, published: Published, now: number): Bar[] {
  const id = build.id ?? '';
  const spans: [string, Span | undefined][] = [
    ['download', build.download?.span],
    ['artifact', published.artifacts.get(id)?.span],
    ['release asset', published.assetUploads.get(id)],
  ];
  return [
    ...(build.origin === 'reused' || build.phases.timesUnknown ? [] : phaseBars(build, now)),
    ...spans.flatMap(([name, span]) => (span ? [{ name, tag: '', span }] : [])),
  ];
}

/** Mermaid gantt lines; `now` ends the bars of builds still running. */
export function renderTimeline(
  builds: readonly BuildResult[],
  published: Published,
  now: number,
): string[] {
  const charted = builds.flatMap((build) => {
    const bars = build.id === null ? [] : barsOf(build, published, now);
    return bars.length === 0 ? [] : [{ build, bars }];
  });
  const shown = charted.slice(0, MAX_GANTT_BUILDS);
  const unknownTimes = builds.filter((build) => build.id !== null && build.phases.timesUnknown);
  const unknownNote =
    unknownTimes.length === 0
      ? []
      : [
          `_Phases not drawn for ${unknownTimes.map(labelOf).join(', ')}: the service's timestamps ` +
            'are not plausible (before 2000, or more than a day ahead)._',
        ];
  if (shown.length === 0) return unknownNote;
  const spans = shown.flatMap(({ bars }) => bars.map((bar) => bar.span));
  const start = Math.min(...spans.map((span) => span.start));
  const end = Math.max(...spans.map((span) => span.end));
  const at = (ms: number) => Math.max(0, ms - start);
  const lines = [
    '```mermaid',
    'gantt',
    '  dateFormat x',
    '  axisFormat %ss',
    `  tickInterval ${tickIntervalFor(end - start)}`,
    '  todayMarker off',
  ];
  for (const { build, bars } of shown) {
    lines.push(`  section ${labelOf(build)}${build.origin === 'reused' ? ' (reused)' : ''}`);
    for (const { name, tag, span } of bars) {
      lines.push(`  ${name} : ${tag}${at(span.start)}, ${at(Math.max(span.start, span.end))}`);
    }
  }
  const followed = shown.some(
    ({ build }) => build.origin !== 'reused' && !build.phases.timesUnknown,
  );
  lines.push('```');
  lines.push(`_Seconds since the first ${followed ? 'build was queued' : 'download began'}._`);
  if (charted.length > shown.length) {
    lines.push(`_Timeline shows the first ${shown.length} of ${charted.length} builds._`);
  }
  return [...lines, ...unknownNote];
}
