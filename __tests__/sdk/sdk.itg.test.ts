// The SDK as receivers use it: its public names, and a real delivery from the emulator verified and
// typed with it, both from src/sdk.ts and from the bundle dist/sdk/index.js.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import * as sdk from '../../src/sdk.ts';

const PUBLIC_VALUES = [
  'ARCHES',
  'ApiError',
  'ApiKeyRefusedError',
  'BUILD_STATUSES',
  'BuildEventData',
  'BuildServiceClient',
  'DEFAULT_TIMEOUT_MS',
  'DEFAULT_USER_AGENT',
  'DownloadError',
  'EVENT_TYPES',
  'NetworkError',
  'NotFoundError',
  'PLATFORMS',
  'ProjectEventData',
  'ResponseShapeError',
  'ResponseTooLargeError',
  'TimeoutError',
  'WebhookBodyError',
  'WebhookEvent',
  'WebhookSecretError',
  'signPayload',
  'verifySignature',
];
const SECRET = 'whsec_sdk';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let emulator: Emulator;
let receiver: Server;
const deliveries: Delivery[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  const port = await new Promise<number>((resolve) =>
    receiver.listen(0, '127.0.0.1', () => resolve((receiver.address() as AddressInfo).port)),
  );
  emulator = await startEmulator({
    queuedMs: 20,
    buildingMs: 40,
    webhookTarget: () => new URL(`http://127.0.0.1:${port}/hook`),
  });
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe.each([
  ['src/sdk.ts', () => Promise.resolve(sdk)],
  [
    'dist/sdk/index.js',
    () =>
      import(
        pathToFileURL(path.resolve(import.meta.dirname, '../../dist/sdk/index.js')).href
      ) as Promise<typeof sdk>,
  ],
])('the SDK from %s', (_name, load) => {
  it('exports the client, the errors, the event schemas and the signature helpers', async () => {
    expect(Object.keys(await load()).sort()).toEqual(PUBLIC_VALUES.slice().sort());
  });

  it('refuses an empty or missing secret at the call, where it would accept forged deliveries', async () => {
    const { verifySignature, signPayload, WebhookSecretError } = await load();
    const body = Buffer.from('{"id":"evt_forged","type":"project.deleted"}');
    // Signed with the empty key, as anyone can.
    const forged = createHmac('sha256', '').update(body).digest('hex');
    for (const secret of ['', '   ', undefined, null]) {
      expect(() => verifySignature(secret as string, body, forged)).toThrow(WebhookSecretError);
      expect(() => signPayload(secret as string, body)).toThrow(WebhookSecretError);
    }
    // A bad request is false, never an exception.
    expect(verifySignature(SECRET, body, undefined)).toBe(false);
    expect(verifySignature(SECRET, body, ['a', 'b'])).toBe(false);
  });

  it('drives the service and verifies and types a real delivery', async () => {
    const { BuildServiceClient, BuildEventData, WebhookEvent, verifySignature, NotFoundError } =
      await load();
    const client = new BuildServiceClient({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
    try {
      await client.createWebhook({
        url: 'https://receiver.test/sdk',
        events: ['build.succeeded'],
        secret: SECRET,
      });
      const project = await client.createProject({
        name: 'SDK',
        url: 'https://sdk.example.com',
        platforms: ['linux'],
      });
      const build = await client.triggerBuild(project.id, { platform: 'linux', version: '2.0.0' });
      await expect.poll(() => deliveries.some((d) => d.body.includes(build.id))).toBe(true);
      const delivery = deliveries.find((d) => d.body.includes(build.id)) as Delivery;
      const signature = delivery.headers['x-service-signature'] as string;

      expect(verifySignature(SECRET, delivery.body, signature)).toBe(true);
      expect(verifySignature('not the secret', delivery.body, signature)).toBe(false);
      const tampered = Buffer.from(delivery.body.toString().replace('2.0.0', '2.0.1'));
      expect(verifySignature(SECRET, tampered, signature)).toBe(false);

      const event = WebhookEvent.parse(JSON.parse(delivery.body.toString()));
      expect(event.type).toBe('build.succeeded');
      const data = BuildEventData.parse(event.data);
      expect(data).toMatchObject({
        build: {
          id: build.id,
          platform: 'linux',
          arch: 'x64',
          status: 'success',
          version: '2.0.0',
        },
        project: { id: project.id, name: 'SDK' },
      });

      await client.deleteProject(project.id);
      await expect(client.getProject(project.id)).rejects.toBeInstanceOf(NotFoundError);
    } finally {
      for (const { id } of (await client.listWebhooks()).webhooks) await client.deleteWebhook(id);
      await client.close();
    }
  });
});
