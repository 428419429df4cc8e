type Collect = (options: {
    type: 'minor';
}) => void;
/** Returns a function to call with the bytes received so far; it collects every `everyBytes`. */
export declare function releaseReadBuffers(everyBytes?: number): (received: number) => void;
/** Calls `collect` whenever the bytes received pass the next `everyBytes`; without it, nothing. */
export declare function collectEvery(everyBytes: number, collect: Collect | undefined): (received: number) => void;
export {};
