// http1Get over real sockets against stand-in servers that answer the way the emulator never does
// (chunked, close-delimited, 1xx, broken, silent, TLS), plus a ring-buffer integrity check.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  createServer as createNetServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionCutError, MalformedResponseError, http1Get } from '../../src/api/http1-get.ts';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: Server, scheme = 'http'): Promise<URL> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return new URL(`${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}/file.bin?x=1`);
}

/** A server that writes exactly the given bytes (in pieces, with pauses) to every connection. */
function rawServer(pieces: Array<string | Buffer>, end = true): Server {
  return createNetServer((socket: Socket) => {
    socket.on('error', () => undefined);
    socket.once('data', async () => {
      for (const piece of pieces) {
        socket.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (end) socket.end();
    });
  });
}

async function collect(url: URL, options: Partial<Parameters<typeof http1Get>[1]> = {}) {
  const response = await http1Get(url, { headers: {}, idleTimeoutMs: 2_000, ...options });
  const chunks: Buffer[] = [];
  await response.pipe((chunk, release) => {
    chunks.push(Buffer.from(chunk));
    release();
  });
  return { response, body: Buffer.concat(chunks) };
}

describe('http1Get', () => {
  it('reads a Content-Length body that arrived with the head, even after the server closed', async () => {
    const url = await listen(rawServer(['HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello']));
    const response = await http1Get(url, { headers: {}, idleTimeoutMs: 2_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await response.text(100)).toBe('hello');
  });

  it('decodes a chunked body split across writes, after a 100 Continue', async () => {
    const url = await listen(
      rawServer([
        'HTTP/1.1 100 Continue\r\n\r\n',
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r',
        '\n7\r\npedia i\r\nB\r\nn \r\nchunks.\r\n0\r\n\r\n',
      ]),
    );
    const { response, body } = await collect(url);
    expect(response.status).toBe(200);
    expect(body.toString()).toBe('Wikipedia in \r\nchunks.');
  });

  it('reads a close-delimited body to the end', async () => {
    const url = await listen(rawServer(['HTTP/1.0 200 OK\r\n\r\npart one, ', 'part two']));
    expect((await collect(url)).body.toString()).toBe('part one, part two');
  });

  it('reports a body cut short as a retryable ConnectionCutError', async () => {
    const url = await listen(
      rawServer(['HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n', 'only this']),
    );
    const error = await collect(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionCutError);
    expect(error).toMatchObject({ code: 'ECONNRESET' });
  });

  it('refuses an answer that is not HTTP/1.1, quoting only the start of it', async () => {
    const url = await listen(rawServer([`SSH-2.0-OpenSSH_9.6 ${'x'.repeat(10_000)}\r\n\r\n`]));
    const error = await http1Get(url, { headers: {}, idleTimeoutMs: 2_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message.length).toBeLessThan(200);
  });

  it('reads only the first bytes of an error body that never ends', async () => {
    const server = createNetServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', () => {
        socket.write('HTTP/1.1 503 Service Unavailable\r\n\r\n');
        const timer = setInterval(() => socket.write('overloaded '.repeat(100)), 1);
        socket.on('close', () => clearInterval(timer));
      });
    });
    const url = await listen(server);
    const response = await http1Get(url, { headers: {}, idleTimeoutMs: 2_000 });
    expect(await response.text(30)).toBe('overloaded overloaded overload');
  });

  it.each([
    ['one long head', `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(70_000)}\r\n`],
    ['many 1xx heads', `${'HTTP/1.1 100 Continue\r\n\r\n'.repeat(3_000)}HTTP/1.1 200 OK\r\n`],
  ])('refuses more than 64 KiB of head: %s', async (_, head) => {
    const url = await listen(rawServer([`${head}Content-Length: 0\r\n\r\n`]));
    await expect(http1Get(url, { headers: {}, idleTimeoutMs: 2_000 })).rejects.toThrow(
      /headers longer than 65536 bytes/,
    );
  });

  it('gives up on silence after the idle timeout', async () => {
    const url = await listen(
      rawServer(['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc'], false),
    );
    const error = await collect(url, { idleTimeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ConnectionCutError', code: 'ETIMEDOUT' });
  });

  it('stops when the signal aborts', async () => {
    const url = await listen(
      rawServer(['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc'], false),
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stopped')), 50);
    await expect(collect(url, { signal: controller.signal })).rejects.toThrow('stopped');
  });

  it('sends the request line, Host and our headers, with line breaks removed from values', async () => {
    let seen = '';
    const server = createNetServer((socket) => {
      socket.on('error', () => undefined);
      socket.once('data', (data) => {
        seen = data.toString('latin1');
        socket.end('HTTP/1.1 204 No Content\r\n\r\n');
      });
    });
    const url = await listen(server);
    const response = await http1Get(url, {
      headers: { 'user-agent': 'ua/1', range: 'bytes=5-\r\nX-Injected: 1' },
      idleTimeoutMs: 2_000,
    });
    expect(response.status).toBe(204);
    expect(seen).toMatch(/^GET \/file\.bin\?x=1 HTTP\/1\.1\r\n/);
    expect(seen).toContain(`host: ${url.host}\r\n`);
    expect(seen).toContain('user-agent: ua/1\r\n');
    expect(seen).toContain('range: bytes=5- X-Injected: 1\r\n');
    expect(seen).not.toMatch(/\r\nX-Injected/);
  });

  it('never overwrites a chunk still held by a slow consumer (reused read buffers)', async () => {
    const payload = randomBytes(16 * 1024 * 1024);
    const url = await listen(
      createHttpServer((_req, res) => {
        res.writeHead(200, { 'content-length': payload.length });
        res.end(payload);
      }),
    );
    const response = await http1Get(url, { headers: {}, idleTimeoutMs: 5_000 });
    const hash = createHash('sha256');
    let intact = true;
    let chunks = 0;
    const releases: Array<Promise<void>> = [];
    await response.pipe((chunk, release) => {
      hash.update(chunk);
      chunks++;
      const copy = Buffer.from(chunk);
      // Hold every chunk well beyond the time the socket needs to cycle through the buffers.
      releases.push(
        new Promise((resolve) =>
          setTimeout(
            () => {
              intact &&= chunk.equals(copy);
              release();
              resolve();
            },
            10 + Math.random() * 10,
          ),
        ),
      );
    });
    await Promise.all(releases);
    expect(chunks).toBeGreaterThan(16);
    expect(intact).toBe(true);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(payload).digest('hex'));
  });

  it('downloads over TLS', async () => {
    const payload = randomBytes(3 * 1024 * 1024);
    const server = createHttpsServer(
      { cert: fixture('localhost-cert.pem'), key: fixture('localhost-key.pem') },
      (_req, res) => {
        res.writeHead(200, { 'content-length': payload.length });
        res.end(payload);
      },
    );
    const url = await listen(server, 'https');
    const { body } = await collect(url, { tls: { ca: fixture('localhost-cert.pem') } });
    expect(body.equals(payload)).toBe(true);
    const untrusted = await collect(url).catch((e: unknown) => e);
    expect((untrusted as { code?: string }).code).toMatch(/CERT|SELF_SIGNED/);
  });

  it('verifies the certificate even when NODE_TLS_REJECT_UNAUTHORIZED=0', async () => {
    const server = createHttpsServer(
      { cert: fixture('localhost-cert.pem'), key: fixture('localhost-key.pem') },
      (_req, res) => res.end('secret'),
    );
    const url = await listen(server, 'https');
    const saved = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      const error = await collect(url).catch((e: unknown) => e);
      expect((error as { code?: string }).code).toMatch(/CERT|SELF_SIGNED/);
    } finally {
      if (saved === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = saved;
    }
  });
});
