/** What the main thread asks; `file` numbers the files open on the thread. */
export type Request = {
    kind: 'open';
    file: number;
    fd: number;
} | {
    kind: 'write';
    file: number;
    memory: ArrayBuffer;
    length: number;
    position: number;
} | {
    kind: 'reset';
    file: number;
} | {
    kind: 'digest';
    file: number;
} | {
    kind: 'close';
    file: number;
};
/** What the thread answers; a file's answers come in the order of its requests. */
export type Reply = {
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
