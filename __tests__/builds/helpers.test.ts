import { describe, expect, it } from 'vitest';
import type { BuildSummary } from '../../src/api/schemas.ts';
import { createLimiter } from '../../src/builds/limit.ts';
import { buildMatrix } from '../../src/builds/matrix.ts';
import {
  createProgressGate,
  formatElapsed,
  progressLine,
  statusLine,
} from '../../src/builds/progress.ts';
import { observed, resultOf } from '../../src/builds/result.ts';
import { findReusable } from '../../src/builds/start-builds.ts';

const summary = (over: Partial<BuildSummary>): BuildSummary => ({
  id: 'build_a',
  projectId: 'proj_1',
  version: '1.0.0',
  platform: 'mac',
  arch: 'x64',
  status: 'success',
  createdAt: '2026-01-01T00:00:00Z',
  completedAt: undefined,
  artifactUrl: undefined,
  ...over,
});

describe('buildMatrix', () => {
  it('gives one target per platform × arch', () => {
    expect(buildMatrix(['mac', 'linux'], ['x64', 'arm64'])).toEqual([
      { platform: 'mac', arch: 'x64' },
      { platform: 'mac', arch: 'arm64' },
      { platform: 'linux', arch: 'x64' },
      { platform: 'linux', arch: 'arm64' },
    ]);
  });
});

describe('progress', () => {
  it('formats elapsed time', () => {
    expect(formatElapsed(4_400)).toBe('4s');
    expect(formatElapsed(192_000)).toBe('3m12s');
    expect(formatElapsed(3_720_000)).toBe('1h02m');
  });

  it("writes status and progress lines, with each running build's newest log line", () => {
    const T = Date.parse('2026-01-01T00:00:00Z');
    const queued = resultOf(summary({ status: 'queued', platform: 'linux' }), 'triggered', T);
    const building = observed(
      resultOf(
        summary({ id: 'build_b', status: 'queued', platform: 'windows', arch: 'arm64' }),
        'triggered',
        T,
      ),
      summary({ id: 'build_b', status: 'building', platform: 'windows', arch: 'arm64' }),
      T + 8_000,
    );
    const done = resultOf(summary({ id: 'build_c' }), 'triggered', T);
    expect(statusLine(building, 'queued')).toBe('windows/arm64 queued → building (build_b)');
    expect(
      progressLine(
        [
          { build: done, latest: undefined },
          { build: building, latest: 'Packaging app.exe' },
          { build: queued, latest: undefined },
        ],
        T + 200_000,
      ),
    ).toBe('1/3 done · windows/arm64 building 3m12s: Packaging app.exe · linux/x64 queued 3m20s');
  });

  it('lets a progress line through at most once per period', () => {
    let now = 0;
    const due = createProgressGate(() => now, 30_000);
    const at = (t: number) => ((now = t), due());
    expect([at(1_000), at(29_999), at(30_000), at(45_000), at(60_001)]).toEqual([
      false,
      false,
      true,
      false,
      true,
    ]);
  });
});

describe('findReusable', () => {
  it('picks the newest successful build of the same target and version', () => {
    const builds = [
      summary({ id: 'build_old', createdAt: '2026-01-01T00:00:00Z' }),
      summary({ id: 'build_new', createdAt: '2026-01-02T00:00:00Z' }),
      summary({ id: 'build_failed', status: 'failed', createdAt: '2026-01-03T00:00:00Z' }),
      summary({ id: 'build_arm', arch: 'arm64', createdAt: '2026-01-04T00:00:00Z' }),
      summary({ id: 'build_v2', version: '2.0.0', createdAt: '2026-01-05T00:00:00Z' }),
    ];
    expect(findReusable(builds, { platform: 'mac', arch: 'x64' }, '1.0.0')?.id).toBe('build_new');
    expect(findReusable(builds, { platform: 'linux', arch: 'x64' }, '1.0.0')).toBeUndefined();
  });
});

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
});

describe('createLimiter', () => {
  it('never runs more than its limit at once, and runs everything', async () => {
    const limit = createLimiter(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        limit(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setTimeout(resolve, 5 + (i % 3)));
          running -= 1;
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(3);
  });

  it('frees the slot of a failing task', async () => {
    const limit = createLimiter(1);
    await expect(limit(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(limit(async () => 'ok')).resolves.toBe('ok');
  });
});
