import { LogEntry } from './schemas.ts';
import { type StreamResponse } from './transport.ts';
/**
 * The most a logs answer may hold: a verbose build's 100,000 lines are 11 MB of JSON, so 64 MiB
 * leaves room for a log six times that. It is streamed, one entry held at a time, so the bound is
 * about time and trust; memory is bounded by the longest text, see MAX_LOG_TEXT_BYTES.
 */
export declare const MAX_LOG_ANSWER_BYTES: number;
/**
 * The longest text of a log entry kept whole, in bytes of the answer; the rest of a longer one is
 * dropped unparsed. The parser holds a text in progress whole, at several bytes a character, and
 * several builds' logs are read at once: a MiB is far more than a line worth showing.
 */
export declare const MAX_LOG_TEXT_BYTES: number;
export declare const LOG_ENDPOINT = "GET /builds/:buildId/logs";
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
export type LogRead = {
    changed: false;
} | ParsedLog;
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
export type StreamedLogRead = LogRead | {
    changed: 'rewritten';
};
/** Parses the body, unless it is the answer parsed last time (`options.last`); see parseLogEntries. */
export declare function readLogEntries(response: StreamResponse, buildId: string, options: LogStreamOptions): Promise<StreamedLogRead>;
/**
 * Feeds the body to the parser. The answer must be about `buildId`; a service that sends `buildId`
 * after the entries has them handed over before a mismatch is found (they are shown inertly), and
 * the read then fails all the same.
 */
export declare function parseLogEntries(response: StreamResponse, buildId: string, options: LogStreamOptions): Promise<ParsedLog>;
