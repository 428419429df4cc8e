import type { Readable } from 'node:stream';
/** A few milliseconds of a fast link: the file is usually ready long before this much came. */
export declare const EARLY_BYTES: number;
/**
 * Starts reading `body` now. The function returned stops that, leaves the body paused for its
 * next reader, and gives the chunks that came, in order.
 */
export declare function holdEarlyBytes(body: Readable, limit?: number): () => Buffer[];
