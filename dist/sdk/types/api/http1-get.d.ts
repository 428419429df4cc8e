import tls from 'node:tls';
export interface Http1Response {
    status: number;
    /** Lower-case names; repeated headers joined with `, `. */
    headers: Record<string, string>;
    /** The body as text, at most `limit` bytes of it (for errors); the rest is not waited for. */
    text(limit: number): Promise<string>;
    /**
     * Hands every body chunk to `onChunk`. A chunk is a view into a reused buffer: it stays valid
     * until its `release` is called, which must happen once per chunk. Resolves when the body is
     * complete; rejects when the connection breaks first. Call at most once.
     */
    pipe(onChunk: (chunk: Buffer, release: () => void) => void): Promise<void>;
    /** Closes the connection; a pending `pipe` rejects. */
    destroy(): void;
}
export interface Http1GetOptions {
    headers: Record<string, string>;
    /** Limits the wait for the connection, for the headers, and any silence in the body. */
    idleTimeoutMs: number;
    signal?: AbortSignal;
    /**
     * The CAs to trust instead of the system's (tests). Certificates are always verified: nothing
     * here or in the environment (NODE_TLS_REJECT_UNAUTHORIZED=0) can turn that off.
     */
    tls?: Pick<tls.ConnectionOptions, 'ca'>;
}
/** The connection ended, failed or fell silent before the answer was complete. */
export declare class ConnectionCutError extends Error {
    readonly code: string;
    constructor(message: string, code?: string);
}
/** Not HTTP/1.1 as the client can read it; retrying will not help. */
export declare class MalformedResponseError extends Error {
    constructor(problem: string);
}
interface Head {
    status: number;
    headers: Record<string, string>;
}
export declare function parseHead(text: string): Head;
type Framing = {
    kind: 'length';
    remaining: number;
} | {
    kind: 'chunked';
} | {
    kind: 'close';
};
/**
 * How the body is delimited. We ask for `identity`, so `chunked` is the only transfer coding we can
 * read; Transfer-Encoding together with Content-Length is the mark of response splitting
 * (RFC 9112 §6.3) and is refused rather than guessed at.
 */
export declare function framingOf({ status, headers }: Head): Framing;
/** Chunked transfer coding, decoded in place across arbitrary read boundaries. */
export declare class ChunkedDecoder {
    #private;
    /** Emits the data parts of `bytes`; true once the last chunk and the trailers are through. */
    feed(bytes: Buffer, emit: (part: Buffer) => void): boolean;
}
/** One GET on its own connection (`Connection: close`); resolves once the headers are in. */
export declare function http1Get(url: URL, options: Http1GetOptions): Promise<Http1Response>;
export {};
