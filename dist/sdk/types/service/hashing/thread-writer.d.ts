import { ActionError } from '../../shared/errors.ts';
import type { Reply } from './thread-main.ts';
import type { HashWriter } from './writer.ts';
/** The thread that writes and hashes downloads ended on its own: every file it held is lost. */
export declare class WriterThreadStoppedError extends ActionError {
    readonly exitCode: number;
    constructor(exitCode: number);
}
/**
 * The thread's module, beside the one at `moduleUrl`: its source when run from source, and in a
 * bundle the worker bundle that scripts/bundle.ts puts beside it. A literal `new URL(…,
 * import.meta.url)` would make ncc copy the source file into the bundle as an asset.
 */
export declare const hashWorkerUrl: (moduleUrl: string) => URL;
export declare class ThreadHashWriter implements HashWriter {
    #private;
    /** `fd`: the open `.part` file; it stays the caller's to close, after `close()`. */
    constructor(fd: number);
    write(batch: Buffer, length: number, position: number): Promise<Buffer>;
    reset(): void;
    digest(): Promise<string>;
    close(): Promise<void>;
    onReply(reply: Reply): void;
    fail(error: unknown): void;
}
