// Small helpers shared by the stand-ins of GitHub's services.
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type RequestListener,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

type Server = HttpServer | HttpsServer;

/**
 * A stand-in served over TLS under a host name, as GitHub's services are (a name only a test's
 * proxy resolves, with a certificate from test-kit/certificates.ts), instead of http on 127.0.0.1.
 */
export interface TlsOrigin {
  host: string;
  cert: string;
  key: string;
}

/** The stand-in's server: http, or https with `tls`'s certificate. */
export const standInServer = (tls: TlsOrigin | undefined, handler: RequestListener): Server =>
  tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, handler) : createHttpServer(handler);

/**
 * The body's chunks as they arrive; with `bytesPerSecond`, read no faster than that (the client
 * feels TCP's backpressure, as from a slow link).
 */
export async function* readChunks(
  req: IncomingMessage,
  bytesPerSecond?: number,
): AsyncGenerator<Buffer> {
  const start = Date.now();
  let bytes = 0;
  for await (const chunk of req) {
    yield chunk as Buffer;
    bytes += (chunk as Buffer).length;
    if (bytesPerSecond !== undefined) {
      // Only when ahead of the pace: a reader already behind it reads on (setTimeout would warn
      // about a negative delay, TimeoutNegativeWarning, and wait 1 ms anyway).
      const ahead = start + (bytes / bytesPerSecond) * 1000 - Date.now();
      if (ahead > 0) await sleep(ahead);
    }
  }
}

/** The whole body, paced as readChunks paces it. */
export const readBody = async (req: IncomingMessage, bytesPerSecond?: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of readChunks(req, bytesPerSecond)) chunks.push(chunk);
  return Buffer.concat(chunks);
};

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
};

/** Listens on 127.0.0.1; the origin clients use: `https://<tls.host>:<port>` with `tls`. */
export const listen = async (server: Server, tls?: TlsOrigin): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return tls ? `https://${tls.host}:${port}` : `http://127.0.0.1:${port}`;
};

export const close = async (server: Server): Promise<void> => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
};

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
