import type { FileHandle } from 'node:fs/promises';
export declare const WRITE_BYTES: number;
export interface HashWriter {
    /**
     * Hashes the first `length` bytes of `batch` after those of every earlier call and writes them
     * at `position`. Resolves with a Buffer over the same memory once it can be filled again;
     * rejects on a write error. Every call settles, also after a failure.
     */
    write(batch: Buffer, length: number, position: number): Promise<Buffer>;
    /** Starts the hash again from zero; only while no write is pending. */
    reset(): void;
    /** The hex sha256 of what was written since the start or the last reset. */
    digest(): Promise<string>;
    close(): Promise<void>;
}
export declare class InlineHashWriter implements HashWriter {
    #private;
    constructor(file: FileHandle);
    write(batch: Buffer, length: number, position: number): Promise<Buffer>;
    reset(): void;
    digest(): Promise<string>;
    close(): Promise<void>;
}
