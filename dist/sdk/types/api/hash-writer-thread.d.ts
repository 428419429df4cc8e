import { type HashWriter } from './hash-writer.ts';
type Reply = {
    kind: 'written';
    file: number;
    memory: ArrayBuffer;
} | {
    kind: 'digest';
    file: number;
    sha256: string;
} | {
    kind: 'failed';
    file: number;
    message: string;
    code: string | undefined;
};
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
export {};
