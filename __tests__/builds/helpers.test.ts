import { describe, expect, it } from 'vitest';
import type { BuildSummary } from '../../src/service/schemas.ts';
import { buildMatrix } from '../../src/builds/matrix.ts';
import { createProgressGate, progressLine, statusLine } from '../../src/builds/progress.ts';
import path from 'node:path';
import { downloadFolder } from '../../src/builds/follow-build.ts';
import { observed, resultOf } from '../../src/builds/result.ts';
import { findReusable, followedOnce } from '../../src/builds/start-builds.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';

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
});

describe('what the service says is not simply believed', () => {
  it('prints a status line inertly', () => {
    const hostile = 'building\r\n::error title=pwned::pwned';
    const build = resultOf(summary({ status: hostile }), 'triggered', 0);
    expect(statusLine(build, 'queued')).toBe(
      'mac/x64 queued → building ::error title=pwned::pwned (build_a)',
    );
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

  it('follows an id given twice once, under the first target', () => {
    const captured = captureStepLog();
    let results;
    try {
      results = followedOnce([
        resultOf(summary({ id: 'build_1' }), 'reused', 0),
        resultOf(summary({ id: 'build_2', platform: 'linux' }), 'triggered', 0),
        resultOf(summary({ id: 'build_1', platform: 'windows' }), 'triggered', 0),
      ]);
    } finally {
      captured.restore();
    }
    expect(results.map((b) => b.id)).toEqual(['build_1', 'build_2', null]);
    expect(results[2]).toMatchObject({
      platform: 'windows',
      problem: {
        stage: 'trigger',
        message: 'the service answered with build build_1, which it also gave mac/x64',
      },
    });
    expect(captured.lines().filter((l) => l.startsWith('::warning'))).toEqual([
      '::warning title=windows/x64%3A build id given twice::windows/x64: the service answered with build build_1, which it also gave mac/x64; not followed',
    ]);
  });

  it('names download folders only inside the download directory', () => {
    const root = path.resolve('downloads');
    const build = resultOf(summary({ id: 'build_7' }), 'resumed', 0);
    expect(downloadFolder(root, build, false)).toBe(path.join(root, 'mac-x64'));
    expect(downloadFolder(root, build, true)).toBe(path.join(root, 'mac-x64-build_7'));
    for (const id of ['/../../x', 'a/b', '/../../../etc']) {
      expect(downloadFolder(root, { ...build, id }, true)).toBeUndefined();
    }
  });
});
