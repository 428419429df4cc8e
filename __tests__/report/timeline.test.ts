// The summary's timeline as GitHub renders it: mermaid draws dates in the viewer's time zone, so
// the chart must hold offsets from the run's start and print them in a zone-free format.
import { describe, expect, it } from 'vitest';
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

const ran = (n: number, seconds: { building: number; ended: number }) =>
  result(n, 'success', {
    phases: {
      queued: T0,
      building: T0 + seconds.building * SECOND,
      ended: T0 + seconds.ended * SECOND,
    },
  });

describe('the timeline', () => {
  it('of a 5-second run ticks every second, in seconds since the start, with no today marker', () => {
    const lines = renderTimeline([ran(0, { building: 1, ended: 5 })], T0 + 6 * SECOND);
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
    const lines = renderTimeline(builds, T0 + 16 * MINUTE);
    expect(settings(lines)).toMatchObject({
      axisFormat: '%ss',
      tickInterval: '2minute',
      todayMarker: 'off',
    });
    expect(lines).toContain('  success : 30000, 900000');
    // Epoch-ms dates would be drawn in each viewer's own time zone: none is left.
    expect(lines.join('\n')).not.toContain(String(T0));
  });

  it('leaves a reused build off the chart and marks it in the table', () => {
    const reused = result(1, 'success', {
      origin: 'reused',
      phases: {
        queued: T0 - 3 * 24 * 60 * MINUTE,
        building: T0 - 3 * 24 * 60 * MINUTE + 5,
        ended: T0 - 3 * 24 * 60 * MINUTE + 90 * SECOND,
      },
    });
    const run = facts([ran(0, { building: 1, ended: 5 }), reused]);
    const lines = renderTimeline(run.builds, T0 + 6 * SECOND);
    expect(lines.filter((line) => line.startsWith('  section '))).toEqual(['  section mac/x64']);
    // The span is this run's 5 seconds, not the days since the reused build ran.
    expect(settings(lines).tickInterval).toBe('1second');
    const summary = renderSummary(run, verdictOf(run), T0 + 6 * SECOND);
    expect(summary).toContain(
      '| windows | arm64 | 1\\.4\\.2 | ✅ success · ♻️ reused from an earlier run |',
    );
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
