import type { ByteFilter } from '../http/json-depth.ts';
/**
 * Bytes that are not UTF-8 become U+FFFD, as a lenient decoder would show them: one odd byte costs
 * one character, never the answer. A character split between two chunks is kept whole. Call
 * `end()` after the last chunk for what an unfinished last character leaves.
 */
export declare function utf8Mender(): {
    mend: ByteFilter;
    end: () => Buffer[];
};
