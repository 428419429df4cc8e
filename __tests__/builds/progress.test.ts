import { describe, expect, it } from 'vitest';
import { createProgressGate, progressLine, statusLine } from '../../src/builds/progress.ts';
import { observed, resultOf } from '../../src/builds/result.ts';
import { buildSummary as summary } from './support.ts';

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

  it('prints a status line inertly', () => {
    const hostile = 'building\r\n::error title=pwned::pwned';
    const build = resultOf(summary({ status: hostile }), 'triggered', 0);
    expect(statusLine(build, 'queued')).toBe(
      'mac/x64 queued → building ::error title=pwned::pwned (build_a)',
    );
  });
});
