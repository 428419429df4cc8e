import { type HashWriter } from './hash-writer.ts';
export declare class ThreadHashWriter implements HashWriter {
    #private;
    /** `fd`: the open `.part` file; it stays the caller's to close, after `close()`. */
    constructor(fd: number);
    write(batch: Buffer, length: number, position: number): Promise<Buffer>;
    reset(): void;
    digest(): Promise<string>;
    close(): Promise<void>;
}
