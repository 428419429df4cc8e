import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import {
  CliUsageError,
  DEFAULT_CLI_API_KEY,
  parseCliArgs,
  parseRule,
  parseSize,
} from '../../emulator/cli-args.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';

const ROOT = path.join(import.meta.dirname, '../..');
const NODE = path.join(ROOT, 'node_modules/.bin/node');
const CLI = path.join(ROOT, 'emulator/cli.ts');
let child: ChildProcess | undefined;
afterEach(() => {
  if (child !== undefined && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

/** Spawns the CLI and collects the `label: value` lines it prints before serving. */
async function startCli(args: string[]): Promise<Record<string, string>> {
  child = spawn(NODE, [CLI, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const printed: Record<string, string> = {};
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /^([a-zA-Z ]+): (.*)$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) printed[match[1]] = match[2];
    if (line.startsWith('Press Ctrl+C')) break;
  }
  return printed;
}

const exitCode = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));

describe('emulator CLI', () => {
  it('prints its URLs, key and demo project, answers requests, and stops on SIGTERM', async () => {
    const printed = await startCli([
      '--port',
      '0',
      '--queued-ms',
      '10',
      '--building-ms',
      '60,mac=60000',
      '--artifact-size',
      '100KiB',
      '--fail',
      'windows/arm64',
      '--api-key',
      'dbs_cli_test',
    ]);
    expect(printed['base URL']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(printed['artifact URL']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(printed['API key']).toBe('dbs_cli_test');
    expect(printed['demo project']).toBe('proj_demo');

    const base = printed['base URL']!;
    const headers = { Authorization: 'Bearer dbs_cli_test', 'Content-Type': 'application/json' };
    const project = await (await fetch(`${base}/projects/proj_demo`, { headers })).json();
    expect(project).toMatchObject({ id: 'proj_demo', platforms: ['mac', 'windows', 'linux'] });

    const trigger = (body: object) =>
      fetch(`${base}/projects/proj_demo/builds`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ id: string }>);
    const slow = await trigger({ platform: 'mac' });
    const good = await trigger({ platform: 'linux' });
    const bad = await trigger({ platform: 'windows', arch: 'arm64' });
    const settle = async (id: string) => {
      for (;;) {
        const build = (await (await fetch(`${base}/builds/${id}`, { headers })).json()) as {
          status: string;
        };
        if (build.status === 'success' || build.status === 'failed') return build;
        // real time: polls the emulator, a child process on its own clock
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    expect((await settle(bad.id)).status).toBe('failed');
    const done = await settle(good.id);
    expect(done.status).toBe('success');
    const stillBuilding = await (await fetch(`${base}/builds/${slow.id}`, { headers })).json();
    expect(stillBuilding).toMatchObject({ status: 'building' });
    const download = await fetch(`${base}/builds/${good.id}/download`, {
      headers: { Authorization: headers.Authorization },
    });
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(100 * 1024);
    expect(new URL(download.url).origin).toBe(printed['artifact URL']);

    const exited = exitCode(child!);
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('serves https with a given certificate under a public host name', async () => {
    const certificates = makeCertificates(['localhost']);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dba-cli-tls-'));
    writeFileSync(path.join(dir, 'cert.pem'), certificates.cert);
    writeFileSync(path.join(dir, 'key.pem'), certificates.key);
    const printed = await startCli([
      '--port',
      '0',
      '--tls-cert',
      path.join(dir, 'cert.pem'),
      '--tls-key',
      path.join(dir, 'key.pem'),
      '--public-host',
      'localhost',
    ]);
    expect(printed['base URL']).toMatch(/^https:\/\/localhost:\d+\/v1$/);
    expect(printed['artifact URL']).toMatch(/^https:\/\/localhost:\d+$/);
    const client = new BuildServiceClient({
      baseUrl: printed['base URL']!,
      apiKey: printed['API key']!,
      ca: certificates.ca,
    });
    expect((await client.getProject('proj_demo')).id).toBe('proj_demo');
    await client.close();
    expect(() => parseCliArgs(['--tls-cert', 'a.pem'])).toThrow(/--tls-cert and --tls-key/);
  });

  it('refuses bad flags with exit code 2 and the usage text', async () => {
    child = spawn(NODE, [CLI, '--fail', 'beos'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitCode(child)).toBe(2);
    expect(stderr).toMatch(/--fail: 'beos'/);
    expect(stderr).toMatch(/Usage: npm run emulator/);
  });
});

describe('CLI flags', () => {
  it('has defaults for a user running it by hand', () => {
    const config = parseCliArgs([]);
    expect(config?.options).toMatchObject({
      port: 8080,
      apiKey: DEFAULT_CLI_API_KEY,
      artifactSize: 8 * 1024 ** 2,
    });
    expect(parseCliArgs(['--help'])).toBeNull();
  });

  it('parses sizes', () => {
    expect(parseSize('512MiB')).toBe(512 * 1024 * 1024);
    expect(parseSize('64KiB')).toBe(65536);
    expect(parseSize('1GiB')).toBe(1024 ** 3);
    expect(parseSize('10MB')).toBe(10_000_000);
    expect(parseSize('1234')).toBe(1234);
    expect(() => parseSize('lots')).toThrow(CliUsageError);
    expect(() => parseSize('5 parsecs')).toThrow(/--artifact-size/);
  });

  it('parses build rules', () => {
    expect(parseRule('windows/arm64', 'fail')).toEqual({ platform: 'windows', arch: 'arm64' });
    expect(parseRule('linux', 'hang')).toEqual({ platform: 'linux' });
    expect(parseRule('*/arm64', 'fail')).toEqual({ arch: 'arm64' });
    expect(parseRule('mac/x64@1.2.3', 'fail')).toEqual({
      platform: 'mac',
      arch: 'x64',
      version: '1.2.3',
    });
    expect(() => parseRule('mac/ppc', 'fail')).toThrow(/arch 'ppc'/);
  });

  it('maps webhook deliveries to a local origin, keeping the path', () => {
    const target = parseCliArgs(['--webhook-target', 'http://127.0.0.1:9000'])?.options
      .webhookTarget;
    expect(target?.(new URL('https://hooks.example.com/a/b?x=1')).href).toBe(
      'http://127.0.0.1:9000/a/b?x=1',
    );
    expect(() => parseCliArgs(['--port', 'eighty'])).toThrow(/--port/);
    expect(() => parseCliArgs(['--colour'])).toThrow(CliUsageError);
  });
});
