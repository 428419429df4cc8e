import type { Transport } from './transport.ts';
export interface DownloadOptions {
    directory: string;
    /** The build's `artifactSize`; the download fails if the bytes received differ. */
    expectedSize?: number;
    signal?: AbortSignal;
    /** Called for every chunk received; throttle in the caller. */
    onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
}
export interface DownloadedArtifact {
    path: string;
    fileName: string;
    size: number;
    sha256: string;
    /** How many times the transfer was continued after a cut (by Range, or from the start). */
    resumes: number;
}
/** `Content-Range: bytes <start>-<end>/<total|*>` */
export declare function parseContentRange(value: string | undefined): {
    start: number;
    total: number | undefined;
} | undefined;
export type Continuation = 'fresh' | 'resume' | 'restart';
/** How an answer continues a transfer that already holds `received` bytes. */
export declare function continuationOf(received: number, status: number, rangeStart: number | undefined): Continuation;
export declare function nextHop(buildId: string, from: URL, location: string, hop: number): URL;
export declare function downloadArtifact(transport: Transport, buildId: string, options: DownloadOptions): Promise<DownloadedArtifact>;
