// Release-asset uploads over real sockets on 127.0.0.1. GitHub's side is the releases API stand-in
// (test-kit/stand-ins) where it serves; where a test must see the request itself as GitHub would
// (its headers, its pacing, a redirect, a TLS endpoint behind a proxy), a raw node:http(s) server
// plays GitHub's upload endpoint. The proxy is a real one (proxy-chain). Nothing of ours is mocked.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/http/dispatcher.ts';
import { defaultRetryRuntime } from '../../src/http/retry.ts';
import { postAsset, type UploadTransport } from '../../src/github/asset-upload.ts';
import { AssetUploadError, UploadHostRefusedError } from '../../src/publish/errors.ts';
import { GitHubAnswerError } from '../../src/github/errors.ts';
import { createGitHub, type Repo } from '../../src/github/client.ts';
import { uploadAsset, type AssetFile } from '../../src/publish/release-assets.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';
import { close, listen, readBody, sendJson } from '../../test-kit/stand-ins/http.ts';
import { startReleasesApi, type ReleasesApi } from '../../test-kit/stand-ins/releases-api.ts';
import { startProxy } from '../support/proxy.ts';
import { sha256, tempDir } from '../publish/fixtures.ts';

const TOKEN = 'ghs_asset_upload_test_token';
const MIB = 1024 * 1024;
const repo: Repo = { owner: 'acme', repo: 'desktop-app' };

/** What GitHub's upload endpoint saw of one request. */
interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
  sha256: string;
  bytes: number;
}

/** An asset as GitHub answers an upload (before digests: none here). */
const assetJson = (id: number, name: string, size = 0) => ({
  id,
  name,
  label: name,
  state: 'uploaded',
  size,
  browser_download_url: `https://github.com/acme/desktop-app/releases/download/untagged-1/${name.replaceAll(/[^\w.+@-]+/g, '.')}`,
});

/** A raw upload endpoint: `answer` decides what each request gets once its body was read. */
async function startUploadEndpoint(
  answer: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void | Promise<void> = (
    _req,
    res,
    seen,
  ) => sendJson(res, 201, assetJson(7, new URL(seen.url, 'http://x').searchParams.get('name')!)),
) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const record = {
        url: req.url ?? '',
        headers: req.headers,
        sha256: sha256(body),
        bytes: body.length,
      };
      seen.push(record);
      await answer(req, res, record);
    })().catch(() => res.destroy());
  });
  const origin = await listen(server);
  return {
    seen,
    server,
    origin,
    uploadUrl: `${origin}/uploads/repos/acme/desktop-app/releases/1/assets{?name,label}`,
    close: () => close(server),
  };
}

const fastRetry = (maxAttempts = 3) => defaultRetryRuntime({ maxAttempts, baseDelayMs: 5 });

describe('postAsset and uploadAsset over real sockets', () => {
  let dir: string;
  let transport: UploadTransport;
  const closers: (() => Promise<void>)[] = [];

  const installer = async (name: string, bytes: Buffer): Promise<AssetFile> => {
    const file = path.join(dir, name.replaceAll(/[^\w.-]/g, '_'));
    await writeFile(file, bytes);
    return { path: file, size: bytes.length, sha256: sha256(bytes), name };
  };

  beforeEach(async () => {
    dir = await tempDir('asset-upload');
    transport = { dispatcher: createDispatcher(), token: TOKEN };
    closers.push(() => transport.dispatcher.close());
  });
  afterEach(async () => {
    for (const closeIt of closers.splice(0).reverse()) await closeIt();
  });

  it('streams the file with its Content-Length (not chunked), intact, with the token and the name in the URL', async () => {
    const endpoint = await startUploadEndpoint();
    closers.push(endpoint.close);
    const bytes = randomBytes(3 * MIB + 17);
    const file = await installer('MyApp Setup (beta)+1.exe', bytes);

    const asset = await postAsset(transport, endpoint.uploadUrl, {
      ...file,
      contentType: 'application/vnd.microsoft.portable-executable',
    });

    expect(asset).toMatchObject({ id: 7, name: 'MyApp Setup (beta)+1.exe' });
    const [request] = endpoint.seen as [Seen];
    expect(endpoint.seen).toHaveLength(1);
    expect(request.headers['content-length']).toBe(String(bytes.length));
    expect(request.headers['transfer-encoding']).toBeUndefined();
    expect(request.bytes).toBe(bytes.length);
    expect(request.sha256).toBe(file.sha256);
    expect(request.headers).toMatchObject({
      authorization: `token ${TOKEN}`,
      accept: 'application/vnd.github+json',
      'content-type': 'application/vnd.microsoft.portable-executable',
      'user-agent': expect.stringMatching(/^desktop-build-action\//),
    });
    // Expanded as Octokit expands `{?name,label}` (RFC 6570): nothing left unencoded.
    expect(request.url).toBe(
      '/uploads/repos/acme/desktop-app/releases/1/assets' +
        '?name=MyApp%20Setup%20%28beta%29%2B1.exe&label=MyApp%20Setup%20%28beta%29%2B1.exe',
    );
  });

  it('reads the file no faster than GitHub takes it', async () => {
    let resume: () => void = () => {};
    const gate = new Promise<void>((resolve) => (resume = resolve));
    const seen: string[] = [];
    const server = createServer((req, res) => {
      req.pause();
      void gate.then(async () => {
        seen.push(sha256(await readBody(req)));
        sendJson(res, 201, assetJson(1, 'big.AppImage'));
      });
    });
    const origin = await listen(server);
    closers.push(() => close(server));
    // Kept alive to the end, so no collection of it can hide what the upload holds.
    const bytes = Buffer.alloc(64 * MIB, 7);
    const file = await installer('big.AppImage', bytes);
    const before = process.memoryUsage().arrayBuffers;

    const upload = postAsset(transport, `${origin}/uploads/assets{?name,label}`, {
      ...file,
      contentType: 'application/vnd.appimage',
    });
    // real time: GitHub's stand-in really reads nothing this long, so the sockets fill
    await new Promise((resolve) => setTimeout(resolve, 500));
    // GitHub has read nothing for half a second: only what the sockets hold may have been read.
    const readAhead = process.memoryUsage().arrayBuffers - before;
    resume();
    await upload;

    expect(readAhead).toBeLessThan(16 * MIB);
    expect(seen).toEqual([sha256(bytes)]);
  });

  it('sends the token to the upload URL only: a redirect is not followed, and the words GitHub echoes are redacted', async () => {
    const elsewhere = await startUploadEndpoint();
    closers.push(elsewhere.close);
    const endpoint = await startUploadEndpoint((_req, res) => {
      res.writeHead(307, { location: elsewhere.uploadUrl.replace('{?name,label}', '?name=x') });
      res.end();
    });
    closers.push(endpoint.close);
    const file = await installer('app.dmg', randomBytes(1024));
    const github = createGitHub(TOKEN, {
      baseUrl: endpoint.origin,
      retry: fastRetry(),
      throttle: false,
    });
    const context = { github, repo, retry: fastRetry(), uploads: transport };

    const redirected = await uploadAsset(context, { id: 1, upload_url: endpoint.uploadUrl }, file)
      .then(() => undefined)
      .catch((error: unknown) => error);

    expect(redirected).toBeInstanceOf(AssetUploadError);
    expect(redirected).toMatchObject({ status: 307, attempts: 1 });
    expect(endpoint.seen).toHaveLength(1);
    expect(elsewhere.seen).toEqual([]);

    const echoing = await startUploadEndpoint((_req, res) =>
      sendJson(res, 401, { message: `Bad credentials: token ${TOKEN}` }),
    );
    closers.push(echoing.close);
    const refused = await postAsset(transport, echoing.uploadUrl, {
      ...file,
      contentType: 'application/x-apple-diskimage',
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GitHubAnswerError);
    expect(refused).toMatchObject({ status: 401 });
    expect(String(refused)).toMatch(
      /upload of "app\.dmg" with HTTP 401: Bad credentials: token \*\*\*/,
    );
    expect(String(refused)).not.toContain(TOKEN);
  });

  it("sends no request to an upload_url off GitHub's hosts, and names the host it refused", async () => {
    const foreign = await startUploadEndpoint();
    closers.push(foreign.close);
    const api = await startUploadEndpoint();
    closers.push(api.close);
    const file = await installer('app.dmg', randomBytes(1024));
    const github = createGitHub(TOKEN, {
      baseUrl: api.origin,
      retry: fastRetry(),
      throttle: false,
    });
    const context = { github, repo, retry: fastRetry(), uploads: transport };

    for (const upload_url of [
      foreign.uploadUrl,
      // Same host, another scheme; and a name that only starts like the API's.
      api.uploadUrl.replace('http://', 'https://'),
      `http://uploads.127.0.0.1.example:${new URL(api.origin).port}/u{?name,label}`,
    ]) {
      const refused = await uploadAsset(context, { id: 1, upload_url }, file).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(UploadHostRefusedError);
      expect(String(refused)).toContain(`points at ${new URL(upload_url).origin}`);
    }
    expect(foreign.seen).toEqual([]);
    expect(api.seen).toEqual([]);
  });

  it('reads a bounded answer: one larger than an asset could be is refused unread', async () => {
    const endpoint = await startUploadEndpoint((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': 4 * MIB });
      res.end(Buffer.alloc(4 * MIB, 0x20));
    });
    closers.push(endpoint.close);
    const file = await installer('app.rpm', randomBytes(1024));

    const error = await postAsset(transport, endpoint.uploadUrl, {
      ...file,
      contentType: 'application/x-rpm',
    }).catch((error: unknown) => error);

    expect(error).toMatchObject({
      name: 'ResponseTooLargeError',
      sizeBytes: 4 * MIB,
      answerer: 'GitHub',
    });
    expect(String(error)).toMatch(/the upload of "app\.rpm" announced an answer of 4/);
    // GitHub's answer: the message sends nobody to "the service".
    expect(String(error)).toMatch(/GitHub \(or a proxy on the way\) is misbehaving/);
    expect(String(error)).not.toMatch(/service/);
  });

  it("waits out GitHub's rate limit (a 403 with Retry-After) and gives up on a plain 403", async () => {
    let answers = 0;
    const endpoint = await startUploadEndpoint((_req, res) => {
      answers++;
      if (answers === 1) {
        sendJson(
          res,
          403,
          { message: 'You have exceeded a secondary rate limit.' },
          {
            'retry-after': '0',
          },
        );
      } else if (answers === 2) {
        sendJson(res, 201, assetJson(3, 'app.zip'));
      } else {
        sendJson(res, 403, { message: 'Resource not accessible by integration' });
      }
    });
    closers.push(endpoint.close);
    const file = await installer('app.zip', randomBytes(2048));
    const github = createGitHub(TOKEN, {
      baseUrl: endpoint.origin,
      retry: fastRetry(),
      throttle: false,
    });
    const context = { github, repo, retry: fastRetry(), uploads: transport };
    const release = { id: 1, upload_url: endpoint.uploadUrl };

    expect(await uploadAsset(context, release, file)).toMatchObject({ id: 3 });
    expect(endpoint.seen).toHaveLength(2);

    const refused = await uploadAsset(context, release, file).catch((error: unknown) => error);
    expect(refused).toMatchObject({ name: 'AssetUploadError', status: 403, attempts: 1 });
    expect(String(refused)).toMatch(/\(HTTP 403\): Resource not accessible by integration\./);
  });

  it('ends an upload in flight as soon as the signal aborts, without retrying', async () => {
    const requests: IncomingMessage[] = [];
    const server: Server = createServer((req) => {
      requests.push(req);
      req.pause();
    });
    const origin = await listen(server);
    closers.push(() => close(server));
    const file = await installer('slow.msi', Buffer.alloc(64 * MIB, 7));
    const controller = new AbortController();
    const github = createGitHub(TOKEN, {
      baseUrl: origin,
      retry: fastRetry(),
      throttle: false,
    });
    const context = {
      github,
      repo,
      retry: fastRetry(),
      uploads: { ...transport, signal: controller.signal },
    };

    const arrived = once(server, 'request');
    const upload = uploadAsset(context, { id: 1, upload_url: `${origin}/u{?name,label}` }, file);
    const outcome = upload.then(
      () => 'uploaded',
      (error: unknown) => error,
    );
    // In flight: GitHub's side has the request.
    await arrived;
    const reason = new Error('the step is out of time');
    const abortedAt = performance.now();
    controller.abort(reason);

    expect(await outcome).toBe(reason);
    // Real time (how soon a stop ends a real upload): the server reads nothing, so without the
    // stop it would never end. Bound to hold on a loaded machine.
    expect(performance.now() - abortedAt).toBeLessThan(5_000);
    // Read on, GitHub's side meets the end of the connection, not the rest of the file.
    const [request] = requests as [IncomingMessage];
    const ended = new Promise((resolve) => request.socket.once('close', resolve));
    request.resume();
    await ended;
    expect(requests).toHaveLength(1);
  });
});

describe('uploadAsset against the releases API stand-in', () => {
  let api: ReleasesApi;
  let dir: string;
  let transport: UploadTransport;

  beforeEach(async () => {
    api = await startReleasesApi({ token: TOKEN });
    dir = await tempDir('asset-upload');
    transport = { dispatcher: createDispatcher(), token: TOKEN };
  });
  afterEach(async () => {
    await transport.dispatcher.close();
    await api.close();
  });

  const setUp = async (bytes: Buffer) => {
    const github = createGitHub(TOKEN, {
      baseUrl: api.url,
      retry: fastRetry(),
      throttle: false,
    });
    const { data: release } = await github.rest.repos.createRelease({
      ...repo,
      tag_name: 'v1.4.2',
      draft: true,
    });
    const filePath = path.join(dir, 'MyApp-1.4.2.AppImage');
    await writeFile(filePath, bytes);
    const file = {
      path: filePath,
      size: bytes.length,
      sha256: sha256(bytes),
      name: 'MyApp-1.4.2.AppImage',
    };
    return { context: { github, repo, retry: fastRetry(), uploads: transport }, release, file };
  };

  const uploads = () => api.requests.filter((r) => r.startsWith('POST /uploads/'));

  it('retries a 5xx with a fresh stream: the asset holds every byte once', async () => {
    const bytes = randomBytes(5 * MIB + 3);
    const { context, release, file } = await setUp(bytes);
    api.failNextUploads({ status: 502, landed: false }, { status: 503, landed: false });

    const asset = await uploadAsset(context, release, file);

    expect(uploads()).toHaveLength(3);
    const [stored] = api.releases()[0]!.assets;
    expect(stored?.id).toBe(asset.id);
    expect(stored?.content.length).toBe(bytes.length);
    expect(sha256(stored!.content)).toBe(file.sha256);
    expect(api.rejectedAuth).toBe(0);
  });

  it('takes a 422 already_exists as landed when the asset there holds our bytes', async () => {
    const bytes = randomBytes(MIB);
    const { context, release, file } = await setUp(bytes);
    // The first answer is lost (a 500) although the bytes landed; the retry meets them.
    api.failNextUploads({ status: 500, landed: true });

    const asset = await uploadAsset(context, release, file);

    expect(uploads()).toHaveLength(2);
    const assets = api.releases()[0]!.assets;
    expect(assets).toHaveLength(1);
    expect(asset).toMatchObject({ id: assets[0]!.id, name: 'MyApp-1.4.2.AppImage' });
    expect(asset.digest).toBe(`sha256:${file.sha256}`);
  });

  it('gives up on a 422 already_exists with other bytes, naming the asset and the status', async () => {
    const { context, release, file } = await setUp(randomBytes(1024));
    await uploadAsset(context, release, file);
    const other = path.join(dir, 'other');
    await writeFile(other, 'other bytes');
    const clash = { ...file, path: other, size: 11, sha256: sha256('other bytes') };

    const error = await uploadAsset(context, release, clash).catch((error: unknown) => error);

    expect(error).toBeInstanceOf(AssetUploadError);
    expect(error).toMatchObject({ status: 422, alreadyExists: true, attempts: 1 });
    expect(String(error)).toMatch(
      /release asset "MyApp-1\.4\.2\.AppImage" failed after 1 attempt\(s\) \(HTTP 422\): Validation Failed\./,
    );
    expect(String(error)).not.toContain(TOKEN);
  });

  it("keeps GitHub's size and digest of an upload whose bytes it drops (the publish bench's)", async () => {
    await api.close();
    api = await startReleasesApi({ token: TOKEN, keepAssetBytesUpTo: MIB });
    const bytes = randomBytes(2 * MIB + 5);
    const { context, release, file } = await setUp(bytes);

    const asset = await uploadAsset(context, release, file);

    expect(asset).toMatchObject({ size: bytes.length, digest: `sha256:${file.sha256}` });
    expect(api.releases()[0]!.assets[0]!.content).toHaveLength(0);
    const stored = await fetch(`${api.url}/repos/acme/desktop-app/releases/assets/${asset.id}`, {
      headers: { authorization: `token ${TOKEN}`, accept: 'application/octet-stream' },
    });
    expect(stored.status).toBe(410);
  });
});

describe('behind HTTPS_PROXY', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of [
      'https_proxy',
      'HTTPS_PROXY',
      'http_proxy',
      'HTTP_PROXY',
      'no_proxy',
      'NO_PROXY',
    ]) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it("goes through the proxy's tunnel to GitHub's upload host (api.X's uploads.X), the token never shown to the proxy", async () => {
    const certificates = makeCertificates(['uploads.test']);
    const received: { headers: IncomingHttpHeaders; sha256: string }[] = [];
    const server = createTlsServer(
      { cert: certificates.cert, key: certificates.key },
      (req: IncomingMessage, res: ServerResponse) => {
        void readBody(req).then((body) => {
          received.push({
            headers: req.headers,
            sha256: createHash('sha256').update(body).digest('hex'),
          });
          sendJson(res, 201, assetJson(9, 'app.deb'));
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const proxy = await startProxy({ user: 'runner', password: 'pr0xy:secret' });
    const dispatcher = createDispatcher({ ca: certificates.ca });
    const dir = await tempDir('asset-upload-proxy');
    try {
      for (const name of ['https_proxy', 'http_proxy', 'no_proxy', 'NO_PROXY'])
        delete process.env[name];
      process.env.HTTPS_PROXY = proxy.url('runner', 'pr0xy:secret');
      const bytes = randomBytes(2 * MIB);
      const file = path.join(dir, 'app.deb');
      await writeFile(file, bytes);

      // The API is api.test: its uploads host is uploads.test, on the same scheme and port.
      const github = createGitHub(TOKEN, {
        baseUrl: `https://api.test:${port}`,
        retry: fastRetry(),
        throttle: false,
      });
      const asset = await uploadAsset(
        { github, repo, retry: fastRetry(), uploads: { dispatcher, token: TOKEN } },
        {
          id: 1,
          upload_url: `https://uploads.test:${port}/repos/acme/desktop-app/releases/1/assets{?name,label}`,
        },
        { path: file, size: bytes.length, sha256: sha256(bytes), name: 'app.deb' },
      );

      expect(asset).toMatchObject({ id: 9 });
      expect(proxy.log).toEqual([
        expect.objectContaining({ hostname: 'uploads.test', port, isHttp: false, user: 'runner' }),
      ]);
      expect(JSON.stringify(proxy.log)).not.toContain(TOKEN);
      expect(received).toEqual([
        {
          headers: expect.objectContaining({ authorization: `token ${TOKEN}` }),
          sha256: sha256(bytes),
        },
      ]);
    } finally {
      await dispatcher.close();
      await proxy.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
