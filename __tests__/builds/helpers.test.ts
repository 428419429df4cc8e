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
import { findReusable, trackBuild, updateBuild } from '../../src/builds/start-builds.ts';

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

  it('writes status and progress lines', () => {
    const queued = trackBuild(summary({ status: 'queued', platform: 'linux' }), 'triggered', 0);
    const building = trackBuild(
      summary({ id: 'build_b', status: 'queued', platform: 'windows', arch: 'arm64' }),
      'triggered',
      0,
    );
    updateBuild(building, summary({ id: 'build_b', status: 'building' }), 8_000);
    const done = trackBuild(summary({ id: 'build_c' }), 'triggered', 0);
    expect(statusLine(building, 'queued')).toBe('windows/arm64 queued → building (build_b)');
    expect(progressLine([done, building, queued], 200_000)).toBe(
      '1/3 done · windows/arm64 building 3m12s · linux/x64 queued 3m20s',
    );
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

describe('updateBuild', () => {
  it('keeps the first sighting of each phase', () => {
    const build = trackBuild(summary({ status: 'queued' }), 'triggered', 100);
    updateBuild(build, summary({ status: 'building' }), 200);
    updateBuild(build, summary({ status: 'building' }), 300);
    updateBuild(build, summary({ status: 'success', completedAt: '2026-01-01T00:01:00Z' }), 400);
    expect(build.seen).toEqual({ queued: 100, building: 200, ended: 400 });
    expect(build.completedAt).toBe('2026-01-01T00:01:00Z');
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
