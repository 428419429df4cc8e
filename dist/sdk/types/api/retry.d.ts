export interface RetryPolicy {
    /** Attempts in all, the first one included. */
    maxAttempts: number;
    /** Backoff ceiling of the first retry; it doubles on every further one. */
    baseDelayMs: number;
    /** Cap of the backoff ceiling. */
    maxDelayMs: number;
    /** No retry starts once this much time has passed since the first attempt. */
    maxElapsedMs: number;
}
export declare const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy>;
export interface RetryEvent {
    endpoint: string;
    /** The attempt that failed (1 for the first). */
    attempt: number;
    delayMs: number;
    reason: string;
}
/** Why an attempt failed and what that allows. */
export interface AttemptFailure {
    retryable: boolean;
    /** The service may have acted on the request although no usable answer came back. */
    outcomeUnknown: boolean;
    /** Delay the service asked for (Retry-After), in ms. */
    retryAfterMs?: number;
    /** Short text for logs, e.g. `HTTP 503` or `ECONNRESET`. */
    reason: string;
    /** The error to throw when no retry follows. */
    toError: (attempts: number) => Error;
}
export type AttemptResult<T> = {
    ok: true;
    value: T;
} | {
    ok: false;
    failure: AttemptFailure;
};
export interface RetryRuntime {
    policy: RetryPolicy;
    random: () => number;
    sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
    now: () => number;
    onRetry?: (event: RetryEvent) => void;
}
export declare const defaultRetryRuntime: (policy?: Partial<RetryPolicy>, onRetry?: (event: RetryEvent) => void) => RetryRuntime;
/** Full jitter: a uniform delay in [0, min(cap, base · 2^(failedAttempt-1))). */
export declare function backoffDelay(policy: RetryPolicy, failedAttempt: number, random: () => number): number;
/** `Retry-After` as a delay in ms: delta-seconds or an HTTP date; undefined when absent or invalid. */
export declare function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined;
export interface RetryTask<T> {
    endpoint: string;
    signal?: AbortSignal;
    attempt: (attempt: number) => Promise<AttemptResult<T>>;
    /**
     * Looks for the effect of an earlier attempt whose outcome is unknown; runs before every
     * re-send after such an attempt. Without it, a re-send after an unknown outcome is allowed
     * (the request is idempotent).
     */
    reconcile?: () => Promise<T | undefined>;
}
export declare function withRetries<T>(runtime: RetryRuntime, task: RetryTask<T>): Promise<T>;
