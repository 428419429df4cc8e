import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { type AttemptFailure, type RetryRuntime } from './retry.ts';
export interface TransportOptions {
    baseUrl: string;
    apiKey: string;
    userAgent: string;
    timeoutMs: number;
    runtime: RetryRuntime;
    /** CAs to trust instead of the system's (tests); see DispatcherOptions. */
    ca?: string | Buffer;
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
    /** See RetryTask.reconcile. */
    reconcile?: () => Promise<T | undefined>;
}
export interface StreamRequest<T> {
    endpoint: string;
    path: string;
    resourceId?: string;
    read(response: Pick<Dispatcher.ResponseData, 'body' | 'headers'>): Promise<T>;
}
export interface SendInit {
    method: Dispatcher.HttpMethod;
    headers?: Record<string, string>;
    body?: string;
    signal?: AbortSignal;
    /** Limits both the wait for headers and any silence while the body streams. */
    idleTimeoutMs: number;
}
export declare class Transport {
    #private;
    readonly runtime: RetryRuntime;
    readonly timeoutMs: number;
    readonly apiOrigin: string;
    constructor(options: TransportOptions);
    /** The per-request timeout: the configured one, shortened to the time left in the step. */
    requestTimeoutMs(): number;
    url(path: string): URL;
    /** Request headers for `url`: the API key goes to the API's own origin only. */
    headersFor(url: URL, extra?: Record<string, string>): Record<string, string>;
    /** One HTTP exchange, no redirects followed. */
    send(url: URL, init: SendInit): Promise<Dispatcher.ResponseData>;
    /** A JSON endpoint: retried, validated, typed. */
    json<T>(request: JsonRequest<T>, signal?: AbortSignal): Promise<T>;
    /**
     * A GET whose 2xx body `read` consumes as it streams: retried like `json`. `read` throws
     * UnreadableBodyError for a garbled body (asked again), LogEntryShapeError for a body of another
     * shape (final); a broken connection is a network failure.
     */
    stream<T>(request: StreamRequest<T>, signal?: AbortSignal): Promise<T>;
    /** Classifies an HTTP status that is not a success. */
    statusFailure(endpoint: string, status: number, headers: Record<string, string | string[] | undefined>, bodyText: string, resourceId?: string): AttemptFailure;
    /** Classifies an exception thrown while talking to a server; rethrows what is not transient. */
    networkFailure(endpoint: string, error: unknown, timedOut: boolean, timeoutMs?: number, url?: URL): AttemptFailure;
    close(): Promise<void>;
}
