import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, startEmulator, type Emulator } from '../../emulator/index.ts';
import { call, createProject, finished, triggerBuild } from './helpers.ts';

let emulator: Emulator;
let projectId: string;
beforeAll(async () => {
  emulator = await startEmulator({ queuedMs: 30, buildingMs: 120, logIntervalMs: 15 });
  projectId = (await createProject(emulator, { config: { version: '0.9.0' } })).id;
});
afterAll(() => emulator.close());

describe('trigger build', () => {
  it('queues a build (201) with the documented fields, defaulting arch and version', async () => {
    const answer = await call(emulator, 'POST', `/projects/${projectId}/builds`, {
      platform: 'linux',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      projectId,
      platform: 'linux',
      arch: 'x64',
      version: '0.9.0',
      status: 'queued',
    });
    expect(answer.body.id).toMatch(/^build_/);
    expect(typeof answer.body.message).toBe('string');
  });

  it.each([
    [{}, /'platform'.*'mac', 'windows', 'linux'/],
    [{ platform: 'amiga' }, /'platform'/],
    [{ platform: 'mac', arch: 'ia32' }, /'arch'.*'x64', 'arm64'/],
    [{ platform: 'mac', version: 'v1.2' }, /'version'.*semantic/],
    [{ platform: 'mac', flavour: 'x' }, /'flavour'/],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const answer = await call(emulator, 'POST', `/projects/${projectId}/builds`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
  });

  it('ignores Idempotency-Key: the same key twice makes two builds', async () => {
    const headers = { 'Idempotency-Key': 'same-key' };
    const body = { platform: 'mac', arch: 'arm64', version: '5.0.0' };
    const first = await call(emulator, 'POST', `/projects/${projectId}/builds`, body, headers);
    const second = await call(emulator, 'POST', `/projects/${projectId}/builds`, body, headers);
    expect(first.body.id).not.toBe(second.body.id);
  });
});

describe('build lifecycle', () => {
  it('goes queued → building → success, with logs growing while it builds', async () => {
    // On a clock of its own: each phase is read when the test moves time, however busy the machine.
    const clock = createManualClock();
    const clocked = await startEmulator({
      clock,
      queuedMs: 30,
      buildingMs: 120,
      logIntervalMs: 15,
    });
    try {
      const project = await createProject(clocked);
      const { id } = await triggerBuild(clocked, project.id, {
        platform: 'windows',
        version: '1.2.3',
      });
      const queued = await call(clocked, 'GET', `/builds/${id}`);
      expect(queued.body).toMatchObject({ status: 'queued', startedAt: null, artifactUrl: null });
      expect(queued.body).not.toHaveProperty('completedAt');

      clock.advance(30);
      const building = (await call(clocked, 'GET', `/builds/${id}`)).body;
      expect(building.status).toBe('building');
      expect(building.startedAt).toEqual(expect.any(String));
      clock.advance(15);
      const early = await call(clocked, 'GET', `/builds/${id}/logs`);

      clock.advance(120);
      const done = (await call(clocked, 'GET', `/builds/${id}`)).body;
      expect(done).toMatchObject({
        status: 'success',
        version: '1.2.3',
        artifactSize: 1024 * 1024,
      });
      expect(Number.isInteger(done.duration)).toBe(true);
      expect(done.completedAt).toEqual(expect.any(String));
      expect(done.buildLog).toBe(`${clocked.baseUrl}/builds/${id}/logs`);
      expect(done.artifactUrl).toMatch(
        new RegExp(
          `^${clocked.artifactBaseUrl}/artifacts/${id}/Test-App-1\\.2\\.3-windows-x64\\.exe\\?sig=`,
        ),
      );

      const logs = await call(clocked, 'GET', `/builds/${id}/logs`);
      expect(logs.body.buildId).toBe(id);
      expect(logs.body.logs.length).toBeGreaterThan(early.body.logs.length);
      expect(logs.body.logs.map((e: { level: string }) => e.level)).toContain('warning');
      expect(logs.body.logs.at(-1)).toMatchObject({ level: 'success' });
      const times = logs.body.logs.map((e: { timestamp: string }) => Date.parse(e.timestamp));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    } finally {
      await clocked.close();
    }
  });

  it('lists builds as summaries with a shortened artifactUrl', async () => {
    const { id } = await triggerBuild(emulator, projectId, { platform: 'mac' });
    const done = await finished(emulator, id);
    const list = await call(emulator, 'GET', `/projects/${projectId}/builds`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(list.body.builds.length);
    const item = list.body.builds.find((b: { id: string }) => b.id === id);
    expect(Object.keys(item).sort()).toEqual(
      [
        'arch',
        'artifactUrl',
        'completedAt',
        'createdAt',
        'id',
        'platform',
        'projectId',
        'status',
        'version',
      ].sort(),
    );
    expect(item.artifactUrl).toBe(new URL(done.artifactUrl).pathname);
  });

  it('shows builds() as Get Build does', async () => {
    const { id } = await triggerBuild(emulator, projectId, { platform: 'linux', arch: 'arm64' });
    const done = await finished(emulator, id);
    const fromEmulator = emulator.builds().find((b) => b.id === id);
    expect(fromEmulator).toEqual(done);
  });

  it('answers 404 for unknown builds on get, logs and download', async () => {
    for (const path of [
      '/builds/build_nope',
      '/builds/build_nope/logs',
      '/builds/build_nope/download',
    ]) {
      const answer = await call(emulator, 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.error.message).toContain('build_nope');
    }
  });
});

describe('download artifact', () => {
  it('answers 409 while the build is unfinished, then 302 to the artifactUrl', async () => {
    const { id } = await triggerBuild(emulator, projectId, { platform: 'mac', arch: 'arm64' });
    const early = await call(emulator, 'GET', `/builds/${id}/download`);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toContain(id);
    const done = await finished(emulator, id);
    const redirect = await call(emulator, 'GET', `/builds/${id}/download`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(done.artifactUrl);
  });
});

describe('close', () => {
  it('stops every timer: builds and webhook retries freeze, and the ports are released', async () => {
    const clock = createManualClock();
    const short = await startEmulator({
      clock,
      queuedMs: 20,
      buildingMs: 40,
      webhookRetryDelayMs: 20,
      webhookTarget: () => new URL('http://127.0.0.1:1/'),
    });
    await call(short, 'POST', '/webhooks', { url: 'https://r.test/', events: ['build.queued'] });
    const project = await createProject(short);
    const { id } = await triggerBuild(short, project.id, { platform: 'mac' });
    await short.close();
    const deliveries = short.deliveries.length;
    expect(clock.pending()).toBe(0);
    clock.advance(120);
    expect(short.builds().find((b) => b.id === id)?.status).toBe('queued');
    expect(short.deliveries.length).toBe(deliveries);
    await expect(fetch(`${short.baseUrl}/projects`)).rejects.toThrow();
  });
});
