export declare class PartFile {
    #private;
    readonly path: string;
    /** Bytes accepted so far (hashed; on disk once `settle()` resolves). */
    received: number;
    private constructor();
    static create(partPath: string): Promise<PartFile>;
    /**
     * Takes a chunk; resolves at once unless a full batch has to wait for the write before it, which
     * is how a slow disk slows the transfer instead of filling memory.
     */
    accept(chunk: Buffer): Promise<void>;
    /** Writes what is gathered; resolves once the file holds exactly `received` bytes. */
    settle(): Promise<void>;
    /** Empties the file and the hash, to take the transfer again from byte 0. */
    restart(): Promise<void>;
    /** Closes the complete file; returns the hex sha256 of its content. */
    finish(): Promise<string>;
    discard(): Promise<void>;
}
