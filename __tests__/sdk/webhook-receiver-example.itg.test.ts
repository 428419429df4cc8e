// examples/webhook-receiver.ts run as the README shows it: a program that prints each verified event.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { signPayload, WebhookSecretError } from '../../src/webhooks/signature.ts';
import { createWebhookReceiver } from '../../examples/webhook-receiver.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const node = path.join(repo, 'node_modules/.bin/node');
const SECRET = 'whsec_example';

function startExample(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  return spawn(node, ['examples/webhook-receiver.ts', '0'], {
    cwd: repo,
    env: { PATH: process.env.PATH, ...env },
  });
}

let example: ChildProcessWithoutNullStreams;
let output = '';
let emulator: Emulator;
let client: BuildServiceClient;
let receiverUrl = '';

beforeAll(async () => {
  example = startExample({ WEBHOOK_SECRET: SECRET });
  example.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  example.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  receiverUrl = await new Promise<string>((resolve, reject) => {
    example.stdout.on('data', () => {
      const listening = /Listening on (http:\S+)/.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    });
    example.on('close', (code) => reject(new Error(`the example exited (${code}): ${output}`)));
  });
  emulator = await startEmulator({
    queuedMs: 20,
    buildingMs: 40,
    webhookTarget: () => new URL(receiverUrl),
  });
  client = new BuildServiceClient({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
});
afterAll(async () => {
  await client?.close();
  await emulator?.close();
  example.kill('SIGTERM');
});

describe('examples/webhook-receiver.ts', () => {
  it('prints each verified event once, and refuses forged ones', async () => {
    await client.createWebhook({
      url: 'https://receiver.test/example',
      events: ['project.created', 'build.queued', 'build.succeeded'],
      secret: SECRET,
    });
    const project = await client.createProject({
      name: 'Example',
      url: 'https://example.com',
      platforms: ['windows'],
    });
    const build = await client.triggerBuild(project.id, {
      platform: 'windows',
      arch: 'arm64',
      version: '3.1.0',
    });
    await expect.poll(() => output).toContain(`build.succeeded ${build.id}`);
    // Deliveries are concurrent, so lines come in any order.
    expect(output.trim().split('\n').slice(1).sort()).toEqual(
      [
        `project.created ${project.id} Example`,
        `build.queued ${build.id} windows/arm64 3.1.0 (project Example)`,
        `build.succeeded ${build.id} windows/arm64 3.1.0 (project Example)`,
      ].sort(),
    );

    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'project.deleted',
      createdAt: new Date().toISOString(),
      data: { project: { id: project.id } },
    });
    const post = (signature: string) =>
      fetch(receiverUrl, { method: 'POST', body, headers: { 'x-service-signature': signature } });
    expect((await post(signPayload('guessed', body))).status).toBe(401);
    expect((await fetch(receiverUrl)).status).toBe(405);
    // Signed correctly twice (a retried delivery): printed once.
    expect((await post(signPayload(SECRET, body))).status).toBe(200);
    expect((await post(signPayload(SECRET, body))).status).toBe(200);
    await expect.poll(() => output).toContain(`project.deleted ${project.id}\n`);
    expect(output.match(/project\.deleted/g)).toHaveLength(1);
  });

  it('answers every bad request and keeps running', async () => {
    const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
      fetch(receiverUrl, { method: 'POST', body, headers }).then((answer) => answer.status);
    const signed = (body: string | Buffer) => ({
      'x-service-signature': signPayload(SECRET, body),
    });
    // No header, an empty one, a prefix without a digest, not hex, two joined.
    expect(await post('{}')).toBe(401);
    expect(await post('{}', { 'x-service-signature': '' })).toBe(401);
    expect(await post('{}', { 'x-service-signature': 'sha256=' })).toBe(401);
    expect(await post('{}', { 'x-service-signature': 'sha256=zz' })).toBe(401);
    expect(
      await post('{}', { 'x-service-signature': `${'a'.repeat(64)}, ${'b'.repeat(64)}` }),
    ).toBe(401);
    // Signed, but garbage: not JSON, not UTF-8, JSON of the wrong shape, an empty body.
    const garbage = Buffer.from([0xff, 0xfe, 0x00, 0x7b]);
    expect(await post(garbage, signed(garbage))).toBe(400);
    expect(await post('{"id":', signed('{"id":'))).toBe(400);
    expect(await post('[1,2]', signed('[1,2]'))).toBe(400);
    expect(await post('', signed(''))).toBe(400);
    const wrongData = JSON.stringify({
      id: 'evt_wrong_data',
      type: 'build.succeeded',
      createdAt: new Date().toISOString(),
      data: { build: 'not a build' },
    });
    // A valid event whose data does not fit its type: answered, its handling fails alone.
    expect(await post(wrongData, signed(wrongData))).toBe(200);
    // Too large.
    const large = Buffer.alloc(2 * 1024 * 1024, 0x61);
    expect(await post(large, signed(large)).catch(() => 413)).toBe(413);

    expect(example.exitCode).toBeNull();
    const good = JSON.stringify({
      id: 'evt_after_bad',
      type: 'project.deleted',
      createdAt: new Date().toISOString(),
      data: { project: { id: 'proj_after_bad' } },
    });
    expect(await post(good, signed(good))).toBe(200);
    await expect.poll(() => output).toContain('project.deleted proj_after_bad\n');
    expect(output).toContain('handling evt_wrong_data failed:');
  });

  it.each([
    ['unset', {}],
    ['empty', { WEBHOOK_SECRET: '' }],
    ['only whitespace', { WEBHOOK_SECRET: '  ' }],
  ])('refuses to start with a secret that is %s', async (_, env: NodeJS.ProcessEnv) => {
    const child = startExample(env);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('Set WEBHOOK_SECRET');
  });

  it('refuses to be created without a secret, rather than fail on each request', () => {
    const onEvent = () => {};
    for (const secret of [undefined, '', ' ']) {
      expect(() => createWebhookReceiver({ secret: secret as string, onEvent })).toThrow(
        WebhookSecretError,
      );
    }
  });
});
