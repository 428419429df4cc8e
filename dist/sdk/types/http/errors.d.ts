import { ActionError } from '../shared/errors.ts';
/** Who is on the other end of an exchange, as a message names it. */
export type Answerer = 'the build service' | 'GitHub';
/** The most a client reads of one endpoint's answer, and whose answer it is. */
export interface AnswerBound {
    maxBytes: number;
    /** What was asked, as messages name it: `GET /builds/:buildId`, `the upload of "app.dmg"`. */
    endpoint: string;
    answerer: Answerer;
}
/**
 * An answer longer than the client reads for its endpoint: refused when Content-Length announced
 * it, or as soon as that many bytes had come. Final: the same request gets the same answer.
 */
export declare class ResponseTooLargeError extends ActionError {
    readonly endpoint: string;
    readonly limitBytes: number;
    readonly answerer: Answerer;
    /** The announced length; undefined when the body was cut off while it streamed. */
    readonly sizeBytes: number | undefined;
    constructor({ endpoint, maxBytes, answerer }: AnswerBound, sizeBytes?: number);
}
/**
 * An answer nested deeper than the client reads from its endpoint: refused as its bytes came,
 * before anything of it was built. Final, like ResponseTooLargeError.
 */
export declare class AnswerTooDeepError extends ActionError {
    readonly endpoint: string;
    readonly maxDepth: number;
    readonly answerer: Answerer;
    constructor({ endpoint, answerer }: Omit<AnswerBound, 'maxBytes'>, maxDepth: number);
}
/** An answer refused for its size or its nesting: asking again gets the same answer. */
export type RefusedAnswerError = ResponseTooLargeError | AnswerTooDeepError;
export declare const isRefusedAnswer: (error: unknown) => error is RefusedAnswerError;
