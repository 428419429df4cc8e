/** Takes JSON bytes piece by piece, hands on the bytes to parse (the piece itself when unchanged). */
export type ByteFilter = (chunk: Buffer) => Buffer[];
/**
 * Nesting deep enough for any answer the action reads whole (the deepest, a release with its
 * assets and their uploaders, is 4 levels), and shallow enough that refusing costs nothing.
 */
export declare const MAX_ANSWER_DEPTH = 32;
export interface JsonBounds {
    /** The most arrays and objects open at once; `tooDeep` is called on the first one past it. */
    maxDepth: number;
    /** Throws what the caller reports (the walk cannot go on). */
    tooDeep: () => never;
    /**
     * The most members an array or object holds at each depth (the first at depth 1); `tooWide`
     * (which throws) is called with the depth on the first one past it. None when absent.
     */
    members?: {
        max: readonly number[];
        tooWide: (depth: number) => never;
    };
    /**
     * Every string longer than this (in bytes as it stands in the JSON, escapes included) is cut
     * there, `mark` put in its place and the rest dropped up to its closing quote. None when absent.
     */
    cutTexts?: {
        maxBytes: number;
        mark: string;
    };
}
/**
 * A filter for JSON bytes fed piece by piece, within `bounds`. The output is valid JSON whenever
 * the input is: a cut never falls inside an escape sequence or a UTF-8 character. The pieces the
 * bytes come in make no difference. Bytes that are not JSON are handed on for the parser to refuse.
 */
export declare function jsonBounds({ maxDepth, tooDeep, members, cutTexts }: JsonBounds): ByteFilter;
