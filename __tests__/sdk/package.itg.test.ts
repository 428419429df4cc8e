// desktop-build-action-sdk as its users get it: dist/sdk packed by `npm pack`, installed from the
// tarball into an empty project with `npm install --offline` (it has no dependencies, so nothing
// else is fetched), a consumer type-checked against its declarations, and its example receiver
// copied out of the package and run there against signed deliveries from the emulator. Needs
// dist/ built (`npm run bundle`).
import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { BuildServiceClient } from '../../src/service/client.ts';
import { signPayload } from '../../src/webhooks/signature.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const packageDir = path.join(repo, 'dist/sdk');
const NAME = 'desktop-build-action-sdk';
const SECRET = 'whsec_package';
const { engines } = JSON.parse(readFileSync(path.join(repo, 'sdk/package.json'), 'utf8')) as {
  engines: { node: string };
};
const NEEDED = engines.node.replace(/^>=/, '');
// npm runs on the Node that runs the suite (the project's own), as it would for its user.
const env = {
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
};
const run = promisify(execFile);

let tmp: string;
let project: string;
let installOutput: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'sdk-package-'));
  project = path.join(tmp, 'consumer');
  const cache = ['--cache', path.join(tmp, 'npm-cache')];
  const packed = await run('npm', ['pack', '--json', '--pack-destination', tmp, ...cache], {
    cwd: packageDir,
    env,
  });
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  cpSync(path.join(repo, '__tests__/sdk/consumer'), project, { recursive: true });
  const args = ['install', '--offline', '--no-audit', '--no-fund', ...cache];
  const installed = await run('npm', [...args, path.join(tmp, filename)], { cwd: project, env });
  installOutput = installed.stdout + installed.stderr;
  cpSync(
    path.join(project, 'node_modules', NAME, 'examples/webhook-receiver.mjs'),
    path.join(project, 'webhook-receiver.mjs'),
  );
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// tsc over the declarations (zod's among them) takes about 10 s of CPU: minutes on a loaded machine.
describe('the packed SDK, installed', { timeout: 120_000 }, () => {
  it('installs as one package that needs no other', () => {
    expect(installOutput).toContain('added 1 package');
    expect(installOutput).not.toMatch(/warn/i);
    const installed = readdirSync(path.join(project, 'node_modules')).filter(
      (name) => !name.startsWith('.'),
    );
    expect(installed).toEqual([NAME]);
    const manifest = JSON.parse(
      readFileSync(path.join(project, 'node_modules', NAME, 'package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(manifest).not.toHaveProperty('dependencies');
    expect(manifest).not.toHaveProperty('private');
  });

  it('type-checks a consumer and the example against its declarations, with no other package', async () => {
    // consumer.ts holds @ts-expect-error lines: an `any` from a declaration that did not resolve
    // would leave them unused, which fails the check.
    const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
    const typeRoots = path.join(repo, 'node_modules/@types');
    const checked = await run(process.execPath, [tsc, '-p', project, '--typeRoots', typeRoots], {
      cwd: project,
    }).catch((error: { stdout: string; code: number }) => error);
    expect(checked.stdout).toBe('');
  });

  it(`tells a Node older than ${NEEDED} which Node it needs, before the bundle fails`, async () => {
    const older = `Object.defineProperty(process.versions, 'node', { value: '20.20.2' });`;
    const child = await run(
      process.execPath,
      ['--input-type=module', '-e', `${older} await import('${NAME}');`],
      { cwd: project },
    ).catch((error: { stderr: string; code: number }) => error);
    expect(child).toMatchObject({ code: 1 });
    expect((child as { stderr: string }).stderr).toContain(
      `Error: ${NAME} needs Node ${NEEDED} or newer; this is Node 20.20.2.`,
    );
  });
});

/** Other Nodes on PATH (a system one) with their versions. */
async function nodesOnPath(): Promise<Array<{ node: string; version: string }>> {
  const { stdout } = await run('which', ['-a', 'node']).catch(() => ({ stdout: '' }));
  const nodes = [...new Set(stdout.split('\n').filter(Boolean))];
  return Promise.all(
    nodes.map(async (node) => ({
      node,
      version: (await run(node, ['-p', 'process.versions.node'])).stdout.trim(),
    })),
  );
}
const olderThanNeeded = (version: string) => {
  const [have, want] = [version, NEEDED].map((v) => v.split('.').map(Number));
  const index = want!.findIndex((part, i) => have![i] !== part);
  return index !== -1 && have![index]! < want![index]!;
};
const olderNodes = (await nodesOnPath()).filter(({ version }) => olderThanNeeded(version));

describe.skipIf(olderNodes.length === 0)('on an older Node found on PATH', () => {
  it.each(olderNodes)('$node ($version) says which Node it needs', async ({ node, version }) => {
    const child = await run(node, ['webhook-receiver.mjs', '0'], {
      cwd: project,
      env: { PATH: process.env.PATH, WEBHOOK_SECRET: SECRET },
    }).catch((error: { stderr: string; code: number }) => error);
    expect(child).toMatchObject({ code: 1 });
    expect((child as { stderr: string }).stderr).toContain(
      `${NAME} needs Node ${NEEDED} or newer; this is Node ${version}.`,
    );
  });
});

describe('its example receiver, run as its README says', () => {
  let example: ChildProcessWithoutNullStreams;
  let output = '';
  let emulator: Emulator;
  let client: BuildServiceClient;
  let receiverUrl = '';

  const startExample = (environment: NodeJS.ProcessEnv) =>
    spawn(process.execPath, ['webhook-receiver.mjs', '0'], {
      cwd: project,
      env: { PATH: process.env.PATH, ...environment },
    });

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
    example?.kill('SIGTERM');
  });

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
  ])('refuses to start with a secret that is %s', async (_, environment: NodeJS.ProcessEnv) => {
    const child = startExample(environment);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('Set WEBHOOK_SECRET');
  });
});
