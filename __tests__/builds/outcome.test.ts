// The outcome of a build, as a table: every report reads it.
import { describe, expect, it } from 'vitest';
import { describeBuild, outcomeOf, type Outcome } from '../../src/builds/outcome.ts';
import type { BuildResult } from '../../src/builds/result.ts';
import { result } from '../report/fixtures.ts';

const problem = (stage: 'trigger' | 'follow' | 'status' | 'download', message: string) => ({
  problem: { stage, message },
});

describe('outcomeOf', () => {
  it.each<[string, BuildResult, Outcome]>([
    ['a success, downloaded', result(0, 'success'), 'succeeded'],
    ['a success, not to be downloaded', result(0, 'success', { download: undefined }), 'succeeded'],
    ['failed on the service', result(0, 'failed'), 'failed'],
    ['queued', result(0, 'queued'), 'unfinished'],
    ['building', result(0, 'building'), 'unfinished'],
    [
      'a status the spec does not list',
      result(0, 'cancelled', problem('status', 'unknown')),
      'failed',
    ],
    ['an unlisted status without its problem', result(0, 'cancelled'), 'failed'],
    [
      'a trigger that failed',
      result(0, 'queued', { id: null, ...problem('trigger', 'x') }),
      'failed',
    ],
    ['lost while building', result(0, 'building', problem('follow', 'lost')), 'failed'],
    ['a success whose download failed', result(0, 'success', problem('download', 'x')), 'failed'],
  ])('%s → %s', (_, build, expected) => expect(outcomeOf(build)).toBe(expected));

  it('describes a build by what went wrong, not by a status that says success', () => {
    const build = result(0, 'success', problem('download', 'download failed: HTTP 500'));
    expect(describeBuild(build)).toBe('mac/x64 build_0 (download failed: HTTP 500)');
    expect(describeBuild(result(1, 'failed'))).toBe('windows/arm64 build_1 (failed)');
    expect(describeBuild(result(2, 'queued', { id: null }))).toBe(
      'linux/x64 (not triggered) (queued)',
    );
  });
});
