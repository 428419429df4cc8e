/** Returns a function to call with the bytes received so far; it collects every `everyBytes`. */
export declare function releaseReadBuffers(everyBytes: number): (received: number) => void;
