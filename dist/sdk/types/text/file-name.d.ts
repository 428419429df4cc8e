/** `filename*` (RFC 6266 / 8187) when decodable, else `filename`; undefined when unreadable. */
export declare function fileNameFromContentDisposition(header: string | undefined): string | undefined;
/** Whether Windows takes `name` (one path segment) for a device rather than a file. */
export declare function isWindowsReservedName(name: string): boolean;
/** The last non-empty path segment of a URL, percent-decoded when possible. */
export declare function fileNameFromUrl(url: URL): string | undefined;
/**
 * A plain file name: only the part after the last `/` or `\`, without control or reserved
 * characters, leading dots (no `..`, no hidden files) or trailing dots and spaces; `fallback`
 * when nothing usable is left.
 */
export declare function sanitizeFileName(candidate: string | undefined, fallback: string): string;
/** The artifact's path inside `directory`, or undefined if `fileName` would land elsewhere. */
export declare function pathInside(directory: string, fileName: string): string | undefined;
/** Whether `candidate` is `root` or below it (both absolute; compared as written, no links read). */
export declare function isInside(root: string, candidate: string): boolean;
/** Whether `candidate` is below `root`, not `root` itself (both absolute; no links read). */
export declare const isBelow: (root: string, candidate: string) => boolean;
