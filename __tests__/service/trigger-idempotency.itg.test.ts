import { describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { FAST_RETRY, PROJECT_ID, requestsTo, useHarness } from './support.ts';

const TRIGGER_PATH = new RegExp(`^/v1/projects/${PROJECT_ID}/builds$`);

describe('Trigger Build is never duplicated', () => {
  const h = useHarness();

  it('adopts the build a lost response created instead of triggering again', async () => {
    const { client, emulator, retries } = h();
    emulator.faults.loseTriggerResponses = 1;
    const build = await client.triggerBuild(PROJECT_ID, {
      platform: 'mac',
      arch: 'arm64',
      version: '3.1.0',
    });
    const builds = emulator.builds();
    expect(builds).toHaveLength(1);
    expect(build).toMatchObject({
      id: builds[0]?.id,
      platform: 'mac',
      arch: 'arm64',
      version: '3.1.0',
    });
    expect(requestsTo(emulator, 'POST', TRIGGER_PATH)).toHaveLength(1);
    // The list before the trigger, and the one after the lost answer.
    expect(requestsTo(emulator, 'GET', TRIGGER_PATH)).toHaveLength(2);
    expect(retries).toHaveLength(1);
  });

  it('adopts it when the service clock runs a minute behind, by its own list before and after', async () => {
    const { client, emulator } = h();
    emulator.faults.clockSkewMs = -60_000;
    emulator.faults.loseTriggerResponses = 1;
    const build = await client.triggerBuild(PROJECT_ID, { platform: 'mac', version: '3.2.0' });
    expect(emulator.builds().map((b) => b.id)).toEqual([build.id]);
    expect(Date.parse(build.createdAt)).toBeLessThan(Date.now() - 55_000);
    expect(requestsTo(emulator, 'POST', TRIGGER_PATH)).toHaveLength(1);
  });

  it('never adopts a build of the same target the list before the trigger had', async () => {
    const { client, emulator } = h();
    // An earlier build of the same target and version, stamped a minute in the future.
    emulator.faults.clockSkewMs = 60_000;
    const earlier = await client.triggerBuild(PROJECT_ID, { platform: 'mac', version: '3.3.0' });
    emulator.faults.clockSkewMs = 0;
    const knownBuildIds = new Set((await client.listBuilds(PROJECT_ID)).builds.map((b) => b.id));
    emulator.faults.serverErrors = { count: 1, status: 500 };
    const build = await client.triggerBuild(
      PROJECT_ID,
      { platform: 'mac', version: '3.3.0' },
      { knownBuildIds },
    );
    expect(requestsTo(emulator, 'POST', TRIGGER_PATH).map((r) => r.status)).toEqual([
      201, 500, 201,
    ]);
    expect(build.id).not.toBe(earlier.id);
    expect(emulator.builds()).toHaveLength(2);
  });

  it('triggers without a readable list before it, but never re-sends after a lost answer then', async () => {
    const { client, emulator } = h();
    // A service failing every attempt at listing the project's builds.
    emulator.faults.serverErrors = { count: FAST_RETRY.maxAttempts, status: 500 };
    const fine = await client.triggerBuild(PROJECT_ID, { platform: 'linux', version: '3.5.0' });
    expect(fine.platform).toBe('linux');
    emulator.faults.serverErrors = { count: FAST_RETRY.maxAttempts, status: 500 };
    emulator.faults.loseTriggerResponses = 1;
    const error = await client
      .triggerBuild(PROJECT_ID, { platform: 'windows', version: '3.5.0' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'UnknownTriggerOutcomeError' });
    expect((error as Error).message).toMatch(
      /was lost, and the project's build list could not be read/,
    );
    expect(requestsTo(emulator, 'POST', TRIGGER_PATH).filter((r) => r.status === 0)).toHaveLength(
      1,
    );
    expect(emulator.builds().filter((b) => b.platform === 'windows')).toHaveLength(1);
  });

  it('reads a history with entries it cannot read, leaves them out, and still adopts after a lost answer', async () => {
    const { client, emulator } = h();
    // Builds this client cannot read: an id of another form, a version longer than it takes.
    emulator.faults.triggerIds = ['build_bad\n::error::x'];
    await client.triggerBuild(PROJECT_ID, { platform: 'mac' }).catch(() => {});
    const long = `1.0.0-${'a'.repeat(144)}`;
    await client.triggerBuild(PROJECT_ID, { platform: 'mac', version: long }).catch(() => {});
    const unreadableId = emulator.builds().find((b) => b.version === long)!.id;

    const list = await client.listBuilds(PROJECT_ID);
    expect(list.builds).toEqual([]);
    expect(list.total).toBe(2);
    expect(list.unreadable).toEqual([
      { id: undefined, fieldPath: 'builds.0.id', problem: 'is not of the form build_<id>' },
      { id: unreadableId, fieldPath: 'builds.1.version', problem: 'is longer than 128 characters' },
    ]);

    emulator.faults.loseTriggerResponses = 1;
    const build = await client.triggerBuild(PROJECT_ID, { platform: 'mac', version: '3.6.0' });
    expect(build).toMatchObject({ platform: 'mac', version: '3.6.0' });
    expect(requestsTo(emulator, 'POST', TRIGGER_PATH).filter((r) => r.status === 0)).toHaveLength(
      1,
    );
    expect(emulator.builds().filter((b) => b.version === '3.6.0')).toHaveLength(1);
  });

  it('lists once for several triggers when the caller gives the ids it listed', async () => {
    const { client, emulator } = h();
    const knownBuildIds = new Set((await client.listBuilds(PROJECT_ID)).builds.map((b) => b.id));
    const before = requestsTo(emulator, 'GET', TRIGGER_PATH).length;
    emulator.faults.loseTriggerResponses = 2;
    const built = await Promise.all(
      (['mac', 'linux'] as const).map((platform) =>
        client.triggerBuild(PROJECT_ID, { platform, version: '3.4.0' }, { knownBuildIds }),
      ),
    );
    expect(new Set(built.map((b) => b.id)).size).toBe(2);
    expect(emulator.builds()).toHaveLength(2);
    // Only the lists after the lost answers.
    expect(requestsTo(emulator, 'GET', TRIGGER_PATH).length - before).toBe(2);
  });

  it('re-sends with the same Idempotency-Key when the lost attempt created nothing of ours', async () => {
    const { client, emulator } = h();
    // Another build of the same project exists, and one of a different arch appears meanwhile.
    await client.triggerBuild(PROJECT_ID, { platform: 'linux', version: '1.0.0' });
    const knownBuildIds = new Set((await client.listBuilds(PROJECT_ID)).builds.map((b) => b.id));
    emulator.faults.serverErrors = { count: 1, status: 500 };
    const build = await client.triggerBuild(
      PROJECT_ID,
      { platform: 'linux', version: '1.0.1' },
      { knownBuildIds },
    );
    expect(emulator.builds()).toHaveLength(2);
    expect(build.version).toBe('1.0.1');
    const posts = requestsTo(emulator, 'POST', TRIGGER_PATH).slice(1);
    expect(posts.map((r) => r.status)).toEqual([500, 201]);
    const keys = posts.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // The reconciling list ran between the two attempts.
    const order = emulator.requests
      .filter((r) => TRIGGER_PATH.test(r.path))
      .slice(3)
      .map((r) => `${r.method} ${r.status}`);
    expect(order).toEqual(['POST 500', 'GET 200', 'POST 201']);
  });

  it('adopts its build after an unparsable answer (malformedJson)', async () => {
    const { client, emulator } = h();
    emulator.faults.malformedJson = 1;
    const build = await client.triggerBuild(PROJECT_ID, { platform: 'windows', version: '2.0.0' });
    expect(emulator.builds().map((b) => b.id)).toEqual([build.id]);
    expect(requestsTo(emulator, 'POST', TRIGGER_PATH)).toHaveLength(1);
  });

  it('survives several lost answers in a row for concurrent triggers, one build each', async () => {
    const { client, emulator } = h();
    emulator.faults.loseTriggerResponses = 3;
    const results = await Promise.all(
      (['mac', 'windows', 'linux'] as const).map((platform) =>
        client.triggerBuild(PROJECT_ID, { platform, arch: 'x64', version: '4.0.0' }),
      ),
    );
    const builds = emulator.builds();
    expect(builds).toHaveLength(3);
    expect(new Set(results.map((b) => b.id))).toEqual(new Set(builds.map((b) => b.id)));
    expect(results.map((b) => b.platform)).toEqual(['mac', 'windows', 'linux']);
  });

  it('never re-sends blindly: if reconciling fails, the trigger fails without a second POST', async () => {
    const { emulator } = h();
    emulator.faults.loseTriggerResponses = 1;
    // Once the lost answer is noticed, the service starts failing, so the reconciling list cannot succeed.
    const client = new BuildServiceClient({
      baseUrl: emulator.baseUrl,
      apiKey: emulator.apiKey,
      retry: FAST_RETRY,
      onRetry: () => {
        emulator.faults.serverErrorsUntil = Date.now() + 60_000;
      },
    });
    try {
      const error = await client
        .triggerBuild(PROJECT_ID, { platform: 'linux', version: '5.0.0' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'ApiError', status: 503 });
      const posts = requestsTo(emulator, 'POST', TRIGGER_PATH);
      expect(posts).toHaveLength(1);
      expect(posts[0]?.status).toBe(0);
      expect(requestsTo(emulator, 'GET', TRIGGER_PATH).length).toBeGreaterThan(0);
      expect(emulator.builds()).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('does not duplicate projects or webhooks either', async () => {
    const { client, emulator } = h();
    emulator.faults.malformedJson = 1;
    const project = await client.createProject({
      name: 'Once',
      url: 'https://once.example.com',
      platforms: ['mac'],
    });
    expect(
      emulator
        .projects()
        .filter((p) => p.name === 'Once')
        .map((p) => p.id),
    ).toEqual([project.id]);
    emulator.faults.malformedJson = 1;
    const webhook = await client.createWebhook({
      url: 'https://hooks.example.com/once',
      events: ['project.created'],
    });
    expect((await client.listWebhooks()).webhooks.map((w) => w.id)).toEqual([webhook.id]);
  });
});
