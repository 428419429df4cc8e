import { ActionError } from '../shared/errors.ts';
/**
 * An answer longer than the client reads for its endpoint: refused when Content-Length announced
 * it, or as soon as that many bytes had come. Final: the same request gets the same answer.
 */
export declare class ResponseTooLargeError extends ActionError {
    readonly endpoint: string;
    readonly limitBytes: number;
    /** The announced length; undefined when the body was cut off while it streamed. */
    readonly sizeBytes: number | undefined;
    constructor(endpoint: string, limitBytes: number, sizeBytes?: number);
}
