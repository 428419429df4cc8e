import { type FileHandle } from 'node:fs/promises';
export declare const THREAD_FROM_BYTES: number;
export type HashPlace = 'thread' | 'inline';
/** Where a download of `expectedBytes` (unknown: treated as small) is hashed and written. */
export declare const hashPlaceFor: (expectedBytes: number | undefined) => HashPlace;
export declare class PartFile {
    #private;
    readonly path: string;
    /** Bytes accepted so far (hashed and in the file once `flushed()` resolves). */
    received: number;
    private constructor();
    /**
     * A new, empty `partPath`. Whatever is there already goes first: `rm` removes a symlink, not its
     * target, and O_EXCL refuses any entry (a symlink included) that appears before the open, so
     * the bytes never follow a link planted to write them elsewhere.
     */
    static create(partPath: string, place: HashPlace): Promise<PartFile>;
    /** Over a file the caller opened (and answers for); `partPath` is what `discard()` removes. */
    static over(file: FileHandle, partPath: string, place: HashPlace): PartFile;
    /** Takes a chunk; false when the sender should pause until `drained()` resolves. */
    accept(chunk: Buffer): boolean;
    /** Resolves once the chunks held back are in a buffer again; rejects on a write error. */
    drained(): Promise<void>;
    /**
     * Hands over what is gathered; resolves once every byte accepted so far is hashed and in the
     * file, which then holds exactly `received` bytes. Rejects on a write error.
     */
    flushed(): Promise<void>;
    /** Empties the file and the hash, to take the transfer again from byte 0. */
    restart(): Promise<void>;
    /** Closes the complete file; returns the hex sha256 of its content. */
    finish(): Promise<string>;
    discard(): Promise<void>;
}
