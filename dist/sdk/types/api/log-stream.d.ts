import { LogEntry } from './schemas.ts';
import type { StreamResponse } from './transport.ts';
import { ActionError } from '../errors.ts';
/**
 * The most a logs answer may hold: a verbose build's 100,000 lines are 11 MB of JSON, so 64 MiB
 * leaves room for a log six times that. It is streamed, one entry held at a time, so the bound is
 * about time and trust; memory is bounded by the longest text, see MAX_LOG_TEXT_CHARS.
 */
export declare const MAX_LOG_ANSWER_BYTES: number;
/**
 * The longest text of a log entry kept whole, in bytes of the answer; the rest of a longer one is
 * dropped unparsed. The parser holds a text in progress whole, at ~4 bytes a character (a 60 MB
 * line cost 140 MiB), and several builds' logs are read at once: a MiB is far more than a line
 * worth showing.
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
/** The body's declared length, when it is one exact number. */
export declare function declaredLength(contentLength: string | string[] | undefined): number | undefined;
/** The body could not be read as the expected JSON: worth asking again, like a garbled answer. */
export declare class UnreadableBodyError extends ActionError {
}
/**
 * A value of the logs answer that breaks the contract (an entry of another shape, the id of another
 * build): the service speaks another version or misbehaves; asking again won't help.
 */
export declare class LogEntryShapeError extends ActionError {
    readonly fieldPath: string;
    readonly problem: string;
    constructor(fieldPath: string, problem: string);
}
/**
 * Feeds the body to the parser, unless it is the log read last time. The answer must be about
 * `buildId`; a service that sends `buildId` after the entries has them handed over before a
 * mismatch is found (they are shown inertly), and the read then fails all the same.
 */
export declare function readLogEntries(response: Pick<StreamResponse, 'chunks' | 'headers' | 'discard'>, buildId: string, options: LogStreamOptions): Promise<LogRead>;
