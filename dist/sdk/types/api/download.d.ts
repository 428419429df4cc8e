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
export declare function downloadArtifact(transport: Transport, buildId: string, options: DownloadOptions): Promise<DownloadedArtifact>;
