import { describe, expect, it } from 'vitest';
import { observed, resultOf } from '../../src/builds/result.ts';
import { buildSummary as summary } from './support.ts';

describe('observed', () => {
  it("keeps the first sighting of each phase, and prefers the service's timestamps", () => {
    const T = Date.parse('2026-01-01T00:00:00Z');
    const first = resultOf(summary({ status: 'queued' }), 'triggered', T + 100);
    const building = observed(first, summary({ status: 'building' }), T + 200);
    const still = observed(building, summary({ status: 'building' }), T + 300);
    const ended = observed(
      still,
      summary({ status: 'success', completedAt: '2026-01-01T00:01:00Z' }),
      T + 400,
    );
    expect(ended.phases).toEqual({ queued: T, building: T + 200, ended: T + 60_000 });
    // Each observation is a new value; what was there stays as it was.
    expect(first.status).toBe('queued');
    expect(still.phases.ended).toBeUndefined();
  });

  it('takes no timestamp from 1970 or 9999 and marks the times unknown, whatever comes later', () => {
    const T = Date.parse('2026-01-01T00:00:00Z');
    const first = resultOf(summary({ status: 'building' }), 'triggered', T + 100);
    for (const odd of ['1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const ended = observed(first, summary({ completedAt: odd }), T + 400);
      expect(ended.phases).toEqual({
        queued: T,
        building: T + 100,
        ended: T + 400,
        timesUnknown: true,
      });
      const later = observed(ended, summary({ completedAt: '2026-01-01T00:01:00Z' }), T + 500);
      expect(later.phases.timesUnknown).toBe(true);
    }
    // A day ahead of the runner's clock is still a clock; more is not.
    const ahead = (ms: number) =>
      observed(first, summary({ completedAt: new Date(T + ms).toISOString() }), T).phases;
    expect(ahead(23 * 3_600_000).timesUnknown).toBeUndefined();
    expect(ahead(25 * 3_600_000).timesUnknown).toBe(true);
  });

  it('ends a build at an unlisted status with a problem that names the value', () => {
    const build = observed(
      resultOf(summary({ status: 'building' }), 'triggered', 0),
      summary({ status: 'cancelled' }),
      5,
    );
    expect(build.problem).toEqual({
      stage: 'status',
      message:
        "the service reports status 'cancelled', which this action does not know (it knows queued, building, success, failed); counted as not successful",
    });
  });

  it('follows a build as its target; a report of another target is a problem', () => {
    const asked = { platform: 'mac', arch: 'x64' } as const;
    const answered = resultOf(summary({ platform: 'linux' }), 'triggered', 0, asked);
    expect(answered).toMatchObject({ platform: 'mac', arch: 'x64' });
    expect(answered.problem).toEqual({
      stage: 'follow',
      message:
        "the service reports this build as linux/x64, not mac/x64; its installer is not taken as mac/x64's",
    });
    const later = observed(
      resultOf(summary({ status: 'building' }), 'resumed', 0),
      summary({ arch: 'arm64' }),
      5,
    );
    expect(later.problem?.message).toMatch(
      /^the service reports this build as mac\/arm64, not mac\/x64/,
    );
    expect(later).toMatchObject({ platform: 'mac', arch: 'x64', status: 'success' });
  });
});
