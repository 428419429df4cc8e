// A quiet suite: a passing test's output is not shown, a failing test's is, whether it printed
// through the console, the step's log or @actions/core (the last two write to process.stdout; see
// __tests__/setup.ts). Runs vitest as `npm test` does, with the project's config, on a fixture.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify, stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');

// A whole vitest run (its startup, transform, the fixture): far slower than a test on a loaded machine.
describe('the suite shows the output of failing tests only', { timeout: 120_000 }, () => {
  it('hides a passing test output and shows a failing one, from every writer', async () => {
    const vitest = path.join(repo, 'node_modules/vitest/vitest.mjs');
    const fixture = '__tests__/support/quiet-fixture.itg.test.ts';
    const result = await promisify(execFile)(
      process.execPath,
      [vitest, 'run', fixture, '--project', 'integration', '--color=false'],
      { cwd: repo, env: { ...process.env, QUIET_FIXTURE: '1', CI: 'true' } },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
    const output = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);

    expect(result).toMatchObject({ code: 1 });
    expect(output).toMatch(/1 failed \| 1 passed/);
    for (const writer of ['the console', "the step's log", '@actions/core']) {
      expect(output).toContain(`quiet-failing through ${writer}`);
    }
    expect(output).not.toContain('quiet-passing');
  });
});
