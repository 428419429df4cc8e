// examples/webhook-receiver.ts run as the README shows it: a program that prints each verified event.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/api/client.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { signPayload } from '../../src/webhooks/signature.ts';

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

  it('refuses to start without a secret', async () => {
    const child = startExample({});
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('Set WEBHOOK_SECRET');
  });
});
