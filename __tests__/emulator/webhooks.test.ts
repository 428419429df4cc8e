import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, startEmulator, type Emulator } from '../../emulator/index.ts';
import { verifySignature } from '../../src/webhooks/signature.ts';
import { call, createProject, finished, triggerBuild, waitFor } from './helpers.ts';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

// A loopback receiver standing in for https://receiver.test; it fails the first `failures` posts.
let receiver: Server;
let receiverUrl: URL;
let received: Received[] = [];
let failures = 0;
let emulator: Emulator;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (failures > 0) {
        failures -= 1;
        res.writeHead(500).end();
      } else {
        res.writeHead(200).end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = new URL(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`);
  emulator = await startEmulator({
    queuedMs: 10,
    buildingMs: 30,
    webhookRetryDelayMs: 20,
    webhookTarget: (registered) => new URL(registered.pathname, receiverUrl),
  });
});
beforeEach(async () => {
  for (const hook of (await call(emulator, 'GET', '/webhooks')).body.webhooks) {
    await call(emulator, 'DELETE', `/webhooks/${hook.id}`);
  }
  received = [];
  failures = 0;
  emulator.deliveries.length = 0;
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const register = async (events: string[], secret?: string, path = '/hook') => {
  const answer = await call(emulator, 'POST', '/webhooks', {
    url: `https://receiver.test${path}`,
    events,
    ...(secret !== undefined && { secret }),
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
};

describe('webhook resources', () => {
  it('creates (201), lists and deletes webhooks, never returning the secret', async () => {
    const created = await call(emulator, 'POST', '/webhooks', {
      url: 'https://receiver.test/a',
      events: ['build.succeeded', 'build.failed'],
      secret: 'top-secret',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^wh_/),
      url: 'https://receiver.test/a',
      events: ['build.succeeded', 'build.failed'],
      active: true,
      createdAt: expect.any(String),
    });
    const list = await call(emulator, 'GET', '/webhooks');
    expect(list.body).toEqual({ webhooks: [created.body], total: 1 });
    expect(JSON.stringify(list.body)).not.toContain('top-secret');
    const deleted = await call(emulator, 'DELETE', `/webhooks/${created.body.id}`);
    expect(deleted.body).toMatchObject({ id: created.body.id, deleted: true });
    expect((await call(emulator, 'DELETE', `/webhooks/${created.body.id}`)).status).toBe(404);
  });

  it.each([
    [{ url: 'http://receiver.test/a', events: ['build.queued'] }, /'url'.*https/],
    [
      { url: 'https://receiver.test/a', events: ['build.exploded'] },
      /'events\[0\]'.*'build.queued'/,
    ],
    [{ url: 'https://receiver.test/a', events: [] }, /'events'/],
    [{ url: 'https://receiver.test/a', events: ['build.queued'], secret: 5 }, /'secret'/],
    [{ url: 'https://receiver.test/a', events: ['build.queued'], active: false }, /'active'/],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const answer = await call(emulator, 'POST', '/webhooks', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
  });
});

describe('deliveries', () => {
  it('delivers every build event in order, signed, with event headers and the payload of §6.2', async () => {
    await register(['build.queued', 'build.started', 'build.succeeded'], 'shh');
    const project = await createProject(emulator, { name: 'Hooked' });
    const { id } = await triggerBuild(emulator, project.id, { platform: 'mac', version: '1.0.1' });
    const build = await finished(emulator, id);
    // The emulator records a delivery once it has the receiver's answer, a moment after the
    // receiver saw the request: wait for both.
    await waitFor(() =>
      received.length === 3 && emulator.deliveries.length === 3 ? true : undefined,
    );
    const events = received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.type)).toEqual(['build.queued', 'build.started', 'build.succeeded']);
    for (const [i, r] of received.entries()) {
      expect(r.path).toBe('/hook');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-service-event']).toBe(events[i].type);
      expect(r.headers['x-service-delivery']).toBe(events[i].id);
      expect(verifySignature('shh', r.body, r.headers['x-service-signature'] as string)).toBe(true);
    }
    expect(events[2]).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'build.succeeded',
      createdAt: expect.any(String),
      data: {
        build: {
          id,
          projectId: project.id,
          version: '1.0.1',
          platform: 'mac',
          arch: 'x64',
          status: 'success',
          artifactUrl: build.artifactUrl,
          duration: build.duration,
        },
        project: { id: project.id, name: 'Hooked' },
      },
    });
    expect(emulator.deliveries.map((d) => [d.type, d.attempt, d.status])).toEqual([
      ['build.queued', 1, 200],
      ['build.started', 1, 200],
      ['build.succeeded', 1, 200],
    ]);
    expect(emulator.deliveries[0]?.url).toBe('https://receiver.test/hook');
  });

  it('delivers build.failed and the project events, only to subscribed webhooks', async () => {
    await register(
      ['project.created', 'project.updated', 'project.deleted', 'build.failed'],
      's',
      '/p',
    );
    await register(['build.succeeded'], 's', '/other');
    emulator.faults.failBuilds = [{}];
    try {
      const project = await createProject(emulator, { name: 'Events' });
      const { id } = await triggerBuild(emulator, project.id, { platform: 'linux' });
      await finished(emulator, id);
      await call(emulator, 'PATCH', `/projects/${project.id}`, { name: 'Events 2' });
      await call(emulator, 'DELETE', `/projects/${project.id}`);
    } finally {
      emulator.resetFaults();
    }
    await waitFor(() => (received.length === 4 ? true : undefined));
    const events = received.map((r) => JSON.parse(r.body));
    expect(received.every((r) => r.path === '/p')).toBe(true);
    expect(events.map((e) => e.type)).toEqual([
      'project.created',
      'build.failed',
      'project.updated',
      'project.deleted',
    ]);
    expect(events[0].data.project).toMatchObject({ name: 'Events', appId: expect.any(String) });
    expect(events[1].data.build).toMatchObject({ status: 'failed', artifactUrl: null });
    expect(events[2].data.project.name).toBe('Events 2');
  });

  it('omits the signature header when the webhook has no secret', async () => {
    await register(['project.created']);
    await createProject(emulator);
    await waitFor(() => (received.length === 1 ? true : undefined));
    expect(received[0]?.headers['x-service-signature']).toBeUndefined();
  });

  it('retries a failed delivery up to 3 times with the same event id and body', async () => {
    await register(['project.created'], 'shh');
    failures = 2;
    await createProject(emulator);
    await waitFor(() =>
      received.length === 3 && emulator.deliveries.length === 3 ? true : undefined,
    );
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(new Set(received.map((r) => r.headers['x-service-delivery'])).size).toBe(1);
    expect(emulator.deliveries.map((d) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
  });

  it('gives up after 4 attempts in all', async () => {
    // On a clock of its own: each retry comes when the test moves time, and none is left after.
    const clock = createManualClock();
    const clocked = await startEmulator({
      clock,
      webhookRetryDelayMs: 20,
      webhookTarget: (registered) => new URL(registered.pathname, receiverUrl),
    });
    try {
      const hook = { url: 'https://receiver.test/hook', events: ['project.created'] };
      expect((await call(clocked, 'POST', '/webhooks', hook)).status).toBe(201);
      const idle = clock.pending();
      failures = 100;
      await createProject(clocked);
      for (let attempts = 1; attempts <= 4; attempts += 1) {
        await waitFor(() => (clocked.deliveries.length === attempts ? true : undefined));
        // After a failed attempt, its retry waits on the clock: none after the 4th.
        expect(clock.pending()).toBe(attempts < 4 ? idle + 1 : idle);
        clock.advance(20);
      }
      expect(received).toHaveLength(4);
      expect(clocked.deliveries.map((d) => d.attempt)).toEqual([1, 2, 3, 4]);
    } finally {
      await clocked.close();
    }
  });

  it('counts a network error as a failed attempt (status null) and retries', async () => {
    const unreachable = await startEmulator({
      webhookRetryDelayMs: 10,
      webhookTarget: () => new URL('http://127.0.0.1:1/'),
    });
    try {
      await call(unreachable, 'POST', '/webhooks', {
        url: 'https://receiver.test/x',
        events: ['project.created'],
      });
      await createProject(unreachable);
      await waitFor(() => (unreachable.deliveries.length === 4 ? true : undefined));
      expect(unreachable.deliveries.every((d) => d.status === null)).toBe(true);
    } finally {
      await unreachable.close();
    }
  });
});
