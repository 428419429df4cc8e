// The bundled action on a self-hosted runner whose only way out is a proxy: `node dist/index.js`
// with HTTPS_PROXY (with credentials) and the private CA in NODE_EXTRA_CA_CERTS, as a runner
// behind a corporate proxy has them. The proxy is a real one (proxy-chain). The service
// (`service.test`) and GitHub's stand-ins, served over TLS under GitHub's kinds of host names (the
// REST API `api.github.test` with its `uploads.` sibling, the results service, blob storage), are
// named under `.test`, which only the proxy resolves (beforeAll checks that the names resolve
// nowhere else): a request sent around the proxy cannot connect, so every one went through it.
import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChecksums } from '../../src/publish/checksums.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';
import { project, pullRequestEnv, useE2e, type E2eRun } from '../../test-kit/e2e-run.ts';
import { startProxy, type TestProxy } from '../support/proxy.ts';

const PROXY_PASSWORD = 'e2e-proxy-secret';
const TOKEN = 'ghs_proxied_publish_token';
const PR = 12;
const HOSTS = {
  service: 'service.test',
  api: 'api.github.test',
  uploads: 'uploads.github.test',
  results: 'results.github.test',
  blob: 'blob.github.test',
  objects: 'objects.github.test',
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const hostPort = (url: string) => `${new URL(url).hostname}:${new URL(url).port}`;

const certificates = makeCertificates(Object.values(HOSTS));
const tls = (host: string) => ({ host, cert: certificates.cert, key: certificates.key });
let proxy: TestProxy;
let caFile: string;

beforeAll(async () => {
  for (const host of Object.values(HOSTS)) {
    await expect(lookup(host), `${host} resolves around the proxy`).rejects.toThrow();
  }
  caFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'dba-ca-')), 'ca.pem');
  writeFileSync(caFile, certificates.ca);
  proxy = await startProxy({ user: 'runner', password: PROXY_PASSWORD });
});
afterAll(() => proxy.close());
const e2e = useE2e({
  emulator: {
    tls: { cert: certificates.cert, key: certificates.key },
    publicHost: HOSTS.service,
    artifactSize: 512 * 1024,
    seedProjects: [project('proj_proxied', ['mac', 'linux'], { name: 'Proxied' })],
  },
  github: {
    token: TOKEN,
    releases: { tls: tls(HOSTS.api), storageTls: tls(HOSTS.objects) },
    comments: { tls: tls(HOSTS.api) },
    artifacts: { tls: tls(HOSTS.results), storageTls: tls(HOSTS.blob) },
  },
});

/** The runner's environment behind the proxy: nothing but HTTPS_PROXY and the private CA. */
const behindProxy = () => ({
  HTTPS_PROXY: proxy.url('runner', PROXY_PASSWORD),
  NO_PROXY: '',
  NODE_EXTRA_CA_CERTS: caFile,
});

/** What the proxy saw during `run`: only CONNECT tunnels, as the runner, to these targets. */
function expectTunnelsOnly(seen: TestProxy['log'], run: E2eRun, targets: string[]) {
  expect(new Set(seen.map((r) => `${r.hostname}:${r.port}`))).toEqual(new Set(targets));
  expect(seen.every((r) => !r.isHttp && r.user === 'runner')).toBe(true);
  // A tunnel's bytes are TLS: the proxy never sees the token, the API key or the runtime token.
  const received = JSON.stringify(seen);
  for (const secret of [TOKEN, e2e.emulator.apiKey, e2e.github.artifacts.runtimeToken]) {
    expect(received).not.toContain(secret);
  }
  expect(run.stdout).not.toContain(PROXY_PASSWORD);
}

/**
 * The tunnel to a storage host (artifact blobs; release assets, where SHA256SUMS is read back
 * from), whose port its stand-in keeps to itself: exactly one.
 */
function storageTunnel(seen: TestProxy['log'], host: string): string {
  const tunnels = new Set(
    seen.filter((r) => r.hostname === host).map((r) => `${r.hostname}:${r.port}`),
  );
  expect(tunnels.size, `tunnels to ${host}`).toBe(1);
  return [...tunnels][0]!;
}

describe('node dist/index.js behind HTTPS_PROXY', () => {
  it('builds and downloads through the proxy; the key never reaches it', async () => {
    const { emulator } = e2e;
    const run = await e2e.run({
      inputs: { version: '3.0.0', 'upload-artifacts': 'false', release: 'false' },
      env: behindProxy(),
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.outputs.status).toBe('success');
    const { builds } = run;
    expect(builds).toHaveLength(2);
    for (const build of builds) {
      expect(build.sha256).toBe(emulator.artifactFor(build.id!).sha256);
      expect(createHash('sha256').update(readFileSync(build.path!)).digest('hex')).toBe(
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

  it('publishes the release with every asset and the workflow artifacts through it', async () => {
    const { emulator } = e2e;
    const { releases, artifacts: backend } = e2e.github;
    const from = proxy.log.length;
    const run = await e2e.run({ env: behindProxy() });
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    const { builds } = run;
    expect(builds).toHaveLength(2);

    const [release, ...others] = releases.releases();
    expect(others).toHaveLength(0);
    expect(release).toMatchObject({ tagName: 'v1.4.2', draft: false });
    const sums = parseChecksums(
      release!.assets.find((a) => a.name === 'SHA256SUMS')!.content.toString(),
    );
    const installers = release!.assets.filter((a) => a.name !== 'SHA256SUMS');
    expect(installers.map((a) => sha256(a.content)).sort()).toEqual(
      builds.map((b) => b.sha256).sort(),
    );
    for (const asset of installers) expect(sums.get(asset.name)).toBe(sha256(asset.content));
    const stored = backend.artifacts().filter((a) => builds.some((b) => b.artifactId === a.id));
    expect(stored.map((a) => sha256(a.content!)).sort()).toEqual(
      builds.map((b) => b.sha256).sort(),
    );

    const seen = proxy.log.slice(from);
    const api = new URL(releases.url);
    expectTunnelsOnly(seen, run, [
      hostPort(emulator.baseUrl),
      hostPort(emulator.artifactBaseUrl),
      `${HOSTS.api}:${api.port}`,
      `${HOSTS.uploads}:${api.port}`,
      hostPort(backend.url),
      storageTunnel(seen, HOSTS.blob),
      // The release check reads SHA256SUMS back: GitHub redirects to asset storage, which never
      // gets the token.
      storageTunnel(seen, HOSTS.objects),
    ]);
    expect(releases.storageSawAuth).toBe(0);
  });

  it('keeps the pull request comment, with the artifacts, through it', async () => {
    const { emulator } = e2e;
    const { comments, artifacts: backend } = e2e.github;
    const from = proxy.log.length;
    const run = await e2e.run({
      inputs: { version: `2.0.0-pr.${PR}` },
      env: {
        ...behindProxy(),
        ...(await pullRequestEnv({ number: PR, head: 'a'.repeat(40), runId: '777' })),
        GITHUB_API_URL: comments.url,
      },
    });
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    const { builds } = run;
    const [comment, ...others] = comments.comments(PR);
    expect(others).toHaveLength(0);
    expect(run.outputs['comment-url']).toBe(
      `https://github.com/acme/desktop-app/pull/${PR}#issuecomment-${comment!.id}`,
    );
    expect(comment!.body).toContain('✅ 2 desktop installers ready to try');
    for (const build of builds) {
      const artifact = backend.artifacts().find((a) => a.id === build.artifactId);
      expect(sha256(artifact!.content!)).toBe(build.sha256);
      expect(comment!.body).toContain(`/actions/runs/777/artifacts/${build.artifactId})`);
    }

    const seen = proxy.log.slice(from);
    expectTunnelsOnly(seen, run, [
      hostPort(emulator.baseUrl),
      hostPort(emulator.artifactBaseUrl),
      hostPort(comments.url),
      hostPort(backend.url),
      storageTunnel(seen, HOSTS.blob),
    ]);
  });
});
