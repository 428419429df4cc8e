// Downloads where the service or the artifact host tries to get the API key or to pass something
// else off as the installer: stand-in servers (an API and an artifact host on two origins) that do
// what the emulator does not.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { ArtifactHostError, DownloadError } from '../../src/service/errors.ts';
import { FAST_RETRY } from './support.ts';

const API_KEY = 'key-trust-123';
type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Seen {
  server: 'api' | 'host';
  url: string;
  authorization: string | undefined;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(name: Seen['server'], seen: Seen[], handler: Handler): Promise<string> {
  const server: Server = createServer((req, res) => {
    seen.push({ server: name, url: req.url ?? '', authorization: req.headers.authorization });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * An API whose download endpoint redirects to the host (`/v1/builds/b1/download` → host
 * `/file`); `api` answers every other API path, `host` every host path.
 */
async function standIns(handlers: { api?: Handler; host: (api: string) => Handler }) {
  const seen: Seen[] = [];
  let hostOrigin = '';
  const api = await listen('api', seen, (req, res) => {
    if (req.url === '/v1/builds/b1/download') {
      res.writeHead(302, { location: `${hostOrigin}/file` }).end();
    } else if (handlers.api) {
      handlers.api(req, res);
    } else {
      res.writeHead(404).end();
    }
  });
  const hostHandler = handlers.host(api);
  hostOrigin = await listen('host', seen, hostHandler);
  const client = new BuildServiceClient({
    baseUrl: `${api}/v1`,
    apiKey: API_KEY,
    retry: FAST_RETRY,
    timeoutMs: 2_000,
  });
  const directory = await mkdtemp(path.join(os.tmpdir(), 'dba-trust-'));
  cleanups.push(async () => {
    await client.close();
    await rm(directory, { recursive: true, force: true });
  });
  const download = () =>
    client
      .downloadArtifact('b1', { directory, within: directory })
      .catch((thrown: unknown) => thrown);
  return { seen, directory, download };
}

// eslint-disable-next-line no-control-regex
const NOT_INERT = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('a redirect chain that comes back to the API', () => {
  it('never carries the key after leaving the API, and refuses the API answer as the installer', async () => {
    const { seen, directory, download } = await standIns({
      api: (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 4 });
        res.end('ABCD');
      },
      host: (api) => (_req, res) => res.writeHead(302, { location: `${api}/v1/me` }).end(),
    });
    const error = await download();
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ problem: 'content' });
    expect((error as Error).message).toMatch(/led back to the service's API/);
    expect(seen.map((request) => [request.server, request.url, request.authorization])).toEqual([
      ['api', '/v1/builds/b1/download', `Bearer ${API_KEY}`],
      ['host', '/file', undefined],
      ['api', '/v1/me', undefined],
    ]);
    expect(await readdir(directory)).toEqual([]);
  });

  it("treats the API's refusal after the chain left it as the host's, not as a refused key", async () => {
    const { seen, download } = await standIns({
      api: (_req, res) => res.writeHead(401, { 'content-type': 'text/plain' }).end('who are you'),
      host: (api) => (_req, res) => res.writeHead(302, { location: `${api}/v1/me` }).end(),
    });
    const error = await download();
    expect(error).toBeInstanceOf(ArtifactHostError);
    expect(error).toMatchObject({ status: 401 });
    // One fresh URL from the API (with the key), then the same refusal: never the key off the API.
    const meHops = seen.filter((request) => request.url === '/v1/me');
    expect(meHops).toHaveLength(2);
    expect(meHops.every((request) => request.authorization === undefined)).toBe(true);
    expect(
      seen.filter((request) => request.authorization !== undefined).map((request) => request.url),
    ).toEqual(['/v1/builds/b1/download', '/v1/builds/b1/download']);
  });
});

describe('an answer that is not an installer', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/problem+json',
    'application/vnd.api+json',
    'text/html; charset=UTF-8',
    'application/xhtml+xml',
    'application/xml',
    'Text/XML',
  ])('refuses a 200 with Content-Type %s, once, keeping nothing', async (contentType) => {
    const { seen, directory, download } = await standIns({
      host: () => (_req, res) => {
        res.writeHead(200, { 'content-type': contentType, 'content-length': 17 });
        res.end('{"error":"nope"} ');
      },
    });
    const error = await download();
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ problem: 'content' });
    expect((error as Error).message).toContain(`Content-Type ${contentType}`);
    expect((error as Error).message).toContain('where the installer was expected');
    expect(seen.filter((request) => request.server === 'host')).toHaveLength(1);
    expect(await readdir(directory)).toEqual([]);
  });

  it('removes the part already received when the resumed answer is a document', async () => {
    const { directory, download } = await standIns({
      host: () => {
        let requests = 0;
        return (_req, res) => {
          if (requests++ === 0) {
            res.writeHead(200, { 'content-length': 100_000, etag: '"v1"' });
            res.write(Buffer.alloc(40_000, 7), () => res.destroy());
          } else {
            res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Sign in</h1>');
          }
        };
      },
    });
    const error = await download();
    expect(error).toMatchObject({ name: 'DownloadError', problem: 'content' });
    expect(await readdir(directory)).toEqual([]);
  });

  it.each([
    ['announced as Content-Length 0', { 'content-length': 0 }],
    ['a body that ended empty', { 'transfer-encoding': 'chunked' }],
  ])('refuses an empty file, %s', async (_, headers) => {
    const { directory, download } = await standIns({
      host: () => (_req, res) => res.writeHead(200, headers).end(),
    });
    const error = await download();
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ problem: 'size' });
    expect((error as Error).message).toContain('an empty file is not an installer');
    expect(await readdir(directory)).toEqual([]);
  });
});

describe("the host's words in errors", () => {
  it("shows a refusal's body inertly", async () => {
    const { download } = await standIns({
      host: () => (_req, res) =>
        res
          .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
          .end('expired\n::error title=x::pwned \u202egpj.exe\u0007'),
    });
    const error = await download();
    expect(error).toBeInstanceOf(ArtifactHostError);
    const { message } = error as Error;
    expect(message).toContain('expired');
    expect(message).not.toMatch(NOT_INERT);
  });

  it('shows an echoed Content-Range and Content-Type inertly', async () => {
    // Node sends header bytes 0x80-0xff as they are; the client reads them as C1 controls.
    const sneaky = '\u0085::warning::x\u009b2J';
    const ranged = await standIns({
      host: () => (_req, res) => {
        res.writeHead(206, { 'content-range': `bytes 0-1/2${sneaky}`, 'content-length': 2 });
        res.end('AB');
      },
    });
    const documented = await standIns({
      host: () => (_req, res) => {
        res.writeHead(200, { 'content-type': `text/html;${sneaky}`, 'content-length': 2 });
        res.end('AB');
      },
    });
    for (const [{ download }, problem] of [
      [ranged, 'range'],
      [documented, 'content'],
    ] as const) {
      const error = await download();
      expect(error).toMatchObject({ name: 'DownloadError', problem });
      expect((error as Error).message).toContain('::warning::x');
      expect((error as Error).message).not.toMatch(NOT_INERT);
    }
  });
});
