// Downloads from stand-in hosts that misbehave in ways the emulator does not: a body without an
// end, a partial answer to a request for the whole file, a resume from another object, an
// installer larger than the ceiling or than the disk.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { DownloadError } from '../../src/service/errors.ts';
import { FAST_RETRY } from './support.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function standIn(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ client: BuildServiceClient; directory: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new BuildServiceClient({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: 'key-123',
    retry: FAST_RETRY,
    timeoutMs: 2_000,
  });
  const directory = await mkdtemp(path.join(os.tmpdir(), 'dba-hosts-'));
  cleanups.push(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(directory, { recursive: true, force: true });
  });
  return { client, directory, requests };
}

describe('download from misbehaving hosts', () => {
  it('stops a body without an end once it outgrows artifactSize', async () => {
    const block = Buffer.alloc(64 * 1024, 1);
    const { client, directory } = await standIn((_req, res) => {
      res.writeHead(200, { 'content-disposition': 'attachment; filename="app.dmg"' });
      const more = () => {
        while (!res.destroyed && res.write(block));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    const error = await client
      .downloadArtifact('b1', { directory, expectedSize: 1_000_000 })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ problem: 'size', message: expect.stringContaining('1000000') });
    expect(await readdir(directory)).toEqual([]);
  });

  it('gives up on a host that ignores Range and cuts every transfer at the same point', async () => {
    const { client, directory, requests } = await standIn((_req, res) => {
      res.writeHead(200, { 'content-length': 1_000_000 });
      res.write(Buffer.alloc(100_000, 1), () => res.destroy());
    });
    const error = await client
      .downloadArtifact('b1', { directory })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'DownloadError', problem: 'size' });
    expect((error as Error).message).toMatch(
      /announced 1000000 bytes \(Content-Length\), but its answers ended early .* the furthest after 100000 bytes/,
    );
    // The first cut got further than nothing (progress, the first of a new row), the others no
    // further: maxAttempts in a row end it instead of looping forever. Every cut keeps all its
    // bytes, however the host's close and the part file's creation interleave (the next test
    // pins that down), so no later cut counts as progress.
    expect(requests).toHaveLength(FAST_RETRY.maxAttempts);
    expect(await readdir(directory)).toEqual([]);
  });

  it('keeps the bytes that came before the part file was ready, when the host closed meanwhile', async () => {
    // Each answer: 100000 of 1000000 bytes, then the host closes its side. The free-space check
    // returns only once the client gave the connection up (the host saw it close): every byte of
    // every cut came, and the connection was gone, before the file was ready to take them.
    let clientGone = Promise.resolve();
    const { client, directory, requests } = await standIn((_req, res) => {
      const socket = res.socket!;
      clientGone = new Promise((resolve) => socket.once('close', resolve));
      res.writeHead(200, { 'content-length': 1_000_000 });
      res.write(Buffer.alloc(100_000, 1), () => socket.end());
    });
    const freeSpace = async () => {
      await clientGone;
      return undefined;
    };
    let wholeCuts = 0;
    const onProgress = (received: number) => {
      if (received === 100_000) wholeCuts++;
    };
    const error = await client
      .downloadArtifact('b1', { directory, freeSpace, onProgress })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'DownloadError', problem: 'size' });
    expect((error as Error).message).toContain(
      `its answers ended early (UND_ERR_SOCKET), ${FAST_RETRY.maxAttempts} in a row, the furthest after 100000 bytes`,
    );
    // Each cut kept its 100000 bytes (lost ones made it 0): one progress, then no further.
    expect(wholeCuts).toBe(FAST_RETRY.maxAttempts);
    expect(requests).toHaveLength(FAST_RETRY.maxAttempts);
    expect(await readdir(directory)).toEqual([]);
  });

  it('fails clearly, without looping, on a 206 to a request for the whole file', async () => {
    const { client, directory, requests } = await standIn((_req, res) => {
      res.writeHead(206, { 'content-range': 'bytes 10-19/20', 'content-length': 10 });
      res.end('0123456789');
    });
    const error = await client
      .downloadArtifact('b1', { directory })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ problem: 'range' });
    expect((error as Error).message).toContain('bytes 10-19/20');
    expect(requests).toHaveLength(1);
    expect(await readdir(directory)).toEqual([]);
  });

  it('stops a body with no size at all at max-download-size, and keeps nothing', async () => {
    const block = Buffer.alloc(64 * 1024, 1);
    const { client, directory } = await standIn((_req, res) => {
      res.writeHead(200, { 'content-disposition': 'attachment; filename="app.dmg"' });
      const more = () => {
        while (!res.destroyed && res.write(block));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    const error = await client
      .downloadArtifact('b1', { directory, maxBytes: 1024 * 1024 })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as Error).message).toMatch(
      /^Download of build b1: the artifact host 127\.0\.0\.1:\d+ sent more, with no size from the build or the host, and was stopped there, more than max-download-size \(1 MiB, 1048576 bytes\); nothing was saved\./,
    );
    expect(await readdir(directory)).toEqual([]);
  });

  it('refuses an announced size over max-download-size before a byte is kept', async () => {
    const { client, directory, requests } = await standIn((_req, res) => {
      res.writeHead(200, { 'content-length': 2 * 1024 * 1024 });
      res.write(Buffer.alloc(1024, 1));
    });
    const error = await client
      .downloadArtifact('b1', { directory, maxBytes: 1024 * 1024 })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ problem: 'size' });
    expect((error as Error).message).toContain(
      'announced 2097152 bytes, more than max-download-size',
    );
    expect(requests).toHaveLength(1);
    expect(await readdir(directory)).toEqual([]);
  });

  it("refuses a build's artifactSize over max-download-size before any request", async () => {
    const { client, directory, requests } = await standIn((_req, res) => res.end());
    const error = await client
      .downloadArtifact('b1', { directory, expectedSize: 5000, maxBytes: 4000 })
      .catch((thrown: unknown) => thrown);
    expect((error as Error).message).toContain(
      "the build's artifactSize says 5000 bytes, more than max-download-size",
    );
    expect(requests).toHaveLength(0);
  });

  it('refuses an installer larger than the free space of the disk, before a byte is kept', async () => {
    const huge = 1024 ** 4 * 64;
    const { client, directory, requests } = await standIn((_req, res) => {
      res.writeHead(200, { 'content-length': huge });
      res.write(Buffer.alloc(1024, 1));
    });
    const error = await client
      .downloadArtifact('b1', { directory, maxBytes: huge })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ problem: 'space' });
    expect((error as Error).message).toMatch(/the installer needs 64 TiB more, and .* free/);
    expect(requests).toHaveLength(1);
    expect(await readdir(directory)).toEqual([]);
  });

  it('starts over when a resume announces another total under the same ETag (no splice)', async () => {
    const first = Buffer.alloc(200_000, 'a');
    const grown = Buffer.alloc(300_000, 'b');
    let answers = 0;
    const { client, directory, requests } = await standIn((req, res) => {
      answers += 1;
      const etag = '"same"';
      if (answers === 1) {
        res.writeHead(200, { 'content-length': first.length, etag });
        // Then silence: the client's idle timeout cuts it, after it took these bytes.
        res.write(first.subarray(0, 50_000));
      } else if (req.headers.range !== undefined) {
        const start = Number(/bytes=(\d+)-/.exec(req.headers.range)![1]);
        res.writeHead(206, {
          'content-range': `bytes ${start}-${grown.length - 1}/${grown.length}`,
          'content-length': grown.length - start,
          etag,
        });
        res.end(grown.subarray(start));
      } else {
        res.writeHead(200, { 'content-length': first.length, etag });
        res.end(first);
      }
    });
    const file = await client.downloadArtifact('b1', { directory });
    expect(requests.map((req) => req.headers.range)).toEqual([
      undefined,
      'bytes=50000-',
      undefined,
    ]);
    expect(file.size).toBe(first.length);
    expect(file.sha256).toBe(createHash('sha256').update(first).digest('hex'));
    expect(await readFile(file.path)).toEqual(first);
  });
});
