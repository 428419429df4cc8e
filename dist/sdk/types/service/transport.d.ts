import type { Dispatcher } from '../vendor/undici/types/index.js';
import type { z } from '../vendor/zod/index.js';
import { type AttemptFailure, type AttemptResult, type RetryRuntime } from '../http/retry.ts';
import { type FieldProblem } from '../http/answer-shape.ts';
import { ActionError } from '../shared/errors.ts';
/**
 * The most a JSON answer may hold. A Get Build is ~1 KB and a List Builds of a big project perhaps
 * 1 MB: 16 MiB leaves a wide margin for growth while bounding what a misbehaving service can make
 * the runner hold (the body, its text and the parsed value together stay well under 100 MiB).
 */
export declare const MAX_JSON_ANSWER_BYTES: number;
export interface TransportOptions {
    baseUrl: string;
    apiKey: string;
    userAgent: string;
    timeoutMs: number;
    runtime: RetryRuntime;
    /** CAs to trust instead of the system's (tests); see DispatcherOptions. */
    ca?: string | Buffer;
}
/** What every call of the client takes. */
export interface CallOptions {
    signal?: AbortSignal;
}
export interface JsonRequest<T> {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    /** Template for messages and logs, e.g. `GET /builds/:buildId`. */
    endpoint: string;
    /** Path below the base URL, ids already encoded. */
    path: string;
    schema: z.ZodType<T>;
    body?: unknown;
    /** The id a 404 is about. */
    resourceId?: string;
    idempotencyKey?: string;
    /**
     * What is wrong with a well-formed answer that is not the one asked for (another build's id, a
     * platform not asked for); a problem is final. `reconcile` looks for its value by these same
     * fields, in answers checked in their turn.
     */
    check?: (value: T) => FieldProblem | undefined;
    /** See RetryTask.reconcile. */
    reconcile?: () => Promise<T | undefined>;
}
/** A 2xx answer as a stream reader sees it: its chunks are bounded and time-limited. */
export interface StreamResponse {
    /** The length the answer declared (Content-Length), when it is one exact number. */
    contentLength: number | undefined;
    chunks: AsyncIterable<Buffer>;
    /** Drops the body unread. */
    discard(): Promise<void>;
}
export interface StreamRequest<T> {
    endpoint: string;
    path: string;
    resourceId?: string;
    maxBytes: number;
    /** Throws UnusableBodyError for a body it cannot use; see there. */
    read(response: StreamResponse): Promise<T>;
}
export interface SendInit {
    method: Dispatcher.HttpMethod;
    headers?: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
    /** Limits both the wait for headers and any silence while the body streams. */
    idleTimeoutMs: number;
    /**
     * Never attach the API key, even on the API's own origin: a redirect chain that left the API's
     * origin once does not get the key back.
     */
    anonymous?: boolean;
}
/** Where and how long an exchange that failed without an answer was waiting. */
export interface NetworkContext {
    /** The URL asked for: a failure through a proxy names the proxy. */
    url?: URL;
    /** The exchange ran out of its time (its own timer, not undici's). */
    timedOut?: boolean;
    /** The timeout the exchange had; the transport's own when not given. */
    timeoutMs?: number;
}
type Headers = Dispatcher.ResponseData['headers'];
/**
 * A 2xx body its reader cannot use: garbled on the way (a later read may get it whole), or of
 * another shape or about another resource (`final`: asking again won't help). The transport
 * reports it as a ResponseShapeError.
 */
export declare class UnusableBodyError extends ActionError {
    readonly fieldPath: string;
    readonly problem: string;
    readonly final: boolean;
    constructor({ fieldPath, problem }: FieldProblem, final?: boolean);
}
/** A body that is not the JSON it should be: worth asking again. */
export declare const garbledBody: () => UnusableBodyError;
export declare class Transport {
    #private;
    readonly runtime: RetryRuntime;
    readonly timeoutMs: number;
    readonly apiOrigin: string;
    constructor(options: TransportOptions);
    /** The per-request timeout: the configured one, shortened to the time left in the step. */
    requestTimeoutMs(): number;
    url(path: string): URL;
    /** One HTTP exchange, no redirects followed; the API key goes to the API's own origin only. */
    send(url: URL, init: SendInit): Promise<Dispatcher.ResponseData>;
    /** A JSON endpoint: retried, bounded, validated, checked, typed. */
    json<T>(request: JsonRequest<T>, signal?: AbortSignal): Promise<T>;
    /** One attempt at a JSON endpoint, not retried: its failure classified for the caller's retries. */
    jsonAttempt<T>(request: JsonRequest<T>, signal?: AbortSignal): Promise<AttemptResult<T>>;
    /**
     * A GET whose 2xx body `read` consumes as it streams: retried like `json`, bounded by
     * `maxBytes` and by the request timeout in all (a body that trickles in ends as a timeout).
     */
    stream<T>(request: StreamRequest<T>, signal?: AbortSignal): Promise<T>;
    /** Classifies an HTTP status that is not a success. */
    statusFailure(endpoint: string, status: number, headers: Headers, bodyText: string, resourceId?: string): AttemptFailure;
    /**
     * Classifies an exception thrown while talking to a server: a proxy's refusal, a timeout, a
     * broken connection (retryable), or anything else, which no retry follows and which is
     * thrown as it is.
     */
    networkFailure(endpoint: string, error: unknown, context?: NetworkContext): AttemptFailure;
    close(): Promise<void>;
}
export {};
