import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { NetworkError, ProxyConnectError } from '../../src/service/errors.ts';
import { createServer, type AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { makeCertificates, type Certificates } from '../../test-kit/certificates.ts';
import { startProxy, type TestProxy } from '../support/proxy.ts';
import { FAST_RETRY, PROJECT_ID, waitForBuild } from './support.ts';

const PROXY_USER = 'runner';
const PROXY_PASSWORD = 'pr0xy:secret';

const PROXY_VARIABLES = [
  'https_proxy',
  'HTTPS_PROXY',
  'http_proxy',
  'HTTP_PROXY',
  'no_proxy',
  'NO_PROXY',
];
const savedEnvironment = Object.fromEntries(
  PROXY_VARIABLES.map((name) => [name, process.env[name]]),
);

let certificates: Certificates;
let emulator: Emulator;
let proxy: TestProxy;
let directory: string;

beforeAll(async () => {
  certificates = makeCertificates(['service.test']);
  emulator = await startEmulator({
    tls: { cert: certificates.cert, key: certificates.key },
    publicHost: 'service.test',
    queuedMs: 20,
    buildingMs: 150,
    artifactSize: 256 * 1024,
    seedProjects: [
      { id: PROJECT_ID, name: 'Proxied', url: 'https://app.example.com', platforms: ['linux'] },
    ],
  });
  proxy = await startProxy({ user: PROXY_USER, password: PROXY_PASSWORD });
  directory = await mkdtemp(path.join(os.tmpdir(), 'dba-proxy-'));
});

afterAll(async () => {
  await proxy.close();
  await emulator.close();
  await rm(directory, { recursive: true, force: true });
});

afterEach(() => {
  proxy.log.length = 0;
  for (const name of PROXY_VARIABLES) {
    if (savedEnvironment[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnvironment[name];
  }
});

function useProxy(extra: Record<string, string> = {}, password = PROXY_PASSWORD): void {
  for (const name of PROXY_VARIABLES) delete process.env[name];
  process.env.HTTPS_PROXY = proxy.url(PROXY_USER, password);
  Object.assign(process.env, extra);
}

const clientFor = () =>
  new BuildServiceClient({
    baseUrl: emulator.baseUrl,
    apiKey: emulator.apiKey,
    retry: FAST_RETRY,
    ca: certificates.ca,
  });

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('behind HTTPS_PROXY', () => {
  it('reaches the service and the artifact host only through the proxy, keeping the key from it', async () => {
    useProxy();
    const client = clientFor();
    try {
      const triggered = await client.triggerBuild(PROJECT_ID, {
        platform: 'linux',
        version: '2.0.0',
      });
      const build = await waitForBuild(client, triggered.id);
      expect(build.status).toBe('success');
      const file = await client.downloadArtifact(build.id, { directory });
      expect(file.sha256).toBe(emulator.artifactFor(build.id).sha256);
      expect(sha256(file.path)).toBe(file.sha256);
    } finally {
      await client.close();
    }
    const api = new URL(emulator.baseUrl);
    const artifacts = new URL(emulator.artifactBaseUrl);
    // Every connection was a CONNECT tunnel from the proxy's own log, with our credentials.
    expect(proxy.log.length).toBeGreaterThan(0);
    expect(proxy.log.every((r) => !r.isHttp && r.user === PROXY_USER)).toBe(true);
    const tunnels = new Set(proxy.log.map((r) => `${r.hostname}:${r.port}`));
    expect(tunnels).toEqual(
      new Set([`service.test:${api.port}`, `service.test:${artifacts.port}`]),
    );
    // The proxy never saw the API key in any header.
    expect(JSON.stringify(proxy.log)).not.toContain(emulator.apiKey);
    // The service saw it; the artifact host never did.
    const apiRequests = emulator.requests.filter((r) => r.origin === 'api');
    const hostRequests = emulator.requests.filter((r) => r.origin === 'artifact');
    expect(apiRequests.every((r) => r.headers.authorization === `Bearer ${emulator.apiKey}`)).toBe(
      true,
    );
    expect(hostRequests.length).toBeGreaterThan(0);
    expect(hostRequests.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(JSON.stringify(hostRequests)).not.toContain(emulator.apiKey);
  });

  it('is refused by the proxy with wrong credentials, naming the proxy (without them) in the error', async () => {
    useProxy({}, 'wrong');
    const client = clientFor();
    const error = await client.listProjects().catch((e: unknown) => e);
    await client.close();
    expect(proxy.log.length).toBeGreaterThan(0);
    expect(error).toMatchObject({ name: 'ProxyRefusedError', proxyStatus: 407 });
    expect(String(error)).toMatch(/proxy authentication required/);
    expect(String(error)).not.toContain('wrong');
    expect(String(error)).not.toContain(emulator.apiKey);
  });

  it('goes direct to the hosts NO_PROXY names, and only to those', async () => {
    useProxy({ NO_PROXY: 'other.test' });
    const client = clientFor();
    expect((await client.listProjects()).total).toBe(1);
    expect(proxy.log).toHaveLength(1);
    await client.close();

    proxy.log.length = 0;
    useProxy({ no_proxy: 'service.test' });
    const direct = clientFor();
    // Direct, the runner cannot resolve service.test: the proxy was rightly bypassed.
    const error = await direct.listProjects().catch((e: unknown) => e);
    await direct.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: expect.stringMatching(/ENOTFOUND|EAI_AGAIN/) });
    expect(proxy.log).toEqual([]);
  });

  it('takes a proxy without a scheme as http:// and goes through it', async () => {
    useProxy();
    process.env.HTTPS_PROXY = proxy.url(PROXY_USER, PROXY_PASSWORD).replace(/^http:\/\//, '');
    const client = clientFor();
    try {
      expect((await client.listProjects()).total).toBe(1);
    } finally {
      await client.close();
    }
    expect(proxy.log.length).toBeGreaterThan(0);
  });

  // undici says only "Proxy Connection failed" (UND_ERR_PRX_CONN), and no retry followed.
  it('names the proxy when it closes the connection on CONNECT', async () => {
    const resetting = createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    const { port } = resetting.address() as AddressInfo;
    for (const name of PROXY_VARIABLES) delete process.env[name];
    process.env.HTTPS_PROXY = `http://127.0.0.1:${port}`;
    const client = clientFor();
    try {
      const error = await client.listProjects().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProxyConnectError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^The proxy http://127\\.0\\.0\\.1:${port} dropped the connection while opening a tunnel to service\\.test:\\d+ \\(UND_ERR_SOCKET\\) after ${FAST_RETRY.maxAttempts} attempts\\.`,
        ),
      );
    } finally {
      await client.close();
      await new Promise((resolve) => resetting.close(resolve));
    }
  });
});
