// Streaming artifact download: redirects followed by hand (the API key never leaves the API's
// origin), body → sha256 → `<name>.part` in one pass with constant memory, resume with Range after
// a cut, length checks, then an atomic rename.
import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm, rename } from 'node:fs/promises';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { DownloadError } from './errors.ts';
import {
  fileNameFromContentDisposition,
  fileNameFromUrl,
  pathInside,
  sanitizeFileName,
} from './file-name.ts';
import { backoffDelay, withRetries, type AttemptResult } from './retry.ts';
import { headerValue, type Transport } from './transport.ts';

export interface DownloadOptions {
  directory: string;
  /** The build's `artifactSize`; the download fails if the bytes received differ. */
  expectedSize?: number;
  signal?: AbortSignal;
  /** Called for every chunk written; throttle in the caller. */
  onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
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
const MAX_REDIRECTS = 5;
// Large buffers keep the hot loop at few, big chunks; both bound the memory used.
const BODY_HIGH_WATER_MARK = 1024 * 1024;
const FILE_HIGH_WATER_MARK = 4 * 1024 * 1024;

interface Opened {
  response: Dispatcher.ResponseData;
  url: URL;
}

/** `Content-Range: bytes <start>-<end>/<total|*>` */
export function parseContentRange(
  value: string | undefined,
): { start: number; total: number | undefined } | undefined {
  const match = /^bytes\s+(\d+)-\d+\/(\d+|\*)$/i.exec(value?.trim() ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), total: match[2] === '*' ? undefined : Number(match[2]) };
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

function announcedTotal({ headers, statusCode }: Dispatcher.ResponseData): number | undefined {
  if (statusCode === 206) return parseContentRange(headerValue(headers, 'content-range'))?.total;
  const length = Number(headerValue(headers, 'content-length') ?? NaN);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

async function openOnce(
  transport: Transport,
  buildId: string,
  start: URL,
  rangeFrom: number,
  signal: AbortSignal | undefined,
): Promise<AttemptResult<Opened>> {
  let url = start;
  for (let hop = 0; ; hop++) {
    let response: Dispatcher.ResponseData;
    try {
      response = await transport.send(url, {
        method: 'GET',
        headers: rangeFrom > 0 ? { range: `bytes=${rangeFrom}-` } : {},
        signal,
        idleTimeoutMs: transport.timeoutMs,
        highWaterMark: BODY_HIGH_WATER_MARK,
      });
      const { statusCode, headers } = response;
      const location = headerValue(headers, 'location');
      if (statusCode >= 300 && statusCode < 400 && location !== undefined) {
        await response.body.dump();
        url = nextHop(buildId, url, location, hop);
        continue;
      }
      if (statusCode === 200 || statusCode === 206) return { ok: true, value: { response, url } };
      const text = await response.body.text();
      return {
        ok: false,
        failure: transport.statusFailure(ENDPOINT, statusCode, headers, text, buildId),
      };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return { ok: false, failure: transport.networkFailure(ENDPOINT, error, false) };
    }
  }
}

function nextHop(buildId: string, from: URL, location: string, hop: number): URL {
  if (hop >= MAX_REDIRECTS) {
    throw new DownloadError(buildId, 'redirect', `more than ${MAX_REDIRECTS} redirects.`);
  }
  const next = new URL(location, from);
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    throw new DownloadError(buildId, 'redirect', `redirected to a ${next.protocol} URL.`);
  }
  return next;
}

function targetOf(directory: string, buildId: string, response: Dispatcher.ResponseData, url: URL) {
  const fallback = sanitizeFileName(`${buildId}.bin`, 'artifact.bin');
  const disposition = headerValue(response.headers, 'content-disposition');
  const fileName = sanitizeFileName(
    fileNameFromContentDisposition(disposition) ?? fileNameFromUrl(url),
    fallback,
  );
  const filePath = pathInside(directory, fileName);
  if (filePath === undefined) {
    throw new DownloadError(buildId, 'name', `the file name '${fileName}' leaves ${directory}.`);
  }
  return { fileName, filePath, partPath: `${filePath}.part` };
}

/**
 * The `.part` file and the running sha256 of exactly the bytes handed to it. A cut mid-body keeps
 * both consistent (nothing is hashed that is not written), so a transfer can continue from there.
 */
class PartFile {
  readonly path: string;
  received = 0;
  #hash: Hash = createHash('sha256');
  #stream: WriteStream;
  #error: Error | undefined;

  constructor(partPath: string) {
    this.path = partPath;
    this.#stream = this.#open();
  }

  /** Appends one answer's body; throws what interrupted it. */
  async copy(body: Readable, onProgress: (received: number) => void): Promise<void> {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      this.#hash.update(chunk);
      this.received += chunk.length;
      onProgress(this.received);
      if (!this.#stream.write(chunk)) await once(this.#stream, 'drain');
      if (this.#error) throw this.#error;
    }
  }

  async restart(): Promise<void> {
    await this.#close();
    this.#stream = this.#open();
    this.#hash = createHash('sha256');
    this.received = 0;
  }

  /** Flushes and closes the file; returns the hex sha256 of its content. */
  async finish(): Promise<string> {
    await this.#close();
    return this.#hash.digest('hex');
  }

  async discard(): Promise<void> {
    this.#stream.destroy();
    // The descriptor must be closed before the file can be removed on Windows.
    await finished(this.#stream).catch(() => undefined);
    await rm(this.path, { force: true });
  }

  #open(): WriteStream {
    const stream = createWriteStream(this.path, {
      flags: 'w',
      highWaterMark: FILE_HIGH_WATER_MARK,
    });
    stream.on('error', (error) => {
      this.#error = error;
    });
    return stream;
  }

  async #close(): Promise<void> {
    this.#stream.end();
    await finished(this.#stream);
    if (this.#error) throw this.#error;
  }
}

export async function downloadArtifact(
  transport: Transport,
  buildId: string,
  options: DownloadOptions,
): Promise<DownloadedArtifact> {
  const { signal, expectedSize } = options;
  const { runtime } = transport;
  const start = transport.url(`/builds/${encodeURIComponent(buildId)}/download`);
  await mkdir(options.directory, { recursive: true });

  let target: ReturnType<typeof targetOf> | undefined;
  let part: PartFile | undefined;
  let total: number | undefined;
  let resumes = 0;
  let stalls = 0;
  const onProgress = (received: number) => options.onProgress?.(received, total);
  try {
    for (;;) {
      const { response, url } = await withRetries(runtime, {
        endpoint: ENDPOINT,
        signal,
        attempt: () => openOnce(transport, buildId, start, part?.received ?? 0, signal),
      });
      try {
        target ??= targetOf(options.directory, buildId, response, url);
        part ??= new PartFile(target.partPath);
        const range = parseContentRange(headerValue(response.headers, 'content-range'));
        const continuation = continuationOf(part.received, response.statusCode, range?.start);
        if (part.received > 0) resumes++;
        if (continuation === 'restart') {
          await part.restart();
          // A range that does not start where we stopped is of no use; ask again from zero.
          if (response.statusCode === 206) continue;
        }
        total = announcedTotal(response) ?? total;
        if (total !== undefined && expectedSize !== undefined && total !== expectedSize) {
          throw new DownloadError(
            buildId,
            'size',
            `the artifact host announces ${total} bytes, the build's artifactSize is ${expectedSize}.`,
          );
        }
        const before = part.received;
        try {
          await part.copy(response.body, onProgress);
          break;
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          const failure = transport.networkFailure(ENDPOINT, error, false);
          stalls = part.received > before ? 0 : stalls + 1;
          if (stalls >= runtime.policy.maxAttempts) throw failure.toError(stalls);
          const delayMs = stalls === 0 ? 0 : backoffDelay(runtime.policy, stalls, runtime.random);
          runtime.onRetry?.({
            endpoint: ENDPOINT,
            attempt: resumes + 1,
            delayMs,
            reason: `transfer cut after ${part.received} bytes (${failure.reason})`,
          });
          await runtime.sleep(delayMs, signal);
        }
      } finally {
        // Frees the connection on every early exit; a no-op once the body was read to the end.
        response.body.destroy();
      }
    }
    const size = part.received;
    const sha256 = await part.finish();
    const expected = expectedSize ?? total;
    if (expected !== undefined && size !== expected) {
      throw new DownloadError(buildId, 'size', `received ${size} bytes, expected ${expected}.`);
    }
    await rename(part.path, target.filePath);
    return { path: target.filePath, fileName: target.fileName, size, sha256, resumes };
  } catch (error) {
    await part?.discard();
    throw error;
  }
}
