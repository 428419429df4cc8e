// Streaming artifact download over the transport's dispatcher (so through the environment's
// proxy): redirects followed by hand (the API key never leaves the API's origin, nor comes back
// once the chain left it; https never drops to http), body → sha256 → `<name>.part` in large
// writes, resume with Range + If-Range after a cut, a fresh URL when the artifact host refuses a
// signed one, then an atomic rename. An answer that is not an installer (a document, the API's
// own answer, nothing at all) is refused, and the folder is checked by real path before any
// request. Every wait goes through the retry policy; a transfer that got further starts its count
// over.
import { mkdir, realpath, rename } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import { ArtifactHostError, DownloadError, type DownloadProblem } from './errors.ts';
import {
  fileNameFromContentDisposition,
  fileNameFromUrl,
  isInside,
  pathInside,
  sanitizeFileName,
} from './file-name.ts';
import { releaseReadBuffers } from './memory.ts';
import { hashPlaceFor, PartFile } from './part-file.ts';
import { parseRetryAfter, withRetries, type AttemptFailure, type AttemptResult } from './retry.ts';
import { discardBody, errorBodyStart, type Transport } from './transport.ts';
import { asError } from '../errors.ts';
import { commandText } from '../escape.ts';

export interface DownloadOptions {
  directory: string;
  /**
   * The folder the download must stay inside (the action's download-path): `directory` is refused
   * unless its real path (links resolved) is this folder's real path or below it.
   */
  within?: string;
  /**
   * The build's `artifactSize`. The spec gives no unit, so it only informs: the host's
   * Content-Length and the sha256 decide, and a difference is reported through `onWarning`.
   */
  expectedSize?: number;
  signal?: AbortSignal;
  /** Called for every chunk received; throttle in the caller. */
  onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
  onWarning?: (message: string) => void;
}

export interface DownloadedArtifact {
  path: string;
  fileName: string;
  size: number;
  sha256: string;
  /** How many times the transfer was continued after a cut (by Range, or from the start). */
  resumes: number;
}

const ENDPOINT = 'GET /builds/:buildId/download';
// Every 2 MiB, not 8: a large download's hash thread costs 6-8 MiB; the peak stays ~120 MiB.
const RELEASE_EVERY_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 5;

type Headers = Dispatcher.ResponseData['headers'];

// Media types of documents: what an API, a login page or a storage error answers with, never an
// installer (installers come as octet-stream or their own binary types).
const DOCUMENT_TYPES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^application\/(?:[^\s/;]+\+)?json$/, 'a JSON document'],
  [/^(?:text\/html|application\/xhtml\+xml)$/, 'an HTML page'],
  [/^(?:application|text)\/xml$/, 'an XML document'],
];

/** What kind of document a Content-Type announces; undefined for anything else, or none. */
export function documentKind(contentType: string | undefined): string | undefined {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return DOCUMENT_TYPES.find(([pattern]) => pattern.test(mediaType))?.[1];
}

const headerOf = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** `Content-Range: bytes <start>-<end>/<total|*>` */
export function parseContentRange(
  value: string | undefined,
): { start: number; total: number | undefined } | undefined {
  const match = /^bytes\s+(\d+)-\d+\/(\d+|\*)$/i.exec(value?.trim() ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), total: match[2] === '*' ? undefined : Number(match[2]) };
}

/**
 * What identifies the bytes behind a URL, for If-Range: a strong ETag, else Last-Modified; none
 * when the host gives neither (then a cut transfer starts again from zero).
 */
export function validatorOf(headers: Headers): string | undefined {
  const etag = headerOf(headers, 'etag');
  if (etag !== undefined && etag.startsWith('"')) return etag;
  return headerOf(headers, 'last-modified');
}

export type Continuation = 'fresh' | 'resume' | 'restart';

/** How an answer continues a transfer that already holds `received` bytes. */
export function continuationOf(
  received: number,
  status: number,
  rangeStart: number | undefined,
): Continuation {
  if (status === 206)
    return rangeStart === received ? (received === 0 ? 'fresh' : 'resume') : 'restart';
  return received === 0 ? 'fresh' : 'restart';
}

export function nextHop(buildId: string, from: URL, location: string, hop: number): URL {
  if (hop >= MAX_REDIRECTS) {
    throw new DownloadError(buildId, 'redirect', `more than ${MAX_REDIRECTS} redirects.`);
  }
  const next = URL.parse(location, from.href);
  if (next === null) {
    throw new DownloadError(
      buildId,
      'redirect',
      `redirected to something that is not a URL (${commandText(location, 100)}).`,
    );
  }
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    throw new DownloadError(
      buildId,
      'redirect',
      `redirected to a ${commandText(next.protocol, 40)} URL.`,
    );
  }
  // An installer fetched over plain http could be swapped on the way and then published.
  if (from.protocol === 'https:' && next.protocol === 'http:') {
    throw new DownloadError(
      buildId,
      'redirect',
      `redirected from https to plain http (${commandText(next.host, 100)}); refusing an ` +
        'unencrypted transfer.',
    );
  }
  return next;
}

/** Where a transfer stands between attempts. */
interface Transfer {
  part: PartFile | undefined;
  target: { fileName: string; filePath: string } | undefined;
  /** If-Range value of the bytes in `part`. */
  validator: string | undefined;
  total: number | undefined;
  resumes: number;
  furthest: number;
  /** The artifact host refused a signed URL once already. */
  refusedOnce: boolean;
}

interface Opened {
  response: Dispatcher.ResponseData;
  url: URL;
  /** The redirects went through another origin than the API's on the way to `url`. */
  leftApi: boolean;
}

export async function downloadArtifact(
  transport: Transport,
  buildId: string,
  options: DownloadOptions,
): Promise<DownloadedArtifact> {
  const { signal } = options;
  const start = transport.url(`/builds/${encodeURIComponent(buildId)}/download`);
  await prepareDirectory(buildId, options.directory, options.within);
  const transfer: Transfer = {
    part: undefined,
    target: undefined,
    validator: undefined,
    total: undefined,
    resumes: 0,
    furthest: 0,
    refusedOnce: false,
  };
  try {
    await withRetries(transport.runtime, {
      endpoint: ENDPOINT,
      signal,
      attempt: () => attemptTransfer(transport, buildId, start, transfer, options),
    });
    const part = transfer.part!;
    const size = part.received;
    const sha256 = await part.finish();
    const { target } = transfer;
    await rename(part.path, target!.filePath);
    if (options.expectedSize !== undefined && options.expectedSize !== size) {
      options.onWarning?.(
        `build ${buildId}: the artifact host sent ${size} bytes (Content-Length), the build's ` +
          `artifactSize says ${options.expectedSize}; the download is complete by the host's ` +
          `length and its sha256 is ${sha256}.`,
      );
    }
    return {
      path: target!.filePath,
      fileName: target!.fileName,
      size,
      sha256,
      resumes: transfer.resumes,
    };
  } catch (error) {
    await transfer.part?.discard();
    throw error;
  }
}

/** One request (from the API's download endpoint, for a fresh URL) and as much body as comes. */
async function attemptTransfer(
  transport: Transport,
  buildId: string,
  start: URL,
  transfer: Transfer,
  options: DownloadOptions,
): Promise<AttemptResult<true>> {
  const received = transfer.part?.received ?? 0;
  const resumeFrom = received > 0 && transfer.validator !== undefined ? received : 0;
  if (received > 0 && resumeFrom === 0) await transfer.part!.restart();
  const opened = await open(transport, buildId, start, resumeFrom, transfer, options.signal);
  if (!opened.ok) return opened;
  const { response, url, leftApi } = opened.value;
  try {
    const announced = announcedTotal(response);
    const refusal = notTheArtifact(transport, response, url, leftApi, announced);
    if (refusal !== undefined) throw new DownloadError(buildId, refusal.problem, refusal.message);
    transfer.target ??= targetOf(options.directory, buildId, response.headers, url);
    transfer.part ??= await PartFile.create(
      `${transfer.target.filePath}.part`,
      hashPlaceFor(announced ?? options.expectedSize),
    );
    const part = transfer.part;
    const range = parseContentRange(headerOf(response.headers, 'content-range'));
    const continuation = continuationOf(part.received, response.statusCode, range?.start);
    if (part.received > 0) transfer.resumes++;
    if (response.statusCode === 206 && resumeFrom === 0) {
      // Asking again would get the same answer, forever.
      const contentRange = headerOf(response.headers, 'content-range');
      throw new DownloadError(
        buildId,
        'range',
        'the artifact host answered a request for the whole file with a part of it (HTTP 206 ' +
          `${contentRange === undefined ? 'without Content-Range' : commandText(contentRange, 100)}).`,
      );
    }
    const validator = validatorOf(response.headers);
    // A 200 to If-Range, a range elsewhere, or other bytes behind the same URL: start from zero.
    if (continuation === 'restart' || (part.received > 0 && validator !== transfer.validator)) {
      await part.restart();
      if (response.statusCode === 206) return rangeMissed(buildId);
    }
    transfer.validator = validator;
    transfer.total = announced ?? transfer.total;
    return await receiveBody(transport, buildId, response, transfer, options);
  } finally {
    // Frees the connection on every early exit; a no-op once the body was read to the end.
    discardBody(response.body);
  }
}

async function receiveBody(
  transport: Transport,
  buildId: string,
  response: Dispatcher.ResponseData,
  transfer: Transfer,
  options: DownloadOptions,
): Promise<AttemptResult<true>> {
  const part = transfer.part!;
  // Without a length from the host, artifactSize is the only bound on a body that never ends.
  const limit = transfer.total ?? options.expectedSize;
  try {
    await pipeBody(response.body, part, (received) => {
      // A chunked or close-delimited body has no end of its own; stop it before it fills the disk.
      if (limit !== undefined && received > limit) {
        throw new DownloadError(buildId, 'size', `received more than ${limit} bytes.`);
      }
      options.onProgress?.(received, transfer.total);
    });
    await part.flushed();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof DownloadError) throw error;
    await part.flushed();
    const failure = transport.networkFailure(ENDPOINT, error, false);
    const madeProgress = part.received > transfer.furthest;
    transfer.furthest = Math.max(transfer.furthest, part.received);
    return {
      ok: false,
      failure: {
        ...failure,
        madeProgress,
        reason: `transfer cut after ${part.received} bytes (${failure.reason})`,
      },
    };
  }
  if (part.received === 0) {
    throw new DownloadError(
      buildId,
      'size',
      "the artifact host's answer ended without a byte; an empty file is not an installer.",
    );
  }
  if (transfer.total !== undefined && part.received !== transfer.total) {
    throw new DownloadError(
      buildId,
      'size',
      `received ${part.received} bytes, expected ${transfer.total}.`,
    );
  }
  return { ok: true, value: true };
}

/**
 * Feeds the body to the file chunk by chunk through plain 'data' events (an async iterator would
 * cost a promise per 16 KiB record), pausing the socket while the disk catches up.
 */
async function pipeBody(
  body: Dispatcher.ResponseData['body'],
  part: PartFile,
  onChunk: (received: number) => void,
): Promise<void> {
  const release = releaseReadBuffers(RELEASE_EVERY_BYTES);
  const stop = (error: unknown) => body.destroy(asError(error));
  const take = (chunk: Buffer) => {
    try {
      if (!part.accept(chunk)) {
        body.pause();
        part.drained().then(() => body.resume(), stop);
      }
      release(part.received);
      onChunk(part.received);
    } catch (error) {
      stop(error);
    }
  };
  body.on('data', take);
  try {
    // Also settles for a body that ended or broke before this function was reached.
    await finished(body);
  } finally {
    body.off('data', take);
  }
}

/** A part that does not continue the file: ask again, now for all of it. */
const rangeMissed = (buildId: string): AttemptResult<never> => ({
  ok: false,
  failure: {
    retryable: true,
    outcomeUnknown: false,
    reason: 'the range did not continue the file',
    toError: () =>
      new DownloadError(buildId, 'range', 'the artifact host kept answering with other ranges.'),
  },
});

function announcedTotal({ statusCode, headers }: Dispatcher.ResponseData): number | undefined {
  if (statusCode === 206) return parseContentRange(headerOf(headers, 'content-range'))?.total;
  const length = Number(headerOf(headers, 'content-length') ?? NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** Follows redirects from the API's endpoint to the bytes; classifies a refusal on the way. */
async function open(
  transport: Transport,
  buildId: string,
  start: URL,
  resumeFrom: number,
  transfer: Transfer,
  signal: AbortSignal | undefined,
): Promise<AttemptResult<Opened>> {
  let url = start;
  // Once the chain left the API's origin, a hop back there could hand the key to whoever chose
  // the redirect (and the API's own answer is not the artifact): no hop after that carries it.
  let leftApi = false;
  for (let hop = 0; ; hop++) {
    leftApi ||= url.origin !== transport.apiOrigin;
    const headers: Record<string, string> =
      resumeFrom > 0 ? { range: `bytes=${resumeFrom}-`, 'if-range': transfer.validator! } : {};
    let response: Dispatcher.ResponseData;
    try {
      response = await transport.send(url, {
        method: 'GET',
        headers,
        signal,
        idleTimeoutMs: transport.requestTimeoutMs(),
        anonymous: leftApi,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return {
        ok: false,
        failure: transport.networkFailure(ENDPOINT, error, false, undefined, url),
      };
    }
    const status = response.statusCode;
    const location = headerOf(response.headers, 'location');
    if (status >= 300 && status < 400 && location !== undefined) {
      discardBody(response.body);
      url = nextHop(buildId, url, location, hop);
      continue;
    }
    if (status === 200 || status === 206) {
      // The body can break before anyone reads it; `finished()` reports that later.
      response.body.on('error', () => {});
      return { ok: true, value: { response, url, leftApi } };
    }
    // The status alone decides what happens; the body only adds the host's words.
    const text = await errorBodyStart(response.body);
    // After the chain left the API, even the API's origin answers as a host: it got no key.
    if (leftApi) {
      const now = transport.runtime.now();
      return {
        ok: false,
        failure: hostFailure(buildId, url, status, response.headers, text, transfer, now),
      };
    }
    return {
      ok: false,
      failure: transport.statusFailure(ENDPOINT, status, response.headers, text, buildId),
    };
  }
}

/**
 * The artifact host's own answer. A 401/403/404/410 there usually means a signed URL that expired:
 * worth one more try from the API, which hands out a fresh one. Never an API-key problem.
 */
function hostFailure(
  buildId: string,
  url: URL,
  status: number,
  headers: Headers,
  text: string,
  transfer: Transfer,
  now: number,
): AttemptFailure {
  const refused = [401, 403, 404, 410].includes(status);
  const freshUrlHelps = refused && !transfer.refusedOnce;
  if (refused) transfer.refusedOnce = true;
  const transient = status === 408 || status === 429 || status >= 500;
  return {
    retryable: freshUrlHelps || transient,
    outcomeUnknown: false,
    retryAfterMs: transient ? parseRetryAfter(headerOf(headers, 'retry-after'), now) : undefined,
    reason:
      `the artifact host ${url.host} answered HTTP ${status}` +
      (freshUrlHelps ? '; asking the service for a fresh URL' : ''),
    toError: (attempts) => new ArtifactHostError(buildId, url.host, status, text, attempts),
  };
}

/**
 * Why a success answer is not the installer, if it is not: the API's own answer at the end of a
 * chain that had left it, a document, or an empty body. Checked once per answer, before a byte is
 * kept.
 */
function notTheArtifact(
  transport: Transport,
  { statusCode, headers }: Dispatcher.ResponseData,
  url: URL,
  leftApi: boolean,
  announced: number | undefined,
): { problem: DownloadProblem; message: string } | undefined {
  const contentType = headerOf(headers, 'content-type');
  const typeNote =
    contentType === undefined ? 'no Content-Type' : `Content-Type ${commandText(contentType, 100)}`;
  if (leftApi && url.origin === transport.apiOrigin) {
    return {
      problem: 'content',
      message:
        `the artifact host's redirects led back to the service's API (${url.host}), which ` +
        `answered HTTP ${statusCode} with ${typeNote}; the installer's bytes come from the ` +
        'artifact host, never from the API, so nothing was saved.',
    };
  }
  const kind = documentKind(contentType);
  if (kind !== undefined) {
    return {
      problem: 'content',
      message:
        `the artifact host ${url.host} answered HTTP ${statusCode} with ${typeNote} (${kind}) ` +
        'where the installer was expected; nothing was saved.',
    };
  }
  if (announced === 0) {
    return {
      problem: 'size',
      message: `the artifact host ${url.host} announced 0 bytes; an empty file is not an installer.`,
    };
  }
  return undefined;
}

/**
 * Creates `directory`. With `within`, one folder at a time, each checked by real path before the
 * next is made below it: a folder that is (or leads through) a link to elsewhere is refused before
 * anything is created or written through it.
 */
async function prepareDirectory(
  buildId: string,
  directory: string,
  within: string | undefined,
): Promise<void> {
  if (within === undefined) {
    await mkdir(directory, { recursive: true });
    return;
  }
  const root = path.resolve(within);
  const target = path.resolve(directory);
  const shown = `the download folder ${commandText(target, 300)}`;
  if (!isInside(root, target)) {
    throw new DownloadError(buildId, 'path', `${shown} is not inside ${commandText(root, 300)}.`);
  }
  await mkdir(root, { recursive: true });
  const realRoot = await realpath(root);
  let current = root;
  for (const name of ['', ...path.relative(root, target).split(path.sep).filter(Boolean)]) {
    current = path.join(current, name);
    await mkdir(current).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    });
    const real = await realpath(current).catch(() => undefined);
    if (real === undefined || !isInside(realRoot, real)) {
      throw new DownloadError(
        buildId,
        'path',
        `${shown} leads, through ${commandText(current, 300)}, ` +
          (real === undefined ? 'to a link to nowhere' : `to ${commandText(real, 300)}`) +
          `, outside ${commandText(realRoot, 300)}; refusing to write there.`,
      );
    }
  }
}

function targetOf(directory: string, buildId: string, headers: Headers, url: URL) {
  const fallback = sanitizeFileName(`${buildId}.bin`, 'artifact.bin');
  const fileName = sanitizeFileName(
    fileNameFromContentDisposition(headerOf(headers, 'content-disposition')) ??
      fileNameFromUrl(url),
    fallback,
  );
  const filePath = pathInside(directory, fileName);
  if (filePath === undefined) {
    throw new DownloadError(
      buildId,
      'name',
      `the file name '${commandText(fileName, 100)}' leaves ${commandText(directory, 300)}.`,
    );
  }
  return { fileName, filePath };
}
