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
    /** The wait is the one the server asked for (Retry-After). */
    serverAsked: boolean;
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
    /**
     * The attempt got further than every one before it (a transfer that received new bytes): the
     * failures in a row, the backoff and the elapsed budget start over.
     */
    madeProgress?: boolean;
    /** The error to throw when no retry follows. */
    toError: (attempts: number) => Error;
}
/**
 * The one rule for an HTTP answer worth another try, the service's and GitHub's alike: the server
 * timed out (408), asks to slow down (429), or failed (5xx).
 */
export declare const isRetryableStatus: (status: number) => boolean;
export type AttemptResult<T> = {
    ok: true;
    value: T;
} | {
    ok: false;
    failure: AttemptFailure;
};
export type Clock = () => number;
export declare const systemClock: Clock;
/** Resolves after `ms`; rejects with the signal's reason as soon as `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
export declare const systemSleep: Sleep;
export interface RetryRuntime {
    policy: RetryPolicy;
    random: () => number;
    sleep: Sleep;
    now: Clock;
    /**
     * Epoch ms (on `now`) when the step's time is up: no wait reaches past it, and a server's
     * Retry-After is honoured, however long, as long as it ends before it.
     */
    deadline?: number;
    onRetry?: (event: RetryEvent) => void;
}
export declare const defaultRetryRuntime: (policy?: Partial<RetryPolicy>, options?: Pick<RetryRuntime, "deadline" | "onRetry">) => RetryRuntime;
/** A log line for a retry; `server` names who answered (and maybe asked for the wait). */
export declare function describeRetry(event: RetryEvent, server: string): string;
/** Time left before the runtime's deadline; Infinity without one. */
export declare const timeLeft: (runtime: Pick<RetryRuntime, "now" | "deadline">) => number;
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
