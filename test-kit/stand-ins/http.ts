// Small helpers shared by the stand-ins of GitHub's services.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
      await sleep(start + (bytes / bytesPerSecond) * 1000 - Date.now());
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

export const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
};

export const close = async (server: Server): Promise<void> => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
};

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));
