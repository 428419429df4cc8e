import type { Dispatcher } from 'undici';
import { LogEntry } from './schemas.ts';
import { ActionError } from '../errors.ts';
export interface LogStreamOptions {
    /** Entries before this index are skipped (the caller has them); read when the first arrives. */
    from: () => number;
    onEntry(entry: LogEntry, index: number): void;
}
/** The body could not be read as the expected JSON: worth asking again, like a garbled answer. */
export declare class UnreadableBodyError extends ActionError {
}
/** A value that is not a log entry: the service speaks another version; asking again won't help. */
export declare class LogEntryShapeError extends ActionError {
    readonly fieldPath: string;
    readonly problem: string;
    constructor(fieldPath: string, problem: string);
}
/** Feeds the body to the parser; resolves with the number of entries the log holds. */
export declare function readLogEntries(body: Dispatcher.ResponseData['body'], options: LogStreamOptions): Promise<number>;
