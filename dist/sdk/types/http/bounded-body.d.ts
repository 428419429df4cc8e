import type { Dispatcher } from '../vendor/undici/types/index.js';
import { type AnswerBound } from './errors.ts';
type Headers = Dispatcher.ResponseData['headers'];
/** A header as one string: the first value of a repeated one; undefined when absent. */
export declare const headerValue: (headers: Headers, name: string) => string | undefined;
export declare function declaredLength(headers: Headers): number | undefined;
/**
 * The body's chunks, `bound.maxBytes` at most: refused before a byte is read when Content-Length
 * announces more, else as soon as more has come. Leaving the loop early destroys the body.
 */
export declare function boundedChunks(body: AsyncIterable<Buffer>, headers: Headers, bound: AnswerBound): AsyncGenerator<Buffer>;
export interface WholeBody {
    /** The length the answer declared for the bytes as they are counted; refused early past the bound. */
    announced: number | undefined;
    /** The bytes are JSON to be parsed: nested past MAX_ANSWER_DEPTH, they are refused as they come. */
    json: boolean;
}
/**
 * A whole answer's bytes, `bound.maxBytes` at most (ResponseTooLargeError beyond); when they are
 * JSON, nested MAX_ANSWER_DEPTH levels at most (AnswerTooDeepError beyond), told as they come,
 * never by a parse.
 */
export declare function boundedBody(body: AsyncIterable<Buffer>, bound: AnswerBound, { announced, json }: WholeBody): Promise<Buffer>;
/**
 * A whole answer parsed as JSON, within `bound` and MAX_ANSWER_DEPTH (see boundedBody); undefined
 * when it is not JSON. Bytes that are not UTF-8 become U+FFFD: one odd byte costs one character,
 * not the answer. The body is dropped whatever happens.
 */
export declare function boundedJson(body: Dispatcher.ResponseData['body'], headers: Headers, bound: AnswerBound): Promise<unknown>;
/** Drops what is left of a body; its abort is expected, not an error to report. */
export declare function discardBody(body: Dispatcher.ResponseData['body']): void;
/**
 * The start of an error answer (the service's or the artifact host's), for their words; the rest
 * is dropped unread.
 */
export declare function errorBodyStart(body: Dispatcher.ResponseData['body']): Promise<string>;
export {};
