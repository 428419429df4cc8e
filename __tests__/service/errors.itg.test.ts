// Every error path the client has, forced for real, and the API key absent from all of them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import {
  ApiError,
  ApiKeyRefusedError,
  ArtifactHostError,
  NetworkError,
  NotFoundError,
  ResponseShapeError,
  TimeoutError,
} from '../../src/service/errors.ts';
import type { RetryEvent } from '../../src/http/retry.ts';
import { FAST_RETRY, PROJECT_ID, useHarness, waitForBuild } from './support.ts';

const KEY = 'dbs_live_0123456789abcdef0123456789abcdef';

/** A stand-in service on loopback for answers the emulator never gives (odd shapes, silence). */
async function standIn(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function clientFor(baseUrl: string, events: RetryEvent[], apiKey = KEY, timeoutMs = 30_000) {
  return new BuildServiceClient({
    baseUrl,
    apiKey,
    timeoutMs,
    retry: { ...FAST_RETRY, maxAttempts: 2 },
    onRetry: (event) => events.push(event),
  });
}

function expectNoSecret(error: unknown, secret: string): void {
  expect(error).toBeInstanceOf(Error);
  const views = [
    (error as Error).message,
    (error as Error).stack ?? '',
    String(error),
    inspect(error, { depth: 10, showHidden: true }),
    JSON.stringify(error),
  ];
  for (const view of views) expect(view).not.toContain(secret);
}

describe('errors', () => {
  const h = useHarness({ apiKey: KEY, artifactSize: 64 * 1024 });

  it('says the key was refused on 401, and never shows it', async () => {
    const { emulator } = h();
    const wrongKey = `${KEY}-revoked`;
    const events: RetryEvent[] = [];
    const client = clientFor(emulator.baseUrl, events, wrongKey);
    try {
      const error = await client.listProjects().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiKeyRefusedError);
      expect(error).toMatchObject({ status: 401, endpoint: 'GET /projects' });
      expect((error as Error).message).toBe(
        'The service refused the API key (HTTP 401 on GET /projects): Missing or invalid API ' +
          'key: send the header "Authorization: Bearer <your API key>". Check that the api-key ' +
          'secret is set, current, and allowed to use this project.',
      );
      expectNoSecret(error, wrongKey);
      expectNoSecret(error, KEY);
    } finally {
      await client.close();
    }
  });

  it('carries status, endpoint and the service message; the key is in none of them', async () => {
    const harness = h();
    const { client, emulator, retries } = harness;
    const build = await client.triggerBuild(PROJECT_ID, { platform: 'mac' });
    await waitForBuild(client, build.id);
    emulator.faults.malformedJson = 0;
    const failures: unknown[] = [];
    const attempt = async (call: () => Promise<unknown>) =>
      failures.push(await call().catch((e) => e));

    await attempt(() => client.getProject('proj_missing'));
    await attempt(() => client.deleteWebhook('wh_missing'));
    await attempt(() => client.createProject({ name: '', url: 'x', platforms: [] }));
    await attempt(() => client.triggerBuild(PROJECT_ID, { platform: 'mac', version: 'one' }));
    emulator.faults.serverErrors = { count: 10 };
    await attempt(() => client.listBuilds(PROJECT_ID));
    emulator.faults.serverErrors = { count: 0 };
    emulator.faults.rateLimit = { count: 1, retryAfter: '9999' };
    await attempt(() => client.listWebhooks());
    emulator.faults.malformedJson = 10;
    await attempt(() => client.getBuildLogs(build.id));
    emulator.faults.malformedJson = 0;
    const directory = await harness.tempDir();
    emulator.faults.expiredArtifactUrls = 2;
    await attempt(() => client.downloadArtifact(build.id, { directory }));
    await attempt(() => client.downloadArtifact('build_missing', { directory }));

    expect(failures.map((e) => (e as Error).name)).toEqual([
      'NotFoundError',
      'NotFoundError',
      'ApiError',
      'ApiError',
      'ApiError',
      'ApiError',
      'ResponseShapeError',
      'ArtifactHostError',
      'NotFoundError',
    ]);
    expect(failures[0]).toMatchObject({ resourceId: 'proj_missing', status: 404 });
    expect((failures[0] as Error).message).toBe(
      "'proj_missing' was not found (HTTP 404 on GET /projects/:projectId): project " +
        "'proj_missing' does not exist (check the id, or list the projects). It may be " +
        "misspelt, deleted, or belong to another account than the API key's.",
    );
    expect(failures[2]).toMatchObject({ status: 400, endpoint: 'POST /projects' });
    expect((failures[2] as ApiError).serviceMessage).toMatch(/name/);
    expect(failures[4]).toMatchObject({ status: 503, endpoint: 'GET /projects/:projectId/builds' });
    expect(failures[6]).toBeInstanceOf(ResponseShapeError);
    expect(failures[7]).toBeInstanceOf(ArtifactHostError);
    for (const error of failures) expectNoSecret(error, KEY);
    expect(JSON.stringify(retries)).not.toContain(KEY);
  });

  it('reads every common error body shape, and redacts a key the service echoes', async () => {
    const bodies = [
      ['application/json', JSON.stringify({ error: { message: `Key ${KEY} is suspended` } })],
      ['application/json', JSON.stringify({ message: 'Project is archived' })],
      ['application/json', JSON.stringify({ error: 'quota exceeded' })],
      ['text/html', `<h1>Forbidden</h1><p>token=${KEY}</p>`],
    ];
    let next = 0;
    const baseUrl = await standIn((_req, res) => {
      const [type, body] = bodies[next++ % bodies.length] ?? [];
      res.writeHead(next === 4 ? 403 : 422, { 'content-type': type });
      res.end(body);
    });
    const client = clientFor(baseUrl, []);
    try {
      const errors: ApiError[] = [];
      for (let i = 0; i < bodies.length; i++) {
        const error: unknown = await client.getBuild('build_1').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        errors.push(error as ApiError);
      }
      expect(errors.map((e) => e.serviceMessage)).toEqual([
        'Key *** is suspended',
        'Project is archived',
        'quota exceeded',
        '<h1>Forbidden</h1><p>token=***</p>',
      ]);
      expect(errors[3]).toBeInstanceOf(ApiKeyRefusedError);
      for (const error of errors) expectNoSecret(error, KEY);
    } finally {
      await client.close();
    }
  });

  it('names the field of a body that does not match the contract', async () => {
    const baseUrl = await standIn((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          // A status the spec does not list is tolerated; one that is not text is not.
          id: 'build_1',
          projectId: 'proj_1',
          platform: 'mac',
          arch: 'x64',
          status: 42,
          createdAt: '2026-01-01T00:00:00Z',
          unknownExtra: true,
        }),
      );
    });
    const client = clientFor(baseUrl, []);
    try {
      const error = await client.getBuild('build_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseShapeError);
      expect(error).toMatchObject({ fieldPath: 'status', status: 200 });
      expect((error as Error).message).toMatch(/: status /);
    } finally {
      await client.close();
    }
  });

  it('tolerates unknown extra fields and nulls in optional ones', async () => {
    const baseUrl = await standIn((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'build_1',
          projectId: 'proj_1',
          platform: 'linux',
          arch: 'arm64',
          status: 'queued',
          createdAt: '2025-01-01T00:00:00Z',
          completedAt: null,
          artifactUrl: null,
          priority: 'high',
        }),
      );
    });
    const client = clientFor(baseUrl, []);
    try {
      const build = await client.getBuild('build_1');
      expect(build).toMatchObject({ id: 'build_1', completedAt: undefined, status: 'queued' });
      expect(build).not.toHaveProperty('priority');
    } finally {
      await client.close();
    }
  });

  it('reports a service that does not answer in time as a TimeoutError', async () => {
    const baseUrl = await standIn(() => {
      // Never answers.
    });
    const events: RetryEvent[] = [];
    const client = clientFor(baseUrl, events, KEY, 150);
    try {
      const error = await client.getProject('proj_1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ timeoutMs: 150, attempts: 2 });
      expect(events.map((e) => e.reason)).toEqual(['no answer within 150 ms']);
      expectNoSecret(error, KEY);
    } finally {
      await client.close();
    }
  });

  it('reports an unreachable service as a NetworkError after retrying', async () => {
    const baseUrl = await standIn(() => undefined);
    const server = servers.pop();
    server?.close();
    await new Promise((resolve) => server?.once('close', resolve));
    const events: RetryEvent[] = [];
    const client = clientFor(baseUrl, events);
    try {
      const error = await client.listProjects().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect(error).not.toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ code: 'ECONNREFUSED', attempts: 2 });
      expect((error as Error).message).toMatch(/base-url/);
      expectNoSecret(error, KEY);
    } finally {
      await client.close();
    }
  });

  it('never sends the key to another origin, even when the service redirects a JSON call', async () => {
    const seen: Array<string | undefined> = [];
    const elsewhere = await standIn((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"projects":[],"total":0}');
    });
    const baseUrl = await standIn((_req, res) => {
      res.writeHead(302, { location: `${elsewhere}/projects` });
      res.end();
    });
    const client = clientFor(baseUrl, []);
    try {
      const error = await client.listProjects().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 302 });
      expect(seen).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('keeps NotFoundError an ApiError so callers can catch both', () => {
    expect(new NotFoundError('GET /x', 'id', undefined)).toBeInstanceOf(ApiError);
    expect(new ApiKeyRefusedError(403, 'GET /x', undefined)).toBeInstanceOf(ApiError);
  });
});
