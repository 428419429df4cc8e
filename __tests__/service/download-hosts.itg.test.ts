// Downloads from stand-in hosts that misbehave in ways the emulator does not: a body without an
// end, a partial answer to a request for the whole file.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
    // Cuts that get further count as progress (how far the first one gets depends on timing);
    // after that, maxAttempts failures in a row end it instead of looping forever.
    expect(requests.length).toBeGreaterThanOrEqual(FAST_RETRY.maxAttempts);
    expect(requests.length).toBeLessThanOrEqual(FAST_RETRY.maxAttempts + 2);
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
});
