// A service that gets things wrong in ways the emulator has no switch for (yet): a raw node:http
// server in front of the emulator's API that passes every request through, except the ones a test
// meddles with. Artifacts still come from the emulator's own artifact host.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Emulator } from '../../src/emulator/index.ts';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Exchange {
  method: string;
  /** Without the `/v1` prefix: `/builds/build_1/logs`. */
  path: string;
  /** The request's body, parsed, when it is JSON. */
  body: unknown;
  /** The emulator's answer to this request (asked once, when first called). */
  upstream(): Promise<Answer>;
  res: http.ServerResponse;
}

/** Handles the exchange itself (true), or leaves it to pass through (false). */
export type Meddle = (exchange: Exchange) => Promise<boolean>;

export interface MeddlingService {
  /** Give this to the client instead of the emulator's. */
  readonly baseUrl: string;
  meddle: Meddle | null;
  close(): Promise<void>;
}

export function send(res: http.ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
  res.end(answer.body);
}

/** The answer with its JSON body changed by `edit`. */
export function editJson(
  answer: Answer,
  edit: (value: Record<string, unknown>) => unknown,
): Answer {
  const value = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
  return { ...answer, body: Buffer.from(JSON.stringify(edit(value) ?? value)) };
}

const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

export async function startMeddlingService(emulator: Emulator): Promise<MeddlingService> {
  const upstreamBase = new URL(emulator.baseUrl);
  const service: MeddlingService = { baseUrl: '', meddle: null, close: async () => {} };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
    }
    let answer: Promise<Answer> | undefined;
    const upstream = () =>
      (answer ??= fetch(new URL(req.url ?? '/', upstreamBase.origin), {
        method: req.method,
        headers,
        body: raw.length > 0 ? raw : undefined,
        redirect: 'manual',
      }).then(async (response) => {
        const kept: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (!HOP_HEADERS.has(name)) kept[name] = value;
        });
        return {
          status: response.status,
          headers: kept,
          body: Buffer.from(await response.arrayBuffer()),
        };
      }));
    let body: unknown;
    try {
      body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    const exchange: Exchange = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').replace(/^\/v1/, ''),
      body,
      upstream,
      res,
    };
    try {
      if (!(await service.meddle?.(exchange))) send(res, await upstream());
    } catch {
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(service, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
