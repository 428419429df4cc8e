import type { Dispatcher } from 'undici';
import { LogEntry } from './schemas.ts';
import { ActionError } from '../errors.ts';
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
/** A value that is not a log entry: the service speaks another version; asking again won't help. */
export declare class LogEntryShapeError extends ActionError {
    readonly fieldPath: string;
    readonly problem: string;
    constructor(fieldPath: string, problem: string);
}
/** Feeds the body to the parser, unless it is the log read last time. */
export declare function readLogEntries(response: Pick<Dispatcher.ResponseData, 'body' | 'headers'>, options: LogStreamOptions): Promise<LogRead>;
