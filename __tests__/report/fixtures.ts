// Build results and run facts for the report tests: plain values, as builds/ hands them over.
import type { BuildStatus } from '../../src/service/schemas.ts';
import type { BuildResult } from '../../src/builds/result.ts';
import { NOTHING_PUBLISHED } from '../../src/publish/types.ts';
import type { RunFacts } from '../../src/report/facts.ts';

export const T0 = Date.parse('2026-03-01T10:00:00Z');
export const MIB = 1024 * 1024;

export function result(
  n: number,
  status: BuildStatus,
  over: Partial<BuildResult> = {},
): BuildResult {
  const ended = status !== 'queued' && status !== 'building';
  return {
    id: `build_${n}`,
    platform: (['mac', 'windows', 'linux'] as const)[n % 3]!,
    arch: n % 2 ? 'arm64' : 'x64',
    version: '1.4.2',
    status,
    origin: 'triggered',
    phases: {
      queued: T0,
      building: status === 'queued' ? undefined : T0 + 2_000,
      ended: ended ? T0 + 62_500 : undefined,
    },
    artifactSize: 3 * MIB,
    download:
      status === 'success'
        ? {
            path: `/w/desktop-builds/b${n}.dmg`,
            fileName: `b${n}.dmg`,
            size: 3 * MIB,
            sha256: 'ab'.repeat(32),
            span: { start: T0 + 62_600, end: T0 + 63_000 },
          }
        : undefined,
    problem: undefined,
    log: { lines: 1, quote: [`boom ${n}`] },
    ...over,
  };
}

export const facts = (builds: readonly BuildResult[], over: Partial<RunFacts> = {}): RunFacts => ({
  builds,
  waited: true,
  timedOut: false,
  timeoutMs: 60 * 60_000,
  cancelledBy: undefined,
  failOnError: true,
  errors: [],
  published: NOTHING_PUBLISHED,
  ...over,
});
