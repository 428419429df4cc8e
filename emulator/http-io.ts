// Reading request bodies and writing JSON answers: the error body format, and the slow or huge
// ways a hostile service sends them (a byte at a time; streamed with backpressure).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ActionError } from '../src/shared/errors.ts';
import type { Timers } from './timers.ts';

const MAX_BODY_BYTES = 1024 * 1024;

/** A request the service refuses; the API server turns it into `{ error: { code, message } }`. */
export class ApiFailure extends ActionError {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const badRequest = (message: string): ApiFailure =>
  new ApiFailure(400, 'invalid_request', message);

export const notFound = (kind: string, id: string): ApiFailure =>
  new ApiFailure(
    404,
    'not_found',
    `${kind} '${id}' does not exist (check the id, or list the ${kind}s).`,
  );

export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new ApiFailure(413, 'payload_too_large', 'Request body exceeds 1 MiB.');
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw badRequest('Request body is empty; send a JSON object.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiFailure(400, 'invalid_json', 'Request body is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('Request body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The malformed-JSON fault: the first half of a body, which does not parse. */
export const truncated = (body: Buffer): Buffer =>
  body.subarray(0, Math.max(1, Math.floor(body.length / 2)));

/** Writes an encoded JSON answer whole. */
export function sendBytes(res: ServerResponse, status: number, body: Buffer): void {
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': body.length });
  res.end(body);
}

/** Writes a JSON answer; `truncate` cuts the body in half (the malformed-JSON fault). */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  truncate = false,
): void {
  const full = Buffer.from(JSON.stringify(value), 'utf8');
  sendBytes(res, status, truncate ? truncated(full) : full);
}

/** Resolves once the response can take more bytes, or the client went away. */
export function waitForDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Sends the headers (with the full Content-Length) at once, then the body one byte every
 * `byteIntervalMs`; resolves when it is all sent or the client went away. The timer is one of the
 * emulator's, so close() clears it too.
 */
export function sendTrickled(
  res: ServerResponse,
  status: number,
  body: Buffer,
  byteIntervalMs: number,
  timers: Timers,
): Promise<void> {
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': body.length });
  res.flushHeaders();
  return new Promise((resolve) => {
    let sent = 0;
    const stop = () => {
      timers.cancel(beat);
      res.off('close', stop);
      resolve();
    };
    const beat = timers.every(byteIntervalMs, () => {
      if (sent < body.length) res.write(body.subarray(sent, (sent += 1)));
      if (sent === body.length) {
        res.end();
        stop();
      }
    });
    res.on('close', stop);
  });
}

/**
 * Streams a JSON answer chunk by chunk, chunked (no Content-Length): the next chunk is produced
 * only when the response has room for it (backpressure), and none once the client went away.
 */
export async function streamJson(
  res: ServerResponse,
  status: number,
  chunks: Iterable<Buffer>,
): Promise<void> {
  res.writeHead(status, { 'Content-Type': JSON_TYPE });
  for (const chunk of chunks) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await waitForDrain(res);
  }
  if (!res.destroyed) res.end();
}

export function sendFailure(res: ServerResponse, failure: ApiFailure): void {
  for (const [name, value] of Object.entries(failure.headers)) res.setHeader(name, value);
  sendJson(res, failure.status, { error: { code: failure.code, message: failure.message } });
}
