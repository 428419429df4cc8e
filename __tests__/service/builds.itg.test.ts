import { describe, expect, it } from 'vitest';
import { ApiError, NotFoundError } from '../../src/service/errors.ts';
import { createManualClock } from '../../emulator/index.ts';
import { PROJECT_ID, useHarness, waitForBuild } from './support.ts';

describe('build endpoints against the emulator', () => {
  const h = useHarness();

  it('triggers a build, lists it, reads it and its logs until it succeeds', async () => {
    const { client } = h();
    const triggered = await client.triggerBuild(PROJECT_ID, {
      platform: 'linux',
      arch: 'arm64',
      version: '1.4.2',
    });
    expect(triggered).toMatchObject({
      projectId: PROJECT_ID,
      platform: 'linux',
      arch: 'arm64',
      version: '1.4.2',
      status: 'queued',
    });
    expect(triggered.id).toMatch(/^build_/);

    const list = await client.listBuilds(PROJECT_ID);
    expect(list.total).toBe(1);
    expect(list.builds[0]).toMatchObject({ id: triggered.id, platform: 'linux', arch: 'arm64' });

    const done = await waitForBuild(client, triggered.id);
    expect(done).toMatchObject({ id: triggered.id, status: 'success' });
    expect(done.artifactSize).toBeGreaterThan(0);
    expect(done.artifactUrl).toEqual(expect.any(String));
    expect(done.buildLog).toContain(`/builds/${triggered.id}/logs`);
    expect(done.completedAt).toEqual(expect.any(String));

    const logs = await client.getBuildLogs(triggered.id);
    expect(logs.buildId).toBe(triggered.id);
    expect(logs.logs.length).toBeGreaterThan(1);
    expect(logs.logs.at(-1)?.level).toBe('success');
  });

  it('defaults arch to x64 and version to the project version', async () => {
    const { client } = h();
    const triggered = await client.triggerBuild(PROJECT_ID, { platform: 'mac' });
    expect(triggered.arch).toBe('x64');
    expect(triggered.version).toEqual(expect.any(String));
  });

  it('shows failing builds (failBuilds) with their error lines, and no artifact to download', async () => {
    const { client, emulator } = h();
    emulator.faults.failBuilds = [{ platform: 'windows' }];
    const failing = await client.triggerBuild(PROJECT_ID, {
      platform: 'windows',
      version: '2.0.0',
    });
    const passing = await client.triggerBuild(PROJECT_ID, { platform: 'mac', version: '2.0.0' });
    expect((await waitForBuild(client, failing.id)).status).toBe('failed');
    expect((await waitForBuild(client, passing.id)).status).toBe('success');
    const logs = await client.getBuildLogs(failing.id);
    expect(logs.logs.some((entry) => entry.level === 'error')).toBe(true);
    const directory = await h().tempDir();
    const error = await client.downloadArtifact(failing.id, { directory }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, endpoint: 'GET /builds/:buildId/download' });
    expect((error as ApiError).serviceMessage).toMatch(/failed/);
  });

  it('names the missing id on 404', async () => {
    const { client } = h();
    for (const call of [
      () => client.getBuild('build_nope'),
      () => client.getBuildLogs('build_nope'),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).resourceId).toBe('build_nope');
      expect((error as Error).message).toContain("'build_nope' was not found");
    }
    await expect(client.listBuilds('proj_nope')).rejects.toMatchObject({
      name: 'NotFoundError',
      resourceId: 'proj_nope',
      endpoint: 'GET /projects/:projectId/builds',
    });
    await expect(client.triggerBuild('proj_nope', { platform: 'mac' })).rejects.toMatchObject({
      name: 'NotFoundError',
      resourceId: 'proj_nope',
    });
  });
});

// On a manual clock: the late lines come exactly when the emulator's time says, not when a busy
// machine gets round to a request.
describe('build logs that grow after the build ended', () => {
  const clock = createManualClock();
  const h = useHarness({ clock });

  it('shows hanging builds (hangBuilds) as building', async () => {
    const { client, emulator } = h();
    emulator.faults.hangBuilds = [{ arch: 'arm64' }];
    const build = await client.triggerBuild(PROJECT_ID, { platform: 'linux', arch: 'arm64' });
    // Far past its 20 ms queued and 120 ms building.
    clock.advance(1_000);
    expect((await client.getBuild(build.id)).status).toBe('building');
    expect((await client.listBuilds(PROJECT_ID)).builds[0]?.status).toBe('building');
  });

  it('returns log lines verbatim (injectLogLines) and lines that arrive late (lateLogLines)', async () => {
    const { client, emulator } = h();
    emulator.faults.injectLogLines = ['::set-output name=x::pwned', '::error::fake'];
    emulator.faults.lateLogLines = 2;
    emulator.faults.lateLogIntervalMs = 30;
    const build = await client.triggerBuild(PROJECT_ID, { platform: 'linux' });
    clock.advance(20 + 120);
    expect((await client.getBuild(build.id)).status).toBe('success');
    const atEnd = (await client.getBuildLogs(build.id)).logs;
    expect(atEnd.map((entry) => entry.message)).toEqual(
      expect.arrayContaining(['::set-output name=x::pwned', '::error::fake']),
    );
    clock.advance(29);
    expect((await client.getBuildLogs(build.id)).logs).toEqual(atEnd);
    clock.advance(31);
    const later = (await client.getBuildLogs(build.id)).logs;
    expect(later.length).toBe(atEnd.length + 2);
    expect(later.slice(0, atEnd.length)).toEqual(atEnd);
  });
});
