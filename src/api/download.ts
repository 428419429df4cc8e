// Streaming artifact download: redirects followed by hand (the API key never leaves the API's
// origin), body → sha256 → `<name>.part` in one pass with constant memory, resume with Range after
// a cut, length checks, then an atomic rename.
import { createHash, type Hash } from 'node:crypto';
import { close, ftruncate, open, write } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { DownloadError } from './errors.ts';
import {
  fileNameFromContentDisposition,
  fileNameFromUrl,
  pathInside,
  sanitizeFileName,
} from './file-name.ts';
import { http1Get, type Http1Response } from './http1-get.ts';
import { backoffDelay, withRetries, type AttemptResult } from './retry.ts';
import type { Transport } from './transport.ts';

export interface DownloadOptions {
  directory: string;
  /** The build's `artifactSize`; the download fails if the bytes received differ. */
  expectedSize?: number;
  signal?: AbortSignal;
  /** Called for every chunk received; throttle in the caller. */
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

const openFile = promisify(open);
const truncateFile = promisify(ftruncate);
const closeFile = promisify(close);

const ENDPOINT = 'GET /builds/:buildId/download';
const MAX_REDIRECTS = 5;
const ERROR_BODY_LIMIT = 16 * 1024;

interface Opened {
  response: Http1Response;
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

function announcedTotal({ status, headers }: Http1Response): number | undefined {
  if (status === 206) return parseContentRange(headers['content-range'])?.total;
  const length = Number(headers['content-length'] ?? NaN);
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
    let response: Http1Response;
    try {
      response = await http1Get(url, {
        headers: transport.headersFor(url, rangeFrom > 0 ? { range: `bytes=${rangeFrom}-` } : {}),
        idleTimeoutMs: transport.timeoutMs,
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return { ok: false, failure: transport.networkFailure(ENDPOINT, error, false) };
    }
    const { status, headers } = response;
    if (status >= 300 && status < 400 && headers.location !== undefined) {
      response.destroy();
      url = nextHop(buildId, url, headers.location, hop);
      continue;
    }
    if (status === 200 || status === 206) return { ok: true, value: { response, url } };
    // The status alone decides what happens; the body only adds the service's words.
    const text = await response.text(ERROR_BODY_LIMIT).catch(() => '');
    return {
      ok: false,
      failure: transport.statusFailure(ENDPOINT, status, headers, text, buildId),
    };
  }
}

export function nextHop(buildId: string, from: URL, location: string, hop: number): URL {
  if (hop >= MAX_REDIRECTS) {
    throw new DownloadError(buildId, 'redirect', `more than ${MAX_REDIRECTS} redirects.`);
  }
  const next = new URL(location, from);
  if (next.protocol !== 'https:' && next.protocol !== 'http:') {
    throw new DownloadError(buildId, 'redirect', `redirected to a ${next.protocol} URL.`);
  }
  // An installer fetched over plain http could be swapped on the way and then published.
  if (from.protocol === 'https:' && next.protocol === 'http:') {
    throw new DownloadError(
      buildId,
      'redirect',
      `redirected from https to plain http (${next.host}); refusing an unencrypted transfer.`,
    );
  }
  return next;
}

function targetOf(directory: string, buildId: string, response: Http1Response, url: URL) {
  const fallback = sanitizeFileName(`${buildId}.bin`, 'artifact.bin');
  const disposition = response.headers['content-disposition'];
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
 * The `.part` file and the running sha256 of exactly the bytes given to it. Each chunk is written
 * at its own offset in the background while the next bytes arrive, and released once on disk.
 * Plain callbacks rather than promises: at a thousand chunks a second, per-chunk promise chains
 * grow the young heap by tens of MiB.
 */
class PartFile {
  readonly path: string;
  received = 0;
  readonly #fd: number;
  #hash: Hash = createHash('sha256');
  #writing = 0;
  #idle: (() => void) | undefined;
  #error: Error | undefined;

  private constructor(partPath: string, fd: number) {
    this.path = partPath;
    this.#fd = fd;
  }

  static async create(partPath: string): Promise<PartFile> {
    return new PartFile(partPath, await openFile(partPath, 'w'));
  }

  /** Hashes a chunk and starts writing it; throws a write error seen earlier. */
  accept(chunk: Buffer, release: () => void): void {
    if (this.#error) throw this.#error;
    this.#hash.update(chunk);
    this.#writing++;
    this.#write(chunk, this.received, release);
    this.received += chunk.length;
  }

  /** Waits for the writes under way; the file then holds exactly `received` bytes. */
  async settle(): Promise<void> {
    if (this.#writing > 0) await new Promise<void>((resolve) => (this.#idle = resolve));
    if (this.#error) throw this.#error;
  }

  async restart(): Promise<void> {
    await this.settle();
    await truncateFile(this.#fd, 0);
    this.#hash = createHash('sha256');
    this.received = 0;
  }

  /** Closes the complete file; returns the hex sha256 of its content. */
  async finish(): Promise<string> {
    await this.settle();
    await closeFile(this.#fd);
    return this.#hash.digest('hex');
  }

  async discard(): Promise<void> {
    await this.settle().catch(() => undefined);
    await closeFile(this.#fd).catch(() => undefined);
    await rm(this.path, { force: true });
  }

  #write(chunk: Buffer, position: number, release: () => void): void {
    write(this.#fd, chunk, 0, chunk.length, position, (error, written) => {
      if (!error && written < chunk.length) {
        this.#write(chunk.subarray(written), position + written, release);
        return;
      }
      if (error) this.#error ??= error;
      release();
      if (--this.#writing === 0) this.#idle?.();
    });
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
  // Progress is new ground only: a host that ignores Range and cuts at the same point every time
  // would otherwise look like progress forever.
  let furthest = 0;
  try {
    for (;;) {
      const { response, url } = await withRetries(runtime, {
        endpoint: ENDPOINT,
        signal,
        attempt: () => openOnce(transport, buildId, start, part?.received ?? 0, signal),
      });
      try {
        target ??= targetOf(options.directory, buildId, response, url);
        part ??= await PartFile.create(target.partPath);
        const range = parseContentRange(response.headers['content-range']);
        const continuation = continuationOf(part.received, response.status, range?.start);
        if (part.received > 0) resumes++;
        if (continuation === 'restart') {
          if (response.status === 206 && part.received === 0) {
            // Asking again would get the same answer, forever.
            throw new DownloadError(
              buildId,
              'range',
              'the artifact host answered a request for the whole file with a part of it (HTTP 206 ' +
                `${response.headers['content-range'] ?? 'without Content-Range'}).`,
            );
          }
          await part.restart();
          // A range that does not start where we stopped is of no use; ask again from zero.
          if (response.status === 206) continue;
        }
        total = announcedTotal(response) ?? total;
        if (total !== undefined && expectedSize !== undefined && total !== expectedSize) {
          throw new DownloadError(
            buildId,
            'size',
            `the artifact host announces ${total} bytes, the build's artifactSize is ${expectedSize}.`,
          );
        }
        const file = part;
        // A chunked or close-delimited body has no end of its own; stop it before it fills the disk.
        const limit = expectedSize ?? total;
        try {
          await response.pipe((chunk, release) => {
            file.accept(chunk, release);
            if (limit !== undefined && file.received > limit) {
              throw new DownloadError(buildId, 'size', `received more than ${limit} bytes.`);
            }
            options.onProgress?.(file.received, total);
          });
          break;
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          await part.settle();
          const failure = transport.networkFailure(ENDPOINT, error, false);
          stalls = part.received > furthest ? 0 : stalls + 1;
          furthest = Math.max(furthest, part.received);
          if (stalls >= runtime.policy.maxAttempts) throw failure.toError(stalls);
          const delayMs = stalls === 0 ? 0 : backoffDelay(runtime.policy, stalls, runtime.random);
          runtime.onRetry?.({
            endpoint: ENDPOINT,
            attempt: resumes + 1,
            delayMs,
            reason: `transfer cut after ${part.received} bytes (${failure.reason})`,
            serverAsked: false,
          });
          await runtime.sleep(delayMs, signal);
        }
      } finally {
        // Frees the connection on every early exit; a no-op once the body was read to the end.
        response.destroy();
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
