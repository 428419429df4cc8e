// Small raw node:http services on loopback for answers the emulator does not give: hostile values,
// bodies of any size or pace, odd bytes. Closed after each test.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import { waitForDrain } from '../../emulator/http-io.ts';
import { BuildServiceClient, type ClientOptions } from '../../src/service/client.ts';
import type { RetryEvent } from '../../src/http/retry.ts';
import { FAST_RETRY } from './support.ts';

export const KEY = 'dbs_live_0123456789abcdef0123456789abcdef';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface StandIn {
  baseUrl: string;
  /** Requests received, as `METHOD /path`. */
  requests: string[];
}

/** Returns a starter of stand-in services; every one is closed after each test. */
export function useStandIns(): (handler: Handler) => Promise<StandIn> {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  return async (handler) => {
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      handler(req, res);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { baseUrl: `http://127.0.0.1:${port}/v1`, requests };
  };
}

export function clientFor(
  baseUrl: string,
  options: Partial<ClientOptions> & { events?: RetryEvent[] } = {},
): BuildServiceClient {
  const { events, ...rest } = options;
  return new BuildServiceClient({
    baseUrl,
    apiKey: KEY,
    retry: { ...FAST_RETRY, maxAttempts: 2 },
    onRetry: (event) => events?.push(event),
    ...rest,
  });
}

/** Answers 200 with `body` as JSON. */
export const json = (body: unknown): Handler => {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
};

/**
 * Writes `head`, then `chunk` again and again up to `total` bytes in all, then `tail`, as fast as
 * the client reads (backpressure); stops when the client goes away. Resolves to the bytes written.
 */
export async function pump(
  res: ServerResponse,
  head: string,
  chunk: Buffer,
  total: number,
  tail = '',
): Promise<number> {
  let written = 0;
  const write = async (data: Buffer | string) => {
    written += Buffer.byteLength(data);
    // waitForDrain removes both its listeners when either fires: racing two `once()` left the
    // loser's listener and an 'error' listener behind on every wait (MaxListenersExceededWarning).
    if (!res.write(data)) await waitForDrain(res);
  };
  await write(head);
  while (written < total && !res.destroyed) await write(chunk);
  res.end(tail);
  return written;
}

/** A build as Get Build answers it; `fields` replace or add fields. */
export const buildAnswer = (fields: Record<string, unknown> = {}) => ({
  id: 'build_1',
  projectId: 'proj_1',
  version: '1.0.0',
  platform: 'linux',
  arch: 'x64',
  status: 'success',
  createdAt: '2026-01-01T00:00:00Z',
  startedAt: '2026-01-01T00:00:01Z',
  completedAt: '2026-01-01T00:01:00Z',
  duration: 59,
  artifactUrl: 'https://artifacts.example.com/build_1.AppImage',
  artifactSize: 1024,
  buildLog: 'https://api.example.com/v1/builds/build_1/logs',
  ...fields,
});
