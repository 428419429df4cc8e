export type ByteFilter = (chunk: Buffer) => Buffer[];
/**
 * Bytes that are not UTF-8 become U+FFFD, as a lenient decoder would show them: one odd byte costs
 * one character, never the answer. A character split between two chunks is kept whole. Call
 * `end()` after the last chunk for what an unfinished last character leaves.
 */
export declare function utf8Mender(): {
    mend: ByteFilter;
    end: () => Buffer[];
};
/**
 * A filter for JSON bytes fed piece by piece: every string longer than `maxBytes` (as it stands in
 * the JSON, escapes included) is cut there, `mark` put in its place, and the rest of it dropped up
 * to its closing quote. The output is valid JSON whenever the input is: a cut never falls inside
 * an escape sequence or a UTF-8 character. The parser holds a text in progress whole, so this
 * bounds what one huge log line costs.
 */
export declare function textCutter(maxBytes: number, mark: string): ByteFilter;
