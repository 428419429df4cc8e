// Run only by __tests__/quiet.itg.test.ts (QUIET_FIXTURE=1): one passing and one failing test, each
// printing as the suite's tests do: through the console, the step's log (src/runner/log.ts), and
// @actions/core, all of which write to process.stdout.
import * as core from '@actions/core';
import { describe, expect, it } from 'vitest';
import { stepLog } from '../../src/runner/log.ts';

function printAll(word: string): void {
  console.log(`${word} through the console`);
  stepLog.info(`${word} through the step's log`);
  core.info(`${word} through @actions/core`); // as a library that prints itself does
}

describe.runIf(process.env.QUIET_FIXTURE === '1')('quiet fixture', () => {
  it('passes', () => {
    printAll('quiet-passing');
  });

  it('fails', () => {
    printAll('quiet-failing');
    expect('the output above').toBe('shown');
  });
});
