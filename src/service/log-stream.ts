// Reading the logs endpoint as a stream. It returns the whole log every time, and a verbose build
// prints 100,000 lines (11 MB of JSON): the body is parsed as it arrives and each entry is handed
// over on its own, so a read holds one entry at a time instead of the whole log, and the entries
// a caller already has are skipped unvalidated. An answer with the same length and sha256 as the
// last one parsed is that same log: it is hashed (13 MB in ~8 ms) but not parsed (~360 ms). The
// length alone says nothing: a log rewritten in place (rotated, a progress line from 10 % to
// 50 %) keeps it, and its answer is read again whole. The parser builds an entry whole before it
// hands it over, and holds one frame per level it is in: the answer keeps the flat shape of a
// log, counted as its bytes arrive, or it is refused before any of it is built.
import { createHash } from 'node:crypto';
import { JSONParser } from '@streamparser/json';
import { utf8Mender } from './log-bytes.ts';
import { jsonBounds } from '../http/json-depth.ts';
import { AnswerTooDeepError } from '../http/errors.ts';
import { releaseReadBuffers } from '../http/memory.ts';
import { answersFor } from './reconcile.ts';
import { shapeProblem, type FieldProblem } from '../http/answer-shape.ts';
import { BuildId, LogEntry } from './schemas.ts';
import { garbledBody, UnusableBodyError, type StreamResponse } from './transport.ts';

/**
 * The most a logs answer may hold: a verbose build's 100,000 lines are 11 MB of JSON, so 64 MiB
 * leaves room for a log six times that. It is streamed, one entry held at a time, so the bound is
 * about time and trust; memory is bounded by the longest text, see MAX_LOG_TEXT_BYTES.
 */
export const MAX_LOG_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * The longest text of a log entry kept whole, in bytes of the answer; the rest of a longer one is
 * dropped unparsed. The parser holds a text in progress whole, at several bytes a character, and
 * several builds' logs are read at once: a MiB is far more than a line worth showing.
 */
export const MAX_LOG_TEXT_BYTES = 1024 * 1024;
const CUT_MARK = ` … (cut: longer than ${MAX_LOG_TEXT_BYTES} bytes)`;

export const LOG_ENDPOINT = 'GET /builds/:buildId/logs';

/**
 * The shape of a logs answer (spec §4.2), as the most members at each depth: an object (what the
 * parser does not hand over, it drops as it goes), the list of entries, and each entry an object
 * of a few fields, none nested. Room for the fields a newer service may add to an entry; none for
 * an entry that would be built whole, however wide or deep, before it is checked.
 */
const LOG_SHAPE = [Infinity, Infinity, 16] as const;

/** A log entry wider than LOG_SHAPE allows: of no use, and final. */
const tooWide = (): never => {
  throw new UnusableBodyError({
    fieldPath: 'logs',
    problem: `has an entry of more than ${LOG_SHAPE[2]} fields`,
  });
};

export interface LogStreamOptions {
  /** Entries before this index are skipped (the caller has them); read when the first arrives. */
  from: () => number;
  onEntry(entry: LogEntry, index: number): void;
  /** The last answer parsed (LogRead.fingerprint): the same bytes again are not parsed. */
  last?: LogFingerprint;
}

/** What tells one answer's bytes from another's: their length and their sha256. */
export interface LogFingerprint {
  bytes: number;
  sha256: string;
}

/** What one read found: the very answer parsed last time, or the log read whole. */
export type LogRead = { changed: false } | ParsedLog;

/** A log read whole. */
export interface ParsedLog {
  changed: true;
  /** Entries the log holds. */
  entries: number;
  fingerprint: LogFingerprint;
}

/**
 * What one answer was: `rewritten` when it is as long as `last` but holds other bytes; it was
 * hashed on the way, not parsed, and is to be read again without `last`.
 */
export type StreamedLogRead = LogRead | { changed: 'rewritten' };

/** Parses the body, unless it is the answer parsed last time (`options.last`); see parseLogEntries. */
export async function readLogEntries(
  response: StreamResponse,
  buildId: string,
  options: LogStreamOptions,
): Promise<StreamedLogRead> {
  const { last } = options;
  if (last === undefined || response.contentLength !== last.bytes) {
    return parseLogEntries(response, buildId, options);
  }
  return (await fingerprintOf(response.chunks)).sha256 === last.sha256
    ? { changed: false }
    : { changed: 'rewritten' };
}

/**
 * Feeds the body to the parser. The answer must be about `buildId`; a service that sends `buildId`
 * after the entries has them handed over before a mismatch is found (they are shown inertly), and
 * the read then fails all the same.
 */
export async function parseLogEntries(
  response: StreamResponse,
  buildId: string,
  options: LogStreamOptions,
): Promise<ParsedLog> {
  const parser = new JSONParser({ paths: ['$.buildId', '$.logs.*'], keepStack: false });
  const isAsked = answersFor('build', buildId, 'buildId');
  let count = 0;
  let failure: UnusableBodyError | undefined;
  // What the caller's onEntry threw: our own failure (a disk, say), never the service's answer.
  let local: { error: unknown } | undefined;
  let answeredId = false;
  let from: number | undefined;
  const fail = (problem: FieldProblem) => {
    failure ??= new UnusableBodyError(problem);
  };
  parser.onValue = ({ value, key }) => {
    if (failure !== undefined || local !== undefined) return;
    if (key === 'buildId') {
      answeredId = true;
      const parsed = BuildId.safeParse(value);
      const mismatch = parsed.success
        ? isAsked({ buildId: parsed.data })
        : shapeProblem(parsed.error, ['buildId']);
      if (mismatch !== undefined) fail(mismatch);
      return;
    }
    if (typeof key !== 'number') return;
    count = key + 1;
    from ??= options.from();
    if (key < from) return;
    const parsed = LogEntry.safeParse(value);
    if (!parsed.success) return fail(shapeProblem(parsed.error, ['logs', key]));
    try {
      options.onEntry(parsed.data, key);
    } catch (error) {
      local = { error };
    }
  };
  const parse = (feed: () => void) => {
    try {
      feed();
    } catch {
      throw local === undefined ? garbledBody() : local.error;
    }
    if (local !== undefined) throw local.error;
    if (failure !== undefined) throw failure;
  };
  const utf8 = utf8Mender();
  const bounded = jsonBounds({
    maxDepth: LOG_SHAPE.length,
    tooDeep: () => {
      throw new AnswerTooDeepError(
        { endpoint: LOG_ENDPOINT, answerer: 'the build service' },
        LOG_SHAPE.length,
      );
    },
    members: { max: LOG_SHAPE, tooWide },
    cutTexts: { maxBytes: MAX_LOG_TEXT_BYTES, mark: CUT_MARK },
  });
  const feed = (pieces: Buffer[]) => {
    for (const piece of pieces) {
      for (const part of bounded(piece)) parse(() => parser.write(part));
    }
  };
  // Parsing leaves every token as garbage at once: collected every few MiB, the young generation
  // stays small instead of growing with the log.
  const release = releaseReadBuffers();
  const hash = createHash('sha256');
  let received = 0;
  for await (const chunk of response.chunks) {
    hash.update(chunk);
    feed(utf8.mend(chunk));
    received += chunk.length;
    release(received);
  }
  feed(utf8.end());
  // A body cut short leaves the parser waiting for the rest: that is an unreadable answer.
  if (!parser.isEnded) parse(() => parser.end());
  if (!answeredId) throw new UnusableBodyError({ fieldPath: 'buildId', problem: 'is missing' });
  return {
    changed: true,
    entries: count,
    fingerprint: { bytes: received, sha256: hash.digest('hex') },
  };
}

/** The answer's fingerprint, its bytes read and dropped as they come. */
async function fingerprintOf(chunks: AsyncIterable<Buffer>): Promise<LogFingerprint> {
  const hash = createHash('sha256');
  const release = releaseReadBuffers();
  let bytes = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    bytes += chunk.length;
    release(bytes);
  }
  return { bytes, sha256: hash.digest('hex') };
}
