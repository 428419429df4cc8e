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
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { parseChecksums } from '../../src/publish/checksums.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import {
  startIssueCommentsApi,
  type IssueCommentsApi,
} from '../../test-kit/stand-ins/issue-comments-api.ts';
import { startReleasesApi, type ReleasesApi } from '../../test-kit/stand-ins/releases-api.ts';
import { startProxy, type TestProxy } from '../support/proxy.ts';
import { runAction, type ActionRun } from '../../test-kit/run-action.ts';

const PROJECT_ID = 'proj_proxied';
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

let emulator: Emulator;
let proxy: TestProxy;
let caFile: string;
let releases: ReleasesApi;
let comments: IssueCommentsApi;
let backend: ArtifactBackend;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const hostPort = (url: string) => `${new URL(url).hostname}:${new URL(url).port}`;

beforeAll(async () => {
  for (const host of Object.values(HOSTS)) {
    await expect(lookup(host), `${host} resolves around the proxy`).rejects.toThrow();
  }
  const certificates = makeCertificates(Object.values(HOSTS));
  const tls = (host: string) => ({ host, cert: certificates.cert, key: certificates.key });
  caFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'dba-ca-')), 'ca.pem');
  writeFileSync(caFile, certificates.ca);
  releases = await startReleasesApi({
    token: TOKEN,
    tls: tls(HOSTS.api),
    storageTls: tls(HOSTS.objects),
  });
  comments = await startIssueCommentsApi({
    tokens: { [TOKEN]: { login: 'github-actions[bot]' } },
    tls: tls(HOSTS.api),
  });
  backend = await startArtifactBackend({ tls: tls(HOSTS.results), storageTls: tls(HOSTS.blob) });
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
  await Promise.all([emulator.close(), releases.close(), comments.close(), backend.close()]);
});

/** The runner's environment behind the proxy: nothing but HTTPS_PROXY and the private CA. */
const behindProxy = () => ({
  HTTPS_PROXY: proxy.url('runner', PROXY_PASSWORD),
  NO_PROXY: '',
  NODE_EXTRA_CA_CERTS: caFile,
});

/** What the proxy saw during `run`: only CONNECT tunnels, as the runner, to these targets. */
function expectTunnelsOnly(seen: TestProxy['log'], run: ActionRun, targets: string[]) {
  expect(new Set(seen.map((r) => `${r.hostname}:${r.port}`))).toEqual(new Set(targets));
  expect(seen.every((r) => !r.isHttp && r.user === 'runner')).toBe(true);
  // A tunnel's bytes are TLS: the proxy never sees the token, the API key or the runtime token.
  const received = JSON.stringify(seen);
  for (const secret of [TOKEN, emulator.apiKey, backend.runtimeToken]) {
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

interface BuildOutput {
  id: string;
  sha256: string;
  artifactId?: number;
}

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
      env: behindProxy(),
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

  it('publishes the release with every asset and the workflow artifacts through it', async () => {
    const from = proxy.log.length;
    const run = await runAction({
      inputs: {
        'api-key': emulator.apiKey,
        'base-url': emulator.baseUrl,
        'project-id': PROJECT_ID,
        'poll-interval': '0.1',
      },
      githubToken: TOKEN,
      env: { ...behindProxy(), ...backend.env, GITHUB_API_URL: releases.url },
    });
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    const builds = JSON.parse(run.outputs.builds!) as BuildOutput[];
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
    const events = mkdtempSync(path.join(os.tmpdir(), 'pr-events-'));
    const eventFile = path.join(events, 'synchronize.json');
    const head = 'a'.repeat(40);
    writeFileSync(
      eventFile,
      JSON.stringify({
        action: 'synchronize',
        number: PR,
        pull_request: { number: PR, head: { sha: head } },
      }),
    );
    const from = proxy.log.length;
    const run = await runAction({
      inputs: {
        'api-key': emulator.apiKey,
        'base-url': emulator.baseUrl,
        'project-id': PROJECT_ID,
        version: `2.0.0-pr.${PR}`,
        'poll-interval': '0.1',
      },
      githubToken: TOKEN,
      env: {
        ...behindProxy(),
        ...backend.env,
        GITHUB_API_URL: comments.url,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: eventFile,
        GITHUB_REF: `refs/pull/${PR}/merge`,
        GITHUB_SHA: 'f'.repeat(40),
        GITHUB_RUN_ID: '777',
      },
    });
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    const builds = JSON.parse(run.outputs.builds!) as BuildOutput[];
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
