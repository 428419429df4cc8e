// The webhook round trip: the emulator delivers real events over loopback to the example receiver
// (examples/webhook-receiver.mjs) and to a recording receiver; every event of spec §6.1 arrives,
// signed (§6.3), with the payload fields of §6.2; failures are retried (§6.4); forged deliveries
// are rejected.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookReceiver } from '../../examples/webhook-receiver.mjs';
import { BuildServiceClient } from '../../src/service/client.ts';
import {
  BuildEventData,
  EVENT_TYPES,
  ProjectEventData,
  WebhookEvent,
  type EventType,
} from '../../src/service/schemas.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { signPayload, verifySignature } from '../../src/webhooks/signature.ts';

const SECRET = 'whsec_round_trip';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback receiver that records every request and answers with `status(n)` for the n-th. */
async function recordingReceiver(status: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(status(received.length)).end();
    });
  });
  return { server, received, port: await listen(server) };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    // real time: polls what real sockets change, and ends as soon as it holds
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Receivers by path on the registered (https) host, each a loopback port. */
const ports = new Map<string, number>();
let emulator: Emulator;
let client: BuildServiceClient;

beforeAll(async () => {
  emulator = await startEmulator({
    queuedMs: 20,
    buildingMs: 60,
    webhookRetryDelayMs: 20,
    webhookTarget: (url) => new URL(`http://127.0.0.1:${ports.get(url.pathname) ?? 9}/`),
  });
  client = new BuildServiceClient({
    baseUrl: emulator.baseUrl,
    apiKey: emulator.apiKey,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
  });
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
afterEach(async () => {
  for (const { id } of (await client.listWebhooks()).webhooks) await client.deleteWebhook(id);
});

async function register(path: string, port: number, events: readonly EventType[], secret?: string) {
  ports.set(path, port);
  return client.createWebhook({
    url: `https://receiver.test${path}`,
    events: [...events],
    ...(secret ? { secret } : {}),
  });
}

/** Spec §6.2: `data.build` of build events (values may be null until known). */
const BUILD_FIELDS = [
  'arch',
  'artifactUrl',
  'duration',
  'id',
  'platform',
  'projectId',
  'status',
  'version',
];

const BUILD_STATUS_OF: Partial<Record<EventType, string>> = {
  'build.queued': 'queued',
  'build.started': 'building',
  'build.succeeded': 'success',
  'build.failed': 'failed',
};

describe('webhook deliveries', () => {
  it('deliver every event type, signed, with the spec fields, to the example receiver once each', async () => {
    const recorder = await recordingReceiver();
    const handled: WebhookEvent[] = [];
    const example = createWebhookReceiver({ secret: SECRET, onEvent: (e) => void handled.push(e) });
    try {
      await register('/record', recorder.port, EVENT_TYPES, SECRET);
      await register('/example', await listen(example), EVENT_TYPES, SECRET);

      const project = await client.createProject({
        name: 'Hooked',
        url: 'https://hooked.example.com',
        platforms: ['mac', 'windows'],
      });
      await client.updateProject(project.id, { name: 'Hooked 2' });
      emulator.faults.failBuilds = [{ platform: 'windows' }];
      const good = await client.triggerBuild(project.id, { platform: 'mac', version: '1.0.0' });
      const bad = await client.triggerBuild(project.id, { platform: 'windows', version: '1.0.0' });
      const finished = (type: EventType, buildId: string) => () =>
        recorder.received.some((r) => r.body.includes(`"${type}"`) && r.body.includes(buildId));
      await until('build.succeeded', finished('build.succeeded', good.id));
      await until('build.failed', finished('build.failed', bad.id));
      await client.deleteProject(project.id);
      await until('every delivery', () => recorder.received.length === 9 && handled.length === 9);

      const events = recorder.received.map((delivery) => {
        expect(delivery.path).toBe('/');
        expect(delivery.headers['content-type']).toMatch(/^application\/json/);
        const signature = delivery.headers['x-service-signature'] as string;
        expect(signature).toBe(signPayload(SECRET, delivery.body));
        expect(verifySignature(SECRET, delivery.body, signature)).toBe(true);
        const event = WebhookEvent.parse(JSON.parse(delivery.body));
        expect(event.id).toMatch(/^evt_/);
        expect(delivery.headers['x-service-delivery']).toBe(event.id);
        expect(delivery.headers['x-service-event']).toBe(event.type);
        expect(new Date(event.createdAt).toISOString()).toBe(event.createdAt);
        return event;
      });
      expect(new Set(events.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));

      for (const event of events) {
        const status = BUILD_STATUS_OF[event.type];
        if (status) {
          const { build, project: owner } = BuildEventData.parse(event.data);
          expect(Object.keys(event.data.build as object).sort()).toEqual(BUILD_FIELDS);
          expect(build).toMatchObject({ projectId: project.id, status, version: '1.0.0' });
          expect([good.id, bad.id]).toContain(build.id);
          expect(owner).toEqual({ id: project.id, name: 'Hooked 2' });
          if (event.type === 'build.succeeded') {
            expect(build).toMatchObject({ id: good.id, platform: 'mac', arch: 'x64' });
            expect(build.artifactUrl).toMatch(/^http/);
            expect(build.duration).toEqual(expect.any(Number));
          }
          if (event.type === 'build.failed') expect(build.id).toBe(bad.id);
        } else {
          expect(ProjectEventData.parse(event.data).project.id).toBe(project.id);
        }
      }
      const names = events
        .filter((e) => e.type.startsWith('project.'))
        .map((e) => [e.type, ProjectEventData.parse(e.data).project.name]);
      expect(names).toEqual([
        ['project.created', 'Hooked'],
        ['project.updated', 'Hooked 2'],
        ['project.deleted', 'Hooked 2'],
      ]);

      // The example receiver handled the same events, each once.
      expect(handled.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
    } finally {
      await closeServer(recorder.server);
      await closeServer(example);
    }
  });

  it('retry a receiver that answers 500: 4 attempts, the same event and body each time', async () => {
    const failing = await recordingReceiver(() => 500);
    const flaky = await recordingReceiver((n) => (n <= 2 ? 500 : 200));
    try {
      await register('/failing', failing.port, ['project.created'], SECRET);
      await register('/flaky', flaky.port, ['project.created'], SECRET);
      const project = await client.createProject({
        name: 'Retried',
        url: 'https://retried.example.com',
        platforms: ['linux'],
      });
      const attempts = (url: string) =>
        emulator.deliveries.filter((d) => d.url === `https://receiver.test${url}`);
      await until(
        '4 attempts',
        () => attempts('/failing').length === 4 && flaky.received.length === 3,
      );
      // That no 5th attempt comes is __tests__/emulator/webhooks.test.ts's, on a manual clock.

      expect(attempts('/failing').map((d) => [d.attempt, d.status])).toEqual([
        [1, 500],
        [2, 500],
        [3, 500],
        [4, 500],
      ]);
      expect(failing.received).toHaveLength(4);
      expect(new Set(failing.received.map((r) => r.body)).size).toBe(1);
      expect(new Set(failing.received.map((r) => r.headers['x-service-delivery'])).size).toBe(1);
      const event = WebhookEvent.parse(JSON.parse(failing.received[0]?.body ?? ''));
      expect(event).toMatchObject({
        type: 'project.created',
        data: { project: { id: project.id } },
      });

      expect(attempts('/flaky').map((d) => d.status)).toEqual([500, 500, 200]);
      expect(flaky.received.map((r) => r.headers['x-service-delivery'])).toEqual([
        event.id,
        event.id,
        event.id,
      ]);
    } finally {
      await closeServer(failing.server);
      await closeServer(flaky.server);
    }
  });

  it('are rejected by the receiver when tampered with, signed with another secret, unsigned or replayed', async () => {
    const recorder = await recordingReceiver();
    const handled: WebhookEvent[] = [];
    const example = createWebhookReceiver({ secret: SECRET, onEvent: (e) => void handled.push(e) });
    const examplePort = await listen(example);
    const strangers = createWebhookReceiver({ secret: 'another secret', onEvent: () => {} });
    try {
      await register('/record', recorder.port, ['project.created'], SECRET);
      await register('/wrong-secret', await listen(strangers), ['project.created'], SECRET);
      await register('/unsigned', examplePort, ['project.created']);
      await client.createProject({
        name: 'Forged',
        url: 'https://f.example.com',
        platforms: ['mac'],
      });
      const attempts = (url: string) =>
        emulator.deliveries.filter((d) => d.url === `https://receiver.test${url}`);
      await until(
        'deliveries',
        () =>
          recorder.received.length === 1 &&
          attempts('/wrong-secret').length === 4 &&
          attempts('/unsigned').length === 4,
      );
      // A receiver that has another secret refuses every attempt, and so does one given no signature.
      expect(attempts('/wrong-secret').map((d) => d.status)).toEqual([401, 401, 401, 401]);
      expect(attempts('/unsigned').map((d) => d.status)).toEqual([401, 401, 401, 401]);
      expect(handled).toEqual([]);

      const genuine = recorder.received[0] as Received;
      const post = (body: string, signature: string) =>
        fetch(`http://127.0.0.1:${examplePort}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-signature': signature },
          body,
        }).then((response) => response.status);
      const signature = genuine.headers['x-service-signature'] as string;
      const tampered = genuine.body.replace('"Forged"', '"Forget"');
      expect(tampered).not.toBe(genuine.body);

      expect(await post(tampered, signature)).toBe(401);
      expect(await post(genuine.body, signPayload('wrong secret', genuine.body))).toBe(401);
      expect(await post(genuine.body, signature.slice(0, -2))).toBe(401);
      expect(handled).toEqual([]);

      expect(await post(genuine.body, signature)).toBe(200);
      expect(await post(genuine.body, `sha256=${signature}`)).toBe(200); // a retry of it
      await until('the handler', () => handled.length === 1);
      // real time: the receiver handles a delivery after it answers, so a second handling would come later
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(handled.map((e) => e.id)).toEqual([genuine.headers['x-service-delivery']]);
    } finally {
      await closeServer(recorder.server);
      await closeServer(example);
      await closeServer(strangers);
    }
  });
});
