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
export interface LogStreamOptions {
    /** Entries before this index are skipped (the caller has them); read when the first arrives. */
    from: () => number;
    onEntry(entry: LogEntry, index: number): void;
    /** Byte length of the last answer read whole (LogRead.bytes), if the caller has one. */
    lastBytes?: number;
}
/** What one read found: a log of the same length as last time, or the log read whole. */
export type LogRead = {
    changed: false;
} | {
    changed: true;
    /** Entries the log holds. */
    entries: number;
    /** The answer's length, when the service said it (Content-Length). */
    bytes: number | undefined;
};
/**
 * Feeds the body to the parser, unless it is the log read last time. The answer must be about
 * `buildId`; a service that sends `buildId` after the entries has them handed over before a
 * mismatch is found (they are shown inertly), and the read then fails all the same.
 */
export declare function readLogEntries(response: StreamResponse, buildId: string, options: LogStreamOptions): Promise<LogRead>;
