import { describe, expect, it } from 'vitest';
import { resultOf } from '../../src/builds/result.ts';
import { findReusable, followedOnce } from '../../src/builds/start-builds.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';
import { buildSummary as summary } from './support.ts';

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
});
