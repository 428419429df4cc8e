// Seed the environment a runner gives every step, so no test reads the developer's own values.
import os from 'node:os';
import path from 'node:path';

process.env.GITHUB_REPOSITORY ??= 'acme/desktop-app';
process.env.GITHUB_RUN_ID ??= '1';
process.env.GITHUB_RUN_ATTEMPT ??= '1';
process.env.GITHUB_SERVER_URL ??= 'https://github.com';
process.env.RUNNER_TEMP ??= path.join(os.tmpdir(), 'runner-temp');
