import type { Dispatcher } from 'undici';
import { type Transport } from './transport.ts';
export interface DownloadOptions {
    directory: string;
    /**
     * The folder the download must stay inside (the action's download-path): `directory` is refused
     * unless its real path (links resolved) is this folder's real path or below it.
     */
    within?: string;
    /**
     * The build's `artifactSize`. The spec gives no unit, so it only informs: the host's
     * Content-Length and the sha256 decide, and a difference is reported through `onWarning`.
     */
    expectedSize?: number;
    signal?: AbortSignal;
    /** Called for every chunk received; throttle in the caller. */
    onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
    onWarning?: (message: string) => void;
}
export interface DownloadedArtifact {
    path: string;
    fileName: string;
    size: number;
    sha256: string;
    /** How many times the transfer was continued after a cut (by Range, or from the start). */
    resumes: number;
}
type Headers = Dispatcher.ResponseData['headers'];
/** What kind of document a Content-Type announces; undefined for anything else, or none. */
export declare function documentKind(contentType: string | undefined): string | undefined;
/** `Content-Range: bytes <start>-<end>/<total|*>` */
export declare function parseContentRange(value: string | undefined): {
    start: number;
    total: number | undefined;
} | undefined;
/**
 * What identifies the bytes behind a URL, for If-Range: a strong ETag, else Last-Modified; none
 * when the host gives neither (then a cut transfer starts again from zero).
 */
export declare function validatorOf(headers: Headers): string | undefined;
export type Continuation = 'fresh' | 'resume' | 'restart';
/** How an answer continues a transfer that already holds `received` bytes. */
export declare function continuationOf(received: number, status: number, rangeStart: number | undefined): Continuation;
export declare function nextHop(buildId: string, from: URL, location: string, hop: number): URL;
export declare function downloadArtifact(transport: Transport, buildId: string, options: DownloadOptions): Promise<DownloadedArtifact>;
export {};
