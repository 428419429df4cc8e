import type { Transport } from './transport.ts';
export interface DownloadOptions {
    directory: string;
    /**
     * The folder the download must stay inside (the action's download-path): `directory` is refused
     * unless its real path (links resolved) is this folder's real path or below it.
     */
    within?: string;
    /**
     * The build's `artifactSize` (spec §2.2: "integer; size of the artifact", and unlike `duration`
     * no unit is left open): the bytes the installer has. A host that announces or sends another
     * number of bytes is not sending this build's installer; nothing is saved.
     */
    expectedSize?: number;
    /**
     * The most bytes the installer may have (max-download-size): a larger size, announced or
     * reached, stops the download. Without a size from the build or the host, this is what ends a
     * body that does not end.
     */
    maxBytes?: number;
    signal?: AbortSignal;
    /** Called for every chunk received; throttle in the caller. */
    onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
    /**
     * The bytes free for this user on the file system of `directory`, undefined where it does not
     * say: statfs unless given (tests give a slow one).
     */
    freeSpace?: (directory: string) => Promise<number | undefined>;
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
