// Publishing under the step's one deadline: the bundled action, its builds done and downloaded,
// publishing to a GitHub that never answers (a raw server on 127.0.0.1 that takes requests and
// says nothing: GitHub's side, mocked where no stand-in can hang on purpose). The step's timeout or
// a SIGTERM ends publishing, and the report is written whole.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { assertBundleBuilt, startAction, type ActionRun } from '../../test-kit/run-action.ts';

const PROJECT_ID = 'proj_publish_stops';
let emulator: Emulator;
let silentGitHub: Server;
let githubUrl: string;

beforeAll(async () => {
  assertBundleBuilt();
  emulator = await startEmulator({
    queuedMs: 50,
    buildingMs: 300,
    artifactSize: 64 * 1024,
    seedProjects: [
      { id: PROJECT_ID, name: 'Stops', url: 'https://app.example.com', platforms: ['linux'] },
    ],
  });
  // Takes every request and never answers it.
  silentGitHub = createServer(() => {});
  await new Promise<void>((resolve) => silentGitHub.listen(0, '127.0.0.1', resolve));
  githubUrl = `http://127.0.0.1:${(silentGitHub.address() as AddressInfo).port}`;
});
afterAll(async () => {
  silentGitHub.closeAllConnections();
  await new Promise((resolve) => silentGitHub.close(resolve));
  await emulator.close();
});

const start = (timeout?: string) =>
  startAction({
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': PROJECT_ID,
      'poll-interval': '0.1',
      'upload-artifacts': 'false',
      release: 'true',
      ...(timeout && { timeout }),
    },
    env: { GITHUB_API_URL: githubUrl },
    timeoutMs: 60_000,
  });

/** What every stopped publish still reports: the build, its file, the summary; a failed step. */
function expectWholeReport(run: ActionRun): void {
  expect(run.code).toBe(1);
  const [build] = JSON.parse(run.outputs.builds!) as { id: string; sha256?: string }[];
  expect(build!.id).toMatch(/^build_/);
  expect(build!.sha256).toBe(emulator.artifactFor(build!.id).sha256);
  expect(run.outputs['build-ids']).toBe(build!.id);
  expect(run.outputs.artifacts).toContain('linux-x64');
  expect(run.summary).toContain('## Desktop builds');
  expect(run.summary).toContain('Publishing stopped');
  // Every group the run opened is closed.
  const lines = run.stdout.split('\n');
  const opened = lines.filter((line) => line.startsWith('::group::')).length;
  const closed = lines.filter((line) => line === '::endgroup::').length;
  expect(closed).toBeGreaterThanOrEqual(opened);
}

describe('publishing to a GitHub that never answers', () => {
  it('ends with the step timeout, and the report says what was not published', async () => {
    const started = start('0.1');
    const run = await started.result;
    expectWholeReport(run);
    // The `status` output is the builds' (design §2): they succeeded; the step failed on publishing.
    expect(run.outputs.status).toBe('success');
    expect(run.stdout).toMatch(
      /::error::Publishing stopped: the timeout input \(6s\) passed\..*not published/,
    );
    // It names what landed where, and what did not.
    expect(run.stdout).toContain('draft release assets uploaded: none, not uploaded: linux/x64');
    // 6 s of timeout, then the report; Octokit alone would wait minutes.
    expect(Date.now() - run.spawnedAt).toBeLessThan(15_000);
  }, 30_000);

  it('ends on SIGTERM with every output and the summary written', async () => {
    const started = start();
    let stdout = '';
    started.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // Publishing starts as the installer is downloaded: the release lookup is then under way.
    while (!/linux\/x64: downloaded /.test(stdout)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const signalled = Date.now();
    started.child.kill('SIGTERM');
    const run = await started.result;
    expectWholeReport(run);
    expect(run.outputs.status).toBe('failed');
    expect(run.stdout).toContain('Publishing stopped: cancelled by SIGTERM');
    expect(Date.now() - signalled).toBeLessThan(4_000);
  }, 30_000);
});
