// The bundled action on a self-hosted runner whose only way out is a proxy: `node dist/index.js`
// with HTTPS_PROXY (with credentials) and the service's private CA in NODE_EXTRA_CA_CERTS, as a
// runner behind a corporate proxy has them. The proxy is a real one (proxy-chain); the service is
// named `service.test`, which only the proxy resolves, so nothing can reach it around the proxy.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';
import { startProxy, type TestProxy } from '../support/proxy.ts';
import { runAction } from '../../test-kit/run-action.ts';

const PROJECT_ID = 'proj_proxied';
const PROXY_PASSWORD = 'e2e-proxy-secret';

let emulator: Emulator;
let proxy: TestProxy;
let caFile: string;

beforeAll(async () => {
  const certificates = makeCertificates(['service.test']);
  caFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'dba-ca-')), 'ca.pem');
  writeFileSync(caFile, certificates.ca);
  emulator = await startEmulator({
    tls: { cert: certificates.cert, key: certificates.key },
    publicHost: 'service.test',
    queuedMs: 50,
    buildingMs: 300,
    artifactSize: 512 * 1024,
    seedProjects: [
      {
        id: PROJECT_ID,
        name: 'Proxied',
        url: 'https://app.example.com',
        platforms: ['mac', 'linux'],
      },
    ],
  });
  proxy = await startProxy({ user: 'runner', password: PROXY_PASSWORD });
});

afterAll(async () => {
  await proxy.close();
  await emulator.close();
});

describe('node dist/index.js behind HTTPS_PROXY', () => {
  it('builds and downloads through the proxy; the key never reaches it', async () => {
    const run = await runAction({
      inputs: {
        'api-key': emulator.apiKey,
        'base-url': emulator.baseUrl,
        'project-id': PROJECT_ID,
        version: '3.0.0',
        'poll-interval': '0.1',
        'upload-artifacts': 'false',
        release: 'false',
      },
      env: {
        HTTPS_PROXY: proxy.url('runner', PROXY_PASSWORD),
        NO_PROXY: '',
        NODE_EXTRA_CA_CERTS: caFile,
      },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.outputs.status).toBe('success');
    const builds = JSON.parse(run.outputs.builds!) as {
      id: string;
      path: string;
      sha256: string;
    }[];
    expect(builds).toHaveLength(2);
    for (const build of builds) {
      expect(build.sha256).toBe(emulator.artifactFor(build.id).sha256);
      expect(createHash('sha256').update(readFileSync(build.path)).digest('hex')).toBe(
        build.sha256,
      );
    }
    const api = new URL(emulator.baseUrl);
    const artifacts = new URL(emulator.artifactBaseUrl);
    const tunnels = new Set(proxy.log.map((r) => `${r.hostname}:${r.port}`));
    expect(tunnels).toEqual(
      new Set([`service.test:${api.port}`, `service.test:${artifacts.port}`]),
    );
    expect(proxy.log.every((r) => !r.isHttp && r.user === 'runner')).toBe(true);
    expect(JSON.stringify(proxy.log)).not.toContain(emulator.apiKey);
    expect(run.stdout).not.toContain(PROXY_PASSWORD);
    const artifactRequests = emulator.requests.filter((r) => r.origin === 'artifact');
    expect(artifactRequests.length).toBeGreaterThan(0);
    expect(artifactRequests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });
});
