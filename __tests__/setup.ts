// Seed the environment a runner gives every step, so no test reads the developer's own values.
import os from 'node:os';
import path from 'node:path';

process.env.GITHUB_REPOSITORY ??= 'acme/desktop-app';
process.env.GITHUB_RUN_ID ??= '1';
process.env.GITHUB_RUN_ATTEMPT ??= '1';
process.env.GITHUB_SERVER_URL ??= 'https://github.com';
process.env.RUNNER_TEMP ??= path.join(os.tmpdir(), 'runner-temp');

// What the runs a test starts print (the step's log and @actions/core write to process.stdout) goes
// where vitest keeps that test's console output, which it shows only when the test fails
// (`silent: 'passed-only'` in vitest.config.ts). process.stderr stays as it is: a runtime warning
// is never held back. A test reads the step's log through test-kit/step-log-capture.ts, never
// through this stream.
const testConsole = console as unknown as { _stdout: NodeJS.WritableStream };
process.stdout.write = testConsole._stdout.write.bind(
  testConsole._stdout,
) as typeof process.stdout.write;
