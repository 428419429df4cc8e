import { describe, expect, it } from 'vitest';
import { ApiError, ResponseShapeError } from '../../src/service/errors.ts';
import { systemClock, systemSleep } from '../../src/http/retry.ts';
import { pollBuild } from '../../src/builds/poll.ts';
import { PROJECT_ID, requestsTo, useHarness } from './support.ts';

describe('retries against the emulator', () => {
  const h = useHarness();

  it.each([500, 502, 503, 504, 408])('retries HTTP %i and then succeeds', async (status) => {
    const { client, emulator, retries } = h();
    emulator.faults.serverErrors = { count: 2, status };
    const list = await client.listProjects();
    expect(list.total).toBe(1);
    expect(retries.map((r) => [r.endpoint, r.attempt, r.reason])).toEqual([
      ['GET /projects', 1, `HTTP ${status}`],
      ['GET /projects', 2, `HTTP ${status}`],
    ]);
  });

  it('gives up after maxAttempts with the last status and the number of attempts', async () => {
    const { client, emulator } = h();
    emulator.faults.serverErrors = { count: 100, status: 502 };
    const error = await client.getProject(PROJECT_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, attempts: 5, endpoint: 'GET /projects/:projectId' });
    expect((error as Error).message).toMatch(/after 5 attempts/);
    expect(emulator.faults.serverErrors.count).toBe(95);
  });

  it('waits as long as Retry-After (seconds) says on 429', async () => {
    const { client, emulator, retries } = h();
    emulator.faults.rateLimit = { count: 1, retryAfter: '1' };
    await client.listWebhooks();
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ delayMs: 1000, reason: 'HTTP 429, Retry-After 1000 ms' });
    const [first, second] = emulator.requests;
    expect(first?.status).toBe(429);
    expect(second?.status).toBe(200);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it('waits until the HTTP date Retry-After names', async () => {
    const { client, emulator, retries } = h();
    // HTTP dates have whole seconds: the wait is 1–2 s.
    emulator.faults.rateLimit = {
      count: 1,
      retryAfter: new Date(Date.now() + 2_000).toUTCString(),
    };
    await client.listProjects();
    expect(retries[0]?.delayMs).toBeGreaterThan(900);
    expect(retries[0]?.delayMs).toBeLessThanOrEqual(2_000);
    const [first, second] = emulator.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(retries[0]?.delayMs ?? 0);
  });

  it('fails at once when Retry-After is beyond the retry budget', async () => {
    const { client, emulator } = h();
    emulator.faults.rateLimit = { count: 1, retryAfter: '3600' };
    const error = await client.listProjects().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ApiError', status: 429, attempts: 1 });
    expect((error as ApiError).serviceMessage).toMatch(/Too many requests/);
  });

  it('retries an unparsable JSON body (malformedJson) on reads', async () => {
    const { client, emulator, retries } = h();
    emulator.faults.malformedJson = 1;
    const project = await client.getProject(PROJECT_ID);
    expect(project.id).toBe(PROJECT_ID);
    expect(retries.map((r) => r.reason)).toEqual(['unparsable JSON body']);
  });

  it('reports a body that stays unparsable as a ResponseShapeError', async () => {
    const { client, emulator } = h();
    emulator.faults.malformedJson = 100;
    const error = await client.listBuilds(PROJECT_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error).toMatchObject({ fieldPath: '(body)', attempts: 5, status: 200 });
  });

  it('does not retry client errors', async () => {
    const { client, emulator, retries } = h();
    await expect(
      client.updateProject(PROJECT_ID, { platforms: ['beos'] } as never),
    ).rejects.toMatchObject({ status: 400 });
    expect(retries).toEqual([]);
    expect(emulator.requests).toHaveLength(1);
  });

  it('retries a poll read in one layer: the poll waits, as the service asked, the client does not', async () => {
    const { client, emulator, retries } = h();
    const { id } = await client.triggerBuild(PROJECT_ID, { platform: 'linux', version: '1.0.0' });
    emulator.faults.serverErrors = { count: 2, status: 503 };
    const once = await client.getBuildOnce(id);
    expect(once).toMatchObject({ ok: false, failure: { retryable: true, reason: 'HTTP 503' } });
    expect(retries).toEqual([]);
    emulator.faults.rateLimit = { count: 1, retryAfter: '1' };
    const waits: number[] = [];
    const outcome = await pollBuild(client, id, {
      intervalMs: 20,
      deadline: Date.now() + 10_000,
      clock: systemClock,
      sleep: systemSleep,
      onUpdate: () => {},
      onTransientError: (_error, delayMs) => waits.push(delayMs),
    });
    expect(outcome).toMatchObject({ kind: 'ended', build: { status: 'success' } });
    expect(retries).toEqual([]);
    expect(waits[0]).toBeLessThan(1000);
    expect(waits[1]).toBe(1000);
    const reads = requestsTo(emulator, 'GET', /^\/v1\/builds\/[^/]+$/).map(
      (request) => request.status,
    );
    expect(reads.slice(0, 4)).toEqual([503, 503, 429, 200]);
  });

  it('stops at once when the caller aborts, during a request or a wait', async () => {
    const { client, emulator } = h();
    emulator.faults.rateLimit = { count: 1, retryAfter: '3' };
    const controller = new AbortController();
    const listed = client.listProjects({ signal: controller.signal }).catch((e: unknown) => e);
    // Once the service got the request (not after a fixed time, which on a loaded machine may
    // come before it was sent): the abort meets its answer or the 3 s wait it asks for.
    // real time: polls what real sockets change, and ends as soon as it holds
    while (emulator.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort(new Error('stop now'));
    const error = await listed;
    expect((error as Error).message).toBe('stop now');
    expect(emulator.requests).toHaveLength(1);
    await expect(client.listProjects({ signal: controller.signal })).rejects.toThrow('stop now');
  });
});
