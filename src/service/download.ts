// Streaming artifact download over the transport's dispatcher (so through the environment's
// proxy): redirects followed by hand, the API key only on the API's origin and never again once
// the chain left it; body → sha256 → `<name>.part` in large writes, resume with Range + If-Range
// after a cut, a fresh URL when the artifact host refuses a signed one, then an atomic rename.
// The folder is checked by real path before any request; download-answer.ts judges the answers.
// Every wait goes through the retry policy; a transfer that got further starts its count over.
import { mkdir, realpath, rename, statfs } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Dispatcher } from 'undici';
import {
  announcedTotal,
  continuationOf,
  fileNameOf,
  nextHop,
  notTheArtifact,
  validatorOf,
  type Opened,
} from './download-answer.ts';
import { ArtifactHostError, DownloadError, NetworkError, TimeoutError } from './errors.ts';
import { isInside, pathInside } from '../text/file-name.ts';
import { releaseReadBuffers } from '../http/memory.ts';
import { hashPlaceFor, PartFile } from './part-file.ts';
import { holdEarlyBytes } from './early-bytes.ts';
import {
  isRetryableStatus,
  parseRetryAfter,
  withRetries,
  type AttemptFailure,
  type AttemptResult,
} from '../http/retry.ts';
import { discardBody, errorBodyStart, headerValue } from '../http/bounded-body.ts';
import type { Transport } from './transport.ts';
import { asError, errorCode } from '../shared/errors.ts';
import { commandText } from '../text/escape.ts';
import { formatByteSize } from '../text/byte-size.ts';

export interface DownloadOptions {
  directory: string;
  /**
   * The folder the download must stay inside (the action's download-path): `directory` is refused
   * unless its real path (links resolved) is this folder's real path or below it.
   */
  within?: string;
  /**
   * The build's `artifactSize` (spec §2.2: "integer; size of the artifact", and unlike `duration`
   * no unit is left open): the bytes the installer has. A host that announces or sends another
   * number of bytes is not sending this build's installer; nothing is saved.
   */
  expectedSize?: number;
  /**
   * The most bytes the installer may have (max-download-size): a larger size, announced or
   * reached, stops the download. Without a size from the build or the host, this is what ends a
   * body that does not end.
   */
  maxBytes?: number;
  signal?: AbortSignal;
  /** Called for every chunk received; throttle in the caller. */
  onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
  /**
   * The bytes free for this user on the file system of `directory`, undefined where it does not
   * say: statfs unless given (tests give a slow one).
   */
  freeSpace?: (directory: string) => Promise<number | undefined>;
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

/** A success answer whose body is read already: `early()` stops that and gives what came. */
interface Answered extends Opened {
  early: () => Buffer[];
}

/** The file a download writes: its final name and path, and the `.part` file that grows into it. */
interface Destination {
  fileName: string;
  filePath: string;
  part: PartFile;
}

export async function downloadArtifact(
  transport: Transport,
  buildId: string,
  options: DownloadOptions,
): Promise<DownloadedArtifact> {
  const { expectedSize, maxBytes } = options;
  if (expectedSize !== undefined && maxBytes !== undefined && expectedSize > maxBytes) {
    throw overCeiling(buildId, `the build's artifactSize says ${expectedSize} bytes`, maxBytes);
  }
  await prepareDirectory(buildId, options.directory, options.within);
  return new ArtifactDownload(transport, buildId, options).run();
}

/** One download, and where its transfer stands between attempts. */
class ArtifactDownload {
  readonly #transport: Transport;
  readonly #buildId: string;
  readonly #options: DownloadOptions;
  #destination: Destination | undefined;
  /** If-Range value of the bytes in the part file. */
  #validator: string | undefined;
  #total: number | undefined;
  #resumes = 0;
  /** The most bytes an attempt ever held: an attempt that gets further made progress. */
  #furthest = 0;
  /** The artifact host refused a signed URL once already. */
  #refusedOnce = false;
  /** The host the last answer with bytes came from. */
  #host = '';

  constructor(transport: Transport, buildId: string, options: DownloadOptions) {
    this.#transport = transport;
    this.#buildId = buildId;
    this.#options = options;
  }

  async run(): Promise<DownloadedArtifact> {
    try {
      const destination = await withRetries(this.#transport.runtime, {
        endpoint: ENDPOINT,
        signal: this.#options.signal,
        attempt: () => this.#attempt(),
      });
      return await this.#complete(destination);
    } catch (error) {
      await this.#destination?.part.discard();
      throw error;
    }
  }

  async #complete({ fileName, filePath, part }: Destination): Promise<DownloadedArtifact> {
    const size = part.received;
    const sha256 = await part.finish();
    const { expectedSize } = this.#options;
    if (expectedSize !== undefined && expectedSize !== size) {
      throw new DownloadError(
        this.#buildId,
        'size',
        `the artifact host ${commandText(this.#host, 100)} sent ${size} bytes, the build's ` +
          `artifactSize says ${expectedSize}: that is not this build's installer, so nothing ` +
          'was saved.',
      );
    }
    await rename(part.path, filePath);
    return { path: filePath, fileName, size, sha256, resumes: this.#resumes };
  }

  /** One request (from the API's download endpoint, for a fresh URL) and as much body as comes. */
  async #attempt(): Promise<AttemptResult<Destination>> {
    const part = this.#destination?.part;
    const received = part?.received ?? 0;
    const resumeFrom = received > 0 && this.#validator !== undefined ? received : 0;
    if (received > 0 && resumeFrom === 0) await part?.restart();
    const opened = await this.#open(resumeFrom);
    if (!opened.ok) return opened;
    try {
      return await this.#continueWith(opened.value, resumeFrom);
    } finally {
      // Frees the connection on every early exit; a no-op once the body was read to the end.
      discardBody(opened.value.response.body);
    }
  }

  /** Checks a success answer, fits it to the bytes already held, and takes its body. */
  async #continueWith(opened: Answered, resumeFrom: number): Promise<AttemptResult<Destination>> {
    const refusal = notTheArtifact(opened, this.#buildId, this.#transport.apiOrigin);
    if (refusal !== undefined) throw refusal;
    const { response } = opened;
    const announced = announcedTotal(response);
    const { expectedSize } = this.#options;
    if (announced !== undefined && expectedSize !== undefined && announced !== expectedSize) {
      throw new DownloadError(
        this.#buildId,
        'size',
        `the artifact host ${commandText(opened.url.host, 100)} announced ${announced} bytes, ` +
          `the build's artifactSize says ${expectedSize}: that is not this build's installer, ` +
          'so nothing was saved.',
      );
    }
    const { maxBytes } = this.#options;
    if (announced !== undefined && maxBytes !== undefined && announced > maxBytes) {
      const host = `the artifact host ${commandText(opened.url.host, 100)}`;
      throw overCeiling(this.#buildId, `${host} announced ${announced} bytes`, maxBytes);
    }
    const destination = (this.#destination ??= await this.#createDestination(opened, announced));
    const validator = validatorOf(response.headers);
    const held = { sameValidator: validator === this.#validator, total: this.#total };
    const continuation = continuationOf(resumeFrom, held, response);
    if (continuation === 'unasked-range') {
      const contentRange = headerValue(response.headers, 'content-range');
      throw new DownloadError(
        this.#buildId,
        'range',
        'the artifact host answered a request for the whole file with a part of it (HTTP 206 ' +
          `${contentRange === undefined ? 'without Content-Range' : commandText(contentRange, 100)}).`,
      );
    }
    if (resumeFrom > 0) this.#resumes++;
    if (continuation !== 'fresh' && continuation !== 'resume') {
      await destination.part.restart();
      if (continuation === 'wrong-range') return rangeMissed(this.#buildId);
      if (continuation === 'other-total') return otherObject(this.#buildId, this.#total, announced);
    }
    this.#validator = validator;
    this.#total = announced ?? this.#total;
    this.#host = opened.url.host;
    await this.#checkSpace(destination);
    return this.#receive(response.body, opened.early(), destination);
  }

  /** Refuses a download the disk cannot hold, where the OS says how much room is left. */
  async #checkSpace({ part }: Destination): Promise<void> {
    const total = this.#total ?? this.#options.expectedSize;
    if (total === undefined) return;
    const { directory, freeSpace = freeBytes } = this.#options;
    const free = await freeSpace(directory);
    const needed = total - part.received;
    if (free === undefined || needed <= free) return;
    throw new DownloadError(
      this.#buildId,
      'space',
      `the installer needs ${formatByteSize(needed)} more, and ` +
        `${commandText(directory, 300)} has ${formatByteSize(free)} free; ` +
        'nothing was saved. Free space on the runner, or download fewer installers at once.',
    );
  }

  async #createDestination(opened: Opened, announced: number | undefined): Promise<Destination> {
    const { directory, expectedSize } = this.#options;
    const fileName = fileNameOf(this.#buildId, opened);
    const filePath = pathInside(directory, fileName);
    if (filePath === undefined) {
      throw new DownloadError(
        this.#buildId,
        'name',
        `the file name '${commandText(fileName, 100)}' leaves ${commandText(directory, 300)}.`,
      );
    }
    const place = hashPlaceFor(announced ?? expectedSize);
    return { fileName, filePath, part: await PartFile.create(`${filePath}.part`, place) };
  }

  async #receive(
    body: Dispatcher.ResponseData['body'],
    early: Buffer[],
    destination: Destination,
  ): Promise<AttemptResult<Destination>> {
    const { part } = destination;
    const { signal, expectedSize, onProgress } = this.#options;
    // A chunked or close-delimited body has no end of its own; without a length from the host,
    // artifactSize, else max-download-size, stops it before it fills the disk.
    const known = this.#total ?? expectedSize;
    const { maxBytes } = this.#options;
    const limit = known ?? maxBytes;
    try {
      await pipeBody(body, early, part, (received) => {
        if (limit !== undefined && received > limit) {
          throw known === undefined
            ? overCeiling(
                this.#buildId,
                `the artifact host ${commandText(this.#host, 100)} sent more, with no size ` +
                  'from the build or the host, and was stopped there',
                limit,
              )
            : new DownloadError(this.#buildId, 'size', `received more than ${limit} bytes.`);
        }
        onProgress?.(received, this.#total);
      });
      await part.flushed();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (error instanceof DownloadError) throw error;
      await part.flushed();
      return { ok: false, failure: this.#cutShort(error, part.received) };
    }
    if (part.received === 0) {
      throw new DownloadError(
        this.#buildId,
        'size',
        "the artifact host's answer ended without a byte; an empty file is not an installer.",
      );
    }
    if (this.#total !== undefined && part.received !== this.#total) {
      throw new DownloadError(
        this.#buildId,
        'size',
        `received ${part.received} bytes, expected ${this.#total}.`,
      );
    }
    return { ok: true, value: destination };
  }

  /**
   * A body that broke off after `received` bytes: worth another try, a fresh count if further.
   * When no try gets it whole, that is a short download, named so: the host answered, so neither
   * "no answer" nor base-url is the story. A local failure (the disk) is thrown as it is.
   */
  #cutShort(error: unknown, received: number): AttemptFailure {
    const failure = this.#transport.networkFailure(ENDPOINT, error);
    const madeProgress = received > this.#furthest;
    this.#furthest = Math.max(this.#furthest, received);
    const code = errorCode(error) ?? 'closed';
    const announced =
      this.#total === undefined ? '' : `announced ${this.#total} bytes (Content-Length), but `;
    return {
      ...failure,
      madeProgress,
      reason: `transfer cut after ${received} bytes (${failure.reason})`,
      toError: (attempts) => {
        const thrown = failure.toError(attempts);
        if (!(thrown instanceof NetworkError) || thrown instanceof TimeoutError) return thrown;
        return new DownloadError(
          this.#buildId,
          'size',
          `the artifact host ${commandText(this.#host, 100)} ${announced}its answers ended ` +
            `early (${code}), ${attempts} in a row, the furthest after ${this.#furthest} bytes: ` +
            'a short download is not the installer, so nothing was saved. The host or a proxy ' +
            'on the way cuts its answers; re-run the job later.',
        );
      },
    };
  }

  /** Follows redirects from the API's endpoint to the bytes; classifies a refusal on the way. */
  async #open(resumeFrom: number): Promise<AttemptResult<Answered>> {
    const transport = this.#transport;
    const { signal } = this.#options;
    const headers: Record<string, string> =
      resumeFrom > 0 ? { range: `bytes=${resumeFrom}-`, 'if-range': this.#validator! } : {};
    let url = transport.url(`/builds/${encodeURIComponent(this.#buildId)}/download`);
    // Once the chain left the API's origin, a hop back there could hand the key to whoever chose
    // the redirect (and the API's own answer is not the artifact): no hop after that carries it.
    let leftApi = false;
    for (let hop = 0; ; hop++) {
      leftApi ||= url.origin !== transport.apiOrigin;
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
          failure: transport.networkFailure(ENDPOINT, error, { url }),
        };
      }
      const status = response.statusCode;
      const location = headerValue(response.headers, 'location');
      if (status >= 300 && status < 400 && location !== undefined) {
        discardBody(response.body);
        const next = nextHop(url, location, hop);
        if (typeof next === 'string') throw new DownloadError(this.#buildId, 'redirect', next);
        url = next;
        continue;
      }
      if (status === 200 || status === 206) {
        // The body can break before anyone reads it; `finished()` reports that later.
        response.body.on('error', () => {});
        // Read from now on: what comes while the part file gets ready is kept if the host closes.
        const early = holdEarlyBytes(response.body);
        return { ok: true, value: { response, url, leftApi, early } };
      }
      // The status alone decides what happens; the body only adds the host's words.
      const text = await errorBodyStart(response.body);
      // After the chain left the API, even the API's origin answers as a host: it got no key.
      const failure = leftApi
        ? this.#hostFailure(url, response, text)
        : transport.statusFailure(ENDPOINT, status, response.headers, text, this.#buildId);
      return { ok: false, failure };
    }
  }

  /**
   * The artifact host's own answer. A 401/403/404/410 there usually means a signed URL that
   * expired: worth one more try from the API, which hands out a fresh one. Never an API-key
   * problem.
   */
  #hostFailure(url: URL, response: Dispatcher.ResponseData, text: string): AttemptFailure {
    const { statusCode: status, headers } = response;
    const refused = [401, 403, 404, 410].includes(status);
    const freshUrlHelps = refused && !this.#refusedOnce;
    if (refused) this.#refusedOnce = true;
    const transient = isRetryableStatus(status);
    const now = this.#transport.runtime.now();
    return {
      retryable: freshUrlHelps || transient,
      outcomeUnknown: false,
      retryAfterMs: transient
        ? parseRetryAfter(headerValue(headers, 'retry-after'), now)
        : undefined,
      reason:
        `the artifact host ${url.host} answered HTTP ${status}` +
        (freshUrlHelps ? '; asking the service for a fresh URL' : ''),
      toError: (attempts) => new ArtifactHostError(this.#buildId, url.host, status, text, attempts),
    };
  }
}

/** The installer is larger than max-download-size allows (`what`: how that is known). */
const overCeiling = (buildId: string, what: string, maxBytes: number): DownloadError =>
  new DownloadError(
    buildId,
    'size',
    `${what}, more than max-download-size (${formatByteSize(maxBytes)}, ${maxBytes} bytes); ` +
      'nothing was saved. Raise max-download-size if the installer is really that large.',
  );

/** Bytes the file system of `directory` has free for this user; undefined where it does not say. */
async function freeBytes(directory: string): Promise<number | undefined> {
  try {
    const { bavail, bsize } = await statfs(directory);
    const free = Number(bavail) * Number(bsize);
    return Number.isFinite(free) && free > 0 ? free : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A resume whose total is not the first answer's: another object under the same validator (the
 * host replaced it in place). Its part would splice two files; ask again, for all of it.
 */
const otherObject = (
  buildId: string,
  held: number | undefined,
  announced: number | undefined,
): AttemptResult<never> => ({
  ok: false,
  failure: {
    retryable: true,
    outcomeUnknown: false,
    reason: `the resumed part belongs to a file of ${announced} bytes, not ${held}; starting over`,
    toError: () =>
      new DownloadError(
        buildId,
        'range',
        'the artifact host kept announcing another total on each resume; nothing was saved.',
      ),
  },
});

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

/**
 * Feeds the body to the file chunk by chunk through plain 'data' events (an async iterator would
 * cost a promise per 16 KiB record), pausing the socket while the disk catches up. `early`, the
 * chunks that came before the file was ready (the body paused after them), go first.
 */
async function pipeBody(
  body: Dispatcher.ResponseData['body'],
  early: Buffer[],
  part: PartFile,
  onChunk: (received: number) => void,
): Promise<void> {
  const release = releaseReadBuffers();
  // The first reason to stop is the one told: a body the host closed already keeps its own error.
  let stopped: unknown;
  const stop = (error: unknown) => {
    stopped ??= error;
    body.destroy(asError(error));
  };
  let waiting = false;
  const take = (chunk: Buffer) => {
    try {
      if (!part.accept(chunk) && !waiting) {
        waiting = true;
        body.pause();
        part.drained().then(() => {
          waiting = false;
          body.resume();
        }, stop);
      }
      release(part.received);
      onChunk(part.received);
    } catch (error) {
      stop(error);
    }
  };
  for (const chunk of early) take(chunk);
  body.on('data', take);
  if (!waiting) body.resume();
  try {
    // Also reports a body that ended or broke before this function was reached.
    await finished(body);
  } catch (error) {
    throw stopped ?? error;
  } finally {
    body.off('data', take);
  }
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
  for (const name of path.relative(root, target).split(path.sep).filter(Boolean)) {
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
