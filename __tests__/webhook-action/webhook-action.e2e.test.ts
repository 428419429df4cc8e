// The webhook sub-action end to end: dist/webhook/index.js spawned like the runner does, against
// the emulator, and the webhook it makes delivering to a loopback receiver with its secret.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookReceiver } from '../../examples/webhook-receiver.mjs';
import { BuildServiceClient } from '../../src/service/client.ts';
import type { WebhookEvent } from '../../src/service/schemas.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runSubaction, type SubactionRun } from '../project-action/run-subaction.ts';
import { KEY, useStandIns } from '../service/stand-in.ts';

const URL_A = 'https://receiver.test/desktop';
const SECRET = 'whsec_from_the_workflow';

let emulator: Emulator;
let client: BuildServiceClient;
let receiver: Server;
const handled: WebhookEvent[] = [];

beforeAll(async () => {
  receiver = createWebhookReceiver({ secret: SECRET, onEvent: (e) => void handled.push(e) });
  const port = await new Promise<number>((resolve) =>
    receiver.listen(0, '127.0.0.1', () => resolve((receiver.address() as AddressInfo).port)),
  );
  emulator = await startEmulator({
    webhookRetryDelayMs: 20,
    webhookTarget: () => new URL(`http://127.0.0.1:${port}/`),
  });
  client = new BuildServiceClient({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
});
afterAll(async () => {
  await client.close();
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const run = (inputs: Record<string, string>): Promise<SubactionRun> =>
  runSubaction('webhook', { 'api-key': emulator.apiKey, 'base-url': emulator.baseUrl, ...inputs });

const webhooksOf = async (url: string) =>
  (await client.listWebhooks()).webhooks.filter((hook) => hook.url === url);

const expectSecretsHidden = (result: SubactionRun): void => {
  const unmasked = result.stdout
    .replace(`::add-mask::${emulator.apiKey}`, '')
    .replace(`::add-mask::${SECRET}`, '');
  expect(result.stdout).toContain(`::add-mask::${SECRET}`);
  expect(unmasked + result.stderr).not.toContain(SECRET);
  expect(unmasked + result.stderr).not.toContain(emulator.apiKey);
};

describe('webhook sub-action (dist/webhook/index.js)', () => {
  let firstId = '';

  it('creates the webhook, whose deliveries carry the secret’s signature', async () => {
    const other = await client.createWebhook({
      url: 'https://other.test/x',
      events: ['build.failed'],
    });
    const result = await run({
      url: URL_A,
      events: 'project.created, project.deleted',
      secret: SECRET,
    });
    expect(result.errors).toEqual([]);
    expect(result.exitCode).toBe(0);
    firstId = result.outputs['webhook-id'] ?? '';
    expect(firstId).toMatch(/^wh_/);
    expect(result.outputs.changed).toBe('true');
    expect(result.stdout).toContain(
      `Created webhook ${firstId} → ${URL_A} (project.created, project.deleted)`,
    );
    expect(await webhooksOf(URL_A)).toEqual([
      expect.objectContaining({ id: firstId, events: ['project.created', 'project.deleted'] }),
    ]);
    expect(await webhooksOf(other.url)).toHaveLength(1);
    expectSecretsHidden(result);

    // The receiver verifies with the workflow's secret: the webhook was created with it.
    const project = await client.createProject({
      name: 'H',
      url: 'https://h.example.com',
      platforms: ['mac'],
    });
    await expect.poll(() => handled.map((e) => e.type)).toEqual(['project.created']);
    expect(handled[0]?.data).toMatchObject({ project: { id: project.id } });
  });

  it('leaves a matching webhook alone', async () => {
    const writes = () => emulator.requests.filter((r) => r.method !== 'GET').length;
    const before = writes();
    const result = await run({
      url: URL_A,
      events: 'project.deleted\nproject.created',
      secret: SECRET,
    });
    expect(result.outputs).toEqual({ 'webhook-id': firstId, changed: 'false' });
    expect(result.stdout).toContain(
      `Webhook ${firstId} → ${URL_A} (project.created, project.deleted) already matches`,
    );
    expect(writes()).toBe(before);
    expect(await webhooksOf(URL_A)).toEqual([expect.objectContaining({ id: firstId })]);
  });

  it('replaces a webhook of the same url whose events differ', async () => {
    const result = await run({ url: URL_A, events: 'build.failed', secret: SECRET });
    expect(result.errors).toEqual([]);
    const newId = result.outputs['webhook-id'] ?? '';
    expect(newId).toMatch(/^wh_/);
    expect(newId).not.toBe(firstId);
    expect(result.outputs.changed).toBe('true');
    expect(result.stdout).toContain(`Deleted webhook ${firstId} → ${URL_A}`);
    expect(await webhooksOf(URL_A)).toEqual([
      expect.objectContaining({ id: newId, events: ['build.failed'] }),
    ]);
    const writes = emulator.requests.filter(
      (r) => r.path.startsWith('/v1/webhooks') && r.method !== 'GET',
    );
    const [create, remove] = writes.slice(-2);
    expect([create?.method, remove?.method]).toEqual(['POST', 'DELETE']); // no gap in deliveries
  });

  it('removes it, and removing again changes nothing', async () => {
    const [current] = await webhooksOf(URL_A);
    const result = await run({ url: URL_A, delete: 'true' });
    expect(result.errors).toEqual([]);
    expect(result.outputs).toEqual({ 'webhook-id': current?.id, changed: 'true' });
    expect(await webhooksOf(URL_A)).toEqual([]);
    expect(await webhooksOf('https://other.test/x')).toHaveLength(1);

    const again = await run({ url: URL_A, delete: 'true' });
    expect(again.exitCode).toBe(0);
    expect(again.outputs).toEqual({ 'webhook-id': '', changed: 'false' });
    expect(again.stdout).toContain(`No webhook delivers to ${URL_A}; nothing to delete`);
  });

  it('accepts only https urls, and warns when there is no secret', async () => {
    const http = await run({ url: 'http://receiver.test/desktop', events: 'build.failed' });
    expect(http.exitCode).toBe(1);
    expect(http.errors).toEqual([
      'Invalid input: url: the service delivers only to https receivers, not http://',
    ]);
    const unsigned = await run({ url: URL_A, events: 'build.failed' });
    expect(unsigned.exitCode).toBe(0);
    expect(unsigned.stdout).toMatch(
      /^::warning::No secret: deliveries will not carry X-Service-Signature/m,
    );
  });

  it('fails before any request, naming RUNNER_TEMP, when the runner cannot take its files', async () => {
    const before = emulator.requests.length;
    const result = await runSubaction(
      'webhook',
      {
        'api-key': emulator.apiKey,
        'base-url': emulator.baseUrl,
        url: URL_A,
        events: 'build.failed',
        secret: SECRET,
      },
      { env: { RUNNER_TEMP: '/dev/null' } },
    );
    expect(result.exitCode).toBe(1);
    expect(result.errors.join('\n')).toMatch(/RUNNER_TEMP/);
    expect(emulator.requests.length).toBe(before);
  });
});

// A service that answers a created webhook's url with workflow commands: a raw stand-in, as the
// emulator answers the url it was sent. Before the schemas held urls to one printable line, the
// answer was printed as `::error::x` and `::add-mask::y` lines ("Created webhook … → <url>").
describe('webhook sub-action against a service answering a hostile url', () => {
  const standIn = useStandIns();
  const HOSTILE_URL = `${URL_A}\n::error::x\n::add-mask::y`;
  const hook = (url: string) => ({
    id: 'wh_1',
    url,
    events: ['build.failed'],
    active: true,
    createdAt: '2026-01-01T00:00:00Z',
  });

  const runAgainst = async (listed: unknown[]) => {
    const service = await standIn((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'GET') res.end(JSON.stringify({ webhooks: listed, total: listed.length }));
      else res.end(JSON.stringify(hook(HOSTILE_URL)));
    });
    const result = await runSubaction('webhook', {
      'api-key': KEY,
      'base-url': service.baseUrl,
      url: URL_A,
      events: 'build.failed',
      secret: SECRET,
    });
    return { result, requests: service.requests };
  };

  it('refuses the answer, naming the field only: no command or mask from the url', async () => {
    const created = await runAgainst([]);
    const listed = await runAgainst([hook(HOSTILE_URL)]);
    for (const [{ result }, field] of [
      [created, 'url'],
      [listed, 'webhooks.0.url'],
    ] as const) {
      const lines = result.stdout.split('\n');
      expect(lines).not.toContain('::error::x');
      expect(lines.filter((line) => line.startsWith('::add-mask::y'))).toEqual([]);
      expect(result.exitCode).toBe(1);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]).toContain(`${field} is not printable text`);
      for (const value of Object.values(result.outputs)) expect(value).not.toMatch(/\n::/);
    }
    expect(created.requests).toContain('POST /v1/webhooks');
    expect(listed.requests).toEqual(['GET /v1/webhooks']);
  });
});
