// The summary's timeline as GitHub renders it: mermaid draws dates in the viewer's time zone, so
// the chart must hold offsets from the run's start and print them in a zone-free format. Each
// build shows its phases, then this run's download and uploads.
import mermaid from 'mermaid';
import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/builds/result.ts';
import { NOTHING_PUBLISHED, type Published } from '../../src/publish/types.ts';
import { renderSummary } from '../../src/report/summary.ts';
import { renderTimeline, tickIntervalFor } from '../../src/report/timeline.ts';
import { verdictOf } from '../../src/report/verdict.ts';
import { facts, result, T0 } from './fixtures.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const settings = (lines: string[]) =>
  Object.fromEntries(
    lines
      .filter((line) => /^ {2}(dateFormat|axisFormat|tickInterval|todayMarker) /.test(line))
      .map((line) => line.trim().split(/ (.*)/s).slice(0, 2) as [string, string]),
  );

const after = (seconds: number, lasting: number): Span => ({
  start: T0 + seconds * SECOND,
  end: T0 + (seconds + lasting) * SECOND,
});

/** A build of this run, its installer downloaded in the 0.3 s after it ended. */
const ran = (n: number, seconds: { building: number; ended: number }) => {
  const build = result(n, 'success', {
    phases: {
      queued: T0,
      building: T0 + seconds.building * SECOND,
      ended: T0 + seconds.ended * SECOND,
    },
  });
  return { ...build, download: { ...build.download!, span: after(seconds.ended + 0.1, 0.3) } };
};

/** Its workflow artifact and release asset, uploaded in those spans. */
const publishedAs = (uploads: Record<string, { artifact?: Span; asset?: Span }>): Published => ({
  release: undefined,
  artifacts: new Map(
    Object.entries(uploads).flatMap(([buildId, { artifact }]) =>
      artifact
        ? [
            [
              buildId,
              {
                buildId,
                name: `[x](https://evil.example) ${buildId}`,
                id: 9,
                url: 'https://github.com/a/b/actions/runs/1/artifacts/9',
                span: artifact,
              },
            ],
          ]
        : [],
    ),
  ),
  assetUploads: new Map(
    Object.entries(uploads).flatMap(([buildId, { asset }]) => (asset ? [[buildId, asset]] : [])),
  ),
});

const sections = (lines: string[]) => lines.filter((line) => line.startsWith('  section '));

describe('the timeline', () => {
  it('of a 5-second run ticks every second, in seconds since the start, with no today marker', () => {
    const lines = renderTimeline(
      [ran(0, { building: 1, ended: 5 })],
      NOTHING_PUBLISHED,
      T0 + 6 * SECOND,
    );
    expect(settings(lines)).toEqual({
      dateFormat: 'x',
      axisFormat: '%ss',
      tickInterval: '1second',
      todayMarker: 'off',
    });
    expect(lines).toContain('  queued : 0, 1000');
    expect(lines).toContain('  success : 1000, 5000');
  });

  it('of a 15-minute run ticks every 2 minutes; the numbers are offsets, the same in every zone', () => {
    const builds = [
      ran(0, { building: 30, ended: 15 * 60 }),
      ran(1, { building: 60, ended: 12 * 60 }),
    ];
    const lines = renderTimeline(builds, NOTHING_PUBLISHED, T0 + 16 * MINUTE);
    expect(settings(lines)).toMatchObject({
      axisFormat: '%ss',
      tickInterval: '2minute',
      todayMarker: 'off',
    });
    expect(lines).toContain('  success : 30000, 900000');
    // Epoch-ms dates would be drawn in each viewer's own time zone: none is left.
    expect(lines.join('\n')).not.toContain(String(T0));
  });

  it("shows each build's download, workflow artifact and release asset after its phases", () => {
    const builds = [ran(0, { building: 1, ended: 5 }), ran(1, { building: 2, ended: 9 })];
    const published = publishedAs({
      build_0: { artifact: after(5.5, 1.2), asset: after(5.5, 2) },
      build_1: { artifact: after(9.5, 1), asset: after(9.5, 4.5) },
    });
    const lines = renderTimeline(builds, published, T0 + 20 * SECOND);
    expect(lines.join('\n')).toContain(
      [
        '  section mac/x64',
        '  queued : 0, 1000',
        '  success : 1000, 5000',
        '  download : 5100, 5400',
        '  artifact : 5500, 6700',
        '  release asset : 5500, 7500',
        '  section windows/arm64',
      ].join('\n'),
    );
    expect(lines).toContain('  release asset : 9500, 14000');
    // The axis spans the last upload (14 s), not only the builds (9 s).
    expect(settings(lines).tickInterval).toBe('5second');
    // Bars carry our own words: nothing of the artifact's name goes in.
    expect(lines.join('\n')).not.toMatch(/evil|build_/);
  });

  it('has no bar for what did not happen in this run: a kept asset, a failed build', () => {
    const failed = result(2, 'failed', {
      phases: { queued: T0, building: T0 + SECOND, ended: T0 + 3 * SECOND },
    });
    const builds = [ran(0, { building: 1, ended: 5 }), failed];
    const lines = renderTimeline(builds, publishedAs({ build_0: { artifact: after(6, 1) } }), T0);
    expect(lines.filter((line) => /^ {2}(download|artifact|release asset) :/.test(line))).toEqual([
      '  download : 5100, 5400',
      '  artifact : 6000, 7000',
    ]);
    expect(lines).toContain('  failed : crit, 1000, 3000');
  });

  it('shows of a reused build only what this run did with it, and marks it in the table', () => {
    const days = 3 * 24 * 60 * MINUTE;
    const reused = (n: number, download: Span | undefined) =>
      result(n, 'success', {
        origin: 'reused',
        phases: { queued: T0 - days, building: T0 - days + 5, ended: T0 - days + 90 * SECOND },
        download: download && { ...result(n, 'success').download!, span: download },
      });
    const run = facts([
      ran(0, { building: 1, ended: 5 }),
      reused(1, after(0.5, 0.4)),
      reused(2, undefined),
    ]);
    const published = publishedAs({ build_1: { artifact: after(1, 1), asset: after(1, 2) } });
    const lines = renderTimeline(run.builds, published, T0 + 6 * SECOND);
    expect(sections(lines)).toEqual(['  section mac/x64', '  section windows/arm64 (reused)']);
    expect(lines.join('\n')).toContain(
      [
        '  section windows/arm64 (reused)',
        '  download : 500, 900',
        '  artifact : 1000, 2000',
        '  release asset : 1000, 3000',
        '```',
      ].join('\n'),
    );
    // The span is this run's seconds, not the days since the reused builds ran.
    expect(settings(lines).tickInterval).toBe('1second');
    const summary = renderSummary(run, verdictOf(run), T0 + 6 * SECOND);
    expect(summary).toContain(
      '| windows/arm64 | ✅ success · ♻️ reused | 1m30s | 3.0 MiB | `b1.dmg` |',
    );
  });

  it('of a run that reused every build counts from the first download', () => {
    const build = result(1, 'success', { origin: 'reused' });
    const lines = renderTimeline([build], publishedAs({}), T0 + 70 * SECOND);
    expect(sections(lines)).toEqual(['  section windows/arm64 (reused)']);
    expect(lines).toContain('  download : 0, 400');
    expect(lines).toContain('_Seconds since the first download began._');
    expect(renderTimeline([{ ...build, download: undefined }], NOTHING_PUBLISHED, T0)).toEqual([]);
  });

  it('gets its spans from the summary', () => {
    const run = facts([ran(0, { building: 1, ended: 5 })], {
      published: publishedAs({ build_0: { asset: after(6, 1) } }),
    });
    expect(renderSummary(run, verdictOf(run), T0 + 8 * SECOND)).toContain(
      '  download : 5100, 5400\n  release asset : 6000, 7000\n```',
    );
  });

  it('is a gantt chart mermaid parses, with every kind of bar and section', async () => {
    const reused = result(1, 'success', { origin: 'reused' });
    const failed = result(2, 'failed');
    const lines = renderTimeline(
      [ran(0, { building: 1, ended: 5 }), reused, failed, result(3, 'building')],
      publishedAs({ build_0: { artifact: after(6, 1), asset: after(6, 2) } }),
      T0 + 70 * SECOND,
    );
    const diagram = lines.slice(1, lines.indexOf('```', 1)).join('\n');
    await expect(mermaid.parse(diagram)).resolves.toMatchObject({ diagramType: 'gantt' });
  });

  it('links nothing that needs the API key', () => {
    const run = facts([ran(0, { building: 1, ended: 5 }), result(1, 'failed')]);
    const summary = renderSummary(run, verdictOf(run), T0 + 6 * SECOND);
    expect(summary).not.toMatch(/\/builds\/build_\d+\/logs|api\.|\/v1\//);
    expect(summary).not.toContain('](http');
  });

  it('picks ticks that give a handful of labels for any span', () => {
    expect(
      [
        5 * SECOND,
        30 * SECOND,
        90 * SECOND,
        5 * MINUTE,
        15 * MINUTE,
        45 * MINUTE,
        2 * 60 * MINUTE,
        5 * 60 * MINUTE,
      ].map(tickIntervalFor),
    ).toEqual([
      '1second',
      '5second',
      '15second',
      '1minute',
      '2minute',
      '10minute',
      '30minute',
      '1hour',
    ]);
  });
});
