// Reading request bodies and writing JSON answers, including the error body format.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ActionError } from '../errors.ts';

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

/** Writes a JSON answer; `truncate` cuts the body in half (the malformed-JSON fault). */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  truncate = false,
): void {
  const full = Buffer.from(JSON.stringify(value), 'utf8');
  const body = truncate ? full.subarray(0, Math.max(1, Math.floor(full.length / 2))) : full;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
  });
  res.end(body);
}

export function sendFailure(res: ServerResponse, failure: ApiFailure): void {
  for (const [name, value] of Object.entries(failure.headers)) res.setHeader(name, value);
  sendJson(res, failure.status, { error: { code: failure.code, message: failure.message } });
}
