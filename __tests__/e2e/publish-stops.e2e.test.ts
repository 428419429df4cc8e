// Publishing under the step's one deadline: the bundled action, its builds done and downloaded,
// publishing to a GitHub that never answers (a raw server on 127.0.0.1 that takes requests and
// says nothing: GitHub's side, mocked where no stand-in can hang on purpose). The step's timeout or
// a SIGTERM ends publishing, and the report is written whole.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { project, useE2e, type E2eRun } from '../../test-kit/e2e-run.ts';
import { close, listen } from '../../test-kit/stand-ins/http.ts';

const e2e = useE2e({
  emulator: { seedProjects: [project('proj_publish_stops', ['linux'], { name: 'Stops' })] },
});
// Takes every request and never answers it.
const silentGitHub = createServer(() => {});
let githubUrl: string;
beforeAll(async () => {
  githubUrl = await listen(silentGitHub);
});
afterAll(() => close(silentGitHub));

const start = (timeout?: string) =>
  e2e.start({
    inputs: { release: 'true', ...(timeout && { timeout }) },
    env: { GITHUB_API_URL: githubUrl },
    timeoutMs: 60_000,
  });

/** What every stopped publish still reports: the build, its file, the summary; a failed step. */
function expectWholeReport(run: E2eRun): void {
  expect(run.code).toBe(1);
  const [build] = run.builds;
  expect(build!.id).toMatch(/^build_/);
  expect(build!.sha256).toBe(e2e.emulator.artifactFor(build!.id!).sha256);
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
    // real time: the step's own timeout, kept by the action's process, which no test clock reaches.
    const run = await start('0.1').result;
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
    // Publishing starts as the installer is downloaded: the release lookup is then under way.
    await started.logged(/linux\/x64: downloaded /);
    const signalled = Date.now();
    started.child.kill('SIGTERM');
    const run = await started.result;
    expectWholeReport(run);
    expect(run.outputs.status).toBe('failed');
    expect(run.stdout).toContain('Publishing stopped: cancelled by SIGTERM');
    expect(Date.now() - signalled).toBeLessThan(4_000);
  }, 30_000);
});
