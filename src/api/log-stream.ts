// Reading the logs endpoint as a stream. It returns the whole log every time, and a verbose build
// prints 100,000 lines (11 MB of JSON): the body is parsed as it arrives and each entry is handed
// over on its own, so a read holds one entry at a time instead of the whole log, and the entries
// a caller already has are skipped unvalidated. A log only grows, so an answer exactly as long as
// the last one read whole is that same log: it is not parsed at all. The bytes go through a
// streaming UTF-8 decoder that replaces what is not UTF-8: an odd byte in one message costs that
// character, and the entries after it still arrive.
import { JSONParser } from '@streamparser/json';
import { releaseReadBuffers } from './memory.ts';
import { answersFor } from './reconcile.ts';
import { BuildId, LogEntry, shapeProblem } from './schemas.ts';
import type { StreamResponse } from './transport.ts';
import { ActionError, messageOf } from '../errors.ts';

/**
 * The most a logs answer may hold: a verbose build's 100,000 lines are 11 MB of JSON, so 64 MiB
 * leaves room for a log six times that. It is streamed, one entry held at a time, so the bound is
 * about time and trust; memory is bounded by the longest text, see MAX_LOG_TEXT_CHARS.
 */
export const MAX_LOG_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * The longest text of a log entry kept whole; the rest of a longer one is dropped unparsed. The
 * parser holds a text in progress whole, at ~4 bytes a character (a 60 MB line cost 140 MiB), and
 * several builds' logs are read at once: a million characters is far more than a line worth
 * showing, and costs a few MiB.
 */
export const MAX_LOG_TEXT_CHARS = 1024 * 1024;

// Parsing leaves every token as garbage at once: collected every few MiB, the young generation
// stays small instead of growing with the log (see memory.ts).
const RELEASE_EVERY_BYTES = 2 * 1024 * 1024;

export interface LogStreamOptions {
  /** Entries before this index are skipped (the caller has them); read when the first arrives. */
  from: () => number;
  onEntry(entry: LogEntry, index: number): void;
  /** Byte length of the last answer read whole (LogRead.bytes), if the caller has one. */
  lastBytes?: number;
}

/** What one read found: a log of the same length as last time, or the log read whole. */
export type LogRead =
  | { changed: false }
  | {
      changed: true;
      /** Entries the log holds. */
      entries: number;
      /** The answer's length, when the service said it (Content-Length). */
      bytes: number | undefined;
    };

/** The body's declared length, when it is one exact number. */
export function declaredLength(contentLength: string | string[] | undefined): number | undefined {
  const value = Array.isArray(contentLength) ? undefined : contentLength;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The body could not be read as the expected JSON: worth asking again, like a garbled answer. */
export class UnreadableBodyError extends ActionError {}

/**
 * A value of the logs answer that breaks the contract (an entry of another shape, the id of another
 * build): the service speaks another version or misbehaves; asking again won't help.
 */
export class LogEntryShapeError extends ActionError {
  readonly fieldPath: string;
  readonly problem: string;
  constructor(fieldPath: string, problem: string) {
    super(`${fieldPath} ${problem}`);
    this.fieldPath = fieldPath;
    this.problem = problem;
  }
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/**
 * A filter for a JSON text fed piece by piece: every string longer than `maxChars` (UTF-16 units,
 * an escape sequence counted by its characters) is cut there, `mark` appended, and the rest of it
 * dropped up to its closing quote. The output is valid JSON whenever the input is: a cut never
 * falls inside an escape sequence or a surrogate pair. Text without long strings passes unchanged.
 */
export function stringCutter(maxChars: number, mark: string): (text: string) => string {
  let inString = false;
  let kept = 0;
  let cutting = false;
  let afterBackslash = false;
  let hexLeft = 0;
  const special = /["\\]/g;
  return (text) => {
    let out = '';
    // Where the text not yet copied to `out` starts; unused while cutting.
    let keepFrom = 0;
    const cut = (at: number) => {
      out += text.slice(keepFrom, at) + mark;
      cutting = true;
      hexLeft = 0;
    };
    let i = 0;
    while (i < text.length) {
      if (!inString) {
        const quote = text.indexOf('"', i);
        if (quote < 0) break;
        inString = true;
        kept = 0;
        i = quote + 1;
      } else if (afterBackslash) {
        afterBackslash = false;
        if (!cutting && text[i] === 'u') hexLeft = 4;
        kept += 1;
        i += 1;
      } else if (hexLeft > 0) {
        const n = Math.min(hexLeft, text.length - i);
        hexLeft -= n;
        kept += n;
        i += n;
      } else {
        special.lastIndex = i;
        const found = special.exec(text);
        const end = found === null ? text.length : found.index;
        if (!cutting && end > i && end - i > maxChars - kept) {
          let at = i + Math.max(0, maxChars - kept);
          if (at > i && isHighSurrogate(text.charCodeAt(at - 1))) at -= 1;
          cut(at);
        }
        if (!cutting) kept += end - i;
        i = end;
        if (found === null) break;
        if (text[i] === '"') {
          if (cutting) keepFrom = i;
          cutting = false;
          inString = false;
        } else {
          if (!cutting && kept >= maxChars) cut(i);
          afterBackslash = true;
          kept += 1;
        }
        i += 1;
      }
    }
    return cutting ? out : out + text.slice(keepFrom);
  };
}

/**
 * Feeds the body to the parser, unless it is the log read last time. The answer must be about
 * `buildId`; a service that sends `buildId` after the entries has them handed over before a
 * mismatch is found (they are shown inertly), and the read then fails all the same.
 */
export async function readLogEntries(
  response: Pick<StreamResponse, 'chunks' | 'headers' | 'discard'>,
  buildId: string,
  options: LogStreamOptions,
): Promise<LogRead> {
  const bytes = declaredLength(response.headers['content-length']);
  if (bytes !== undefined && bytes === options.lastBytes) {
    // Nothing in it is new: a long answer drops the connection, which costs less than reading it.
    await response.discard();
    return { changed: false };
  }
  const parser = new JSONParser({ paths: ['$.buildId', '$.logs.*'], keepStack: false });
  const isAsked = answersFor('build', buildId, 'buildId');
  let count = 0;
  let failure: Error | undefined;
  let answeredId = false;
  let from: number | undefined;
  const fail = (fieldPath: string, problem: string) => {
    failure ??= new LogEntryShapeError(fieldPath, problem);
  };
  parser.onValue = ({ value, key }) => {
    if (failure !== undefined) return;
    if (key === 'buildId') {
      answeredId = true;
      const parsed = BuildId.safeParse(value);
      const mismatch = parsed.success
        ? isAsked({ buildId: parsed.data })
        : shapeProblem(parsed.error, ['buildId']);
      if (mismatch !== undefined) fail(mismatch.fieldPath, mismatch.problem);
      return;
    }
    if (typeof key !== 'number') return;
    count = key + 1;
    from ??= options.from();
    if (key < from) return;
    const parsed = LogEntry.safeParse(value);
    if (!parsed.success) {
      const { fieldPath, problem } = shapeProblem(parsed.error, ['logs', key]);
      return fail(fieldPath, problem);
    }
    options.onEntry(parsed.data, key);
  };
  const parse = (feed: () => void) => {
    try {
      feed();
    } catch (error) {
      throw new UnreadableBodyError(messageOf(error));
    }
    if (failure !== undefined) throw failure;
  };
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const cutLongText = stringCutter(
    MAX_LOG_TEXT_CHARS,
    ` … (cut: longer than ${MAX_LOG_TEXT_CHARS} characters)`,
  );
  const release = releaseReadBuffers(RELEASE_EVERY_BYTES);
  let received = 0;
  for await (const chunk of response.chunks) {
    parse(() => parser.write(cutLongText(decoder.decode(chunk, { stream: true }))));
    received += chunk.length;
    release(received);
  }
  const rest = decoder.decode();
  if (rest !== '') parse(() => parser.write(cutLongText(rest)));
  // A body cut short leaves the parser waiting for the rest: that is an unreadable answer.
  if (!parser.isEnded) parse(() => parser.end());
  if (failure !== undefined) throw failure;
  if (!answeredId) throw new LogEntryShapeError('buildId', 'is missing');
  return { changed: true, entries: count, bytes };
}
