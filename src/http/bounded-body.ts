// Answers read within bounds: a JSON answer no larger and no deeper than its endpoint allows, the
// start of an error answer for the other side's words, and a body dropped without an error when
// it is not wanted. Shared by the build service's transport and every exchange with GitHub
// (Octokit's included, github/client.ts).
import type { Dispatcher } from 'undici';
import { jsonOf } from './error-body.ts';
import { AnswerTooDeepError, ResponseTooLargeError, type AnswerBound } from './errors.ts';
import { jsonBounds, MAX_ANSWER_DEPTH } from './json-depth.ts';

type Headers = Dispatcher.ResponseData['headers'];

/** The start of an error answer that is read for the other side's words; the status decides. */
const ERROR_BODY_BYTES = 16 * 1024;

/** A header as one string: the first value of a repeated one; undefined when absent. */
export const headerValue = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function declaredLength(headers: Headers): number | undefined {
  const value = headers['content-length'];
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * The body's chunks, `bound.maxBytes` at most: refused before a byte is read when Content-Length
 * announces more, else as soon as more has come. Leaving the loop early destroys the body.
 */
export function boundedChunks(
  body: AsyncIterable<Buffer>,
  headers: Headers,
  bound: AnswerBound,
): AsyncGenerator<Buffer> {
  return chunksWithin(body, bound, declaredLength(headers));
}

/** See boundedChunks; `announced` is the length the answer declared for the bytes counted. */
async function* chunksWithin(
  body: AsyncIterable<Buffer>,
  bound: AnswerBound,
  announced: number | undefined,
): AsyncGenerator<Buffer> {
  if (announced !== undefined && announced > bound.maxBytes) {
    throw new ResponseTooLargeError(bound, announced);
  }
  let received = 0;
  for await (const chunk of body) {
    received += chunk.length;
    if (received > bound.maxBytes) throw new ResponseTooLargeError(bound);
    yield chunk;
  }
}

export interface WholeBody {
  /** The length the answer declared for the bytes as they are counted; refused early past the bound. */
  announced: number | undefined;
  /** The bytes are JSON to be parsed: nested past MAX_ANSWER_DEPTH, they are refused as they come. */
  json: boolean;
}

/**
 * A whole answer's bytes, `bound.maxBytes` at most (ResponseTooLargeError beyond); when they are
 * JSON, nested MAX_ANSWER_DEPTH levels at most (AnswerTooDeepError beyond), told as they come,
 * never by a parse.
 */
export async function boundedBody(
  body: AsyncIterable<Buffer>,
  bound: AnswerBound,
  { announced, json }: WholeBody,
): Promise<Buffer> {
  const walk = json
    ? jsonBounds({
        maxDepth: MAX_ANSWER_DEPTH,
        tooDeep: () => {
          throw new AnswerTooDeepError(bound, MAX_ANSWER_DEPTH);
        },
      })
    : undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of chunksWithin(body, bound, announced)) {
    walk?.(chunk);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A whole answer parsed as JSON, within `bound` and MAX_ANSWER_DEPTH (see boundedBody); undefined
 * when it is not JSON. Bytes that are not UTF-8 become U+FFFD: one odd byte costs one character,
 * not the answer. The body is dropped whatever happens.
 */
export async function boundedJson(
  body: Dispatcher.ResponseData['body'],
  headers: Headers,
  bound: AnswerBound,
): Promise<unknown> {
  let bytes: Buffer;
  try {
    bytes = await boundedBody(body, bound, { announced: declaredLength(headers), json: true });
  } finally {
    discardBody(body);
  }
  return jsonOf(new TextDecoder().decode(bytes));
}

/** Drops what is left of a body; its abort is expected, not an error to report. */
export function discardBody(body: Dispatcher.ResponseData['body']): void {
  if (body.destroyed) return;
  body.on('error', () => {});
  body.destroy();
}

/**
 * The start of an error answer (the service's or the artifact host's), for their words; the rest
 * is dropped unread.
 */
export async function errorBodyStart(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= ERROR_BODY_BYTES) break;
    }
  } catch {
    // The words are a bonus; the status already decided.
  } finally {
    discardBody(body);
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, ERROR_BODY_BYTES));
}
