// The verdict of a run, as a table: every report reads it.
import { describe, expect, it } from 'vitest';
import type { RunFacts } from '../../src/report/facts.ts';
import { verdictOf, type RunStatus } from '../../src/report/verdict.ts';
import { InputError } from '../../src/runner/input-rules.ts';
import { PublishingFailedError, PublishingStoppedError } from '../../src/publish/errors.ts';
import { facts, result } from './fixtures.ts';

const problem = (stage: 'trigger' | 'follow' | 'status' | 'download', message: string) => ({
  problem: { stage, message },
});

const cancelledMidDownload = result(0, 'success', {
  download: undefined,
  ...problem('download', 'download stopped: the step was cancelled'),
});

describe('verdictOf', () => {
  it.each<[string, RunFacts, RunStatus, string[], string[]]>([
    [
      'every build succeeded',
      facts([result(0, 'success'), result(1, 'success')]),
      'success',
      [],
      [],
    ],
    [
      'one build failed',
      facts([result(0, 'success'), result(1, 'failed')]),
      'failed',
      ['1 of 2 builds failed: windows/arm64 build_1 (failed)'],
      [],
    ],
    [
      'one build failed with fail-on-error: false',
      facts([result(1, 'failed')], { failOnError: false }),
      'failed',
      [],
      [
        '1 of 1 builds failed: windows/arm64 build_1 (failed) (fail-on-error: false keeps the step green)',
      ],
    ],
    [
      'not waiting (wait: false)',
      facts([result(0, 'queued')], { waited: false }),
      'pending',
      [],
      [],
    ],
    [
      'cancelled mid-download',
      facts([cancelledMidDownload], { cancelledBy: 'SIGTERM' }),
      'failed',
      [
        'Cancelled by SIGTERM. The service has no cancel endpoint, so nothing was left running.',
        '1 of 1 builds failed: mac/x64 build_0 (download stopped: the step was cancelled)',
      ],
      [],
    ],
    [
      'cancelled while building',
      facts([result(0, 'building')], { cancelledBy: 'SIGINT' }),
      'failed',
      [
        'Cancelled by SIGINT. The service has no cancel endpoint, so these builds keep running: mac/x64 build_0 (building); resume them with the build-ids input.',
      ],
      [],
    ],
    [
      'cancelled before any build id was known',
      facts([], { cancelledBy: 'SIGINT' }),
      'failed',
      [
        'Cancelled by SIGINT. The service has no cancel endpoint, so a build triggered just before may still run; see the project on the service.',
      ],
      [],
    ],
    [
      'timed out',
      facts([result(0, 'success'), result(1, 'building')], { timedOut: true, timeoutMs: 90_000 }),
      'failed',
      [
        'Timed out after 1m30s (timeout input); still unfinished: windows/arm64 build_1 (building). Their ids are in the build-ids output; resume them with the build-ids input.',
      ],
      [],
    ],
    [
      'a fatal error before any build',
      facts([], { errors: [new InputError(['api-key: missing'])], waited: false }),
      'failed',
      ['Invalid input: api-key: missing'],
      [],
    ],
    [
      'publishing failed after every build succeeded',
      facts([result(0, 'success')], { errors: [new Error('Release: HTTP 500')] }),
      'success',
      ['Release: HTTP 500'],
      [],
    ],
    [
      'publishing stopped at the deadline: the error, rendered once with its facts',
      facts([result(0, 'success')], {
        errors: [
          new PublishingStoppedError(
            'the timeout input (6s) passed',
            'workflow artifacts uploaded: none, not uploaded: linux/x64',
          ),
        ],
      }),
      'success',
      [
        'Publishing stopped: the timeout input (6s) passed. workflow artifacts uploaded: none, ' +
          'not uploaded: linux/x64. The release is not published (what was uploaded stays on its ' +
          'draft); re-run the job to finish it.',
      ],
      [],
    ],
    [
      'publishing broken outside an upload',
      facts([result(0, 'success')], { errors: [new PublishingFailedError('chunk not found')] }),
      'success',
      ['Publishing failed: chunk not found'],
      [],
    ],
  ])('%s', (_, run, status, failures, warnings) => {
    expect(verdictOf(run)).toEqual({ status, failures, warnings });
  });
});
