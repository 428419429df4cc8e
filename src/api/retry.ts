// Retries with capped exponential backoff and full jitter, Retry-After, an overall time budget,
// and reconciliation before re-sending a request whose first outcome is unknown.
import { setTimeout as sleepFor } from 'node:timers/promises';

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

// Outlasts a burst of 5xx answers of well over 10 s: 19 waits whose ceilings grow 0.5 s → 5 s add
// up to 82.5 s, so even draws averaging an eighth of their ceiling wait out 10 s; the one-minute
// budget is what normally ends a hopeless run.
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  maxAttempts: 20,
  baseDelayMs: 500,
  maxDelayMs: 5_000,
  maxElapsedMs: 60_000,
};

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

export type AttemptResult<T> = { ok: true; value: T } | { ok: false; failure: AttemptFailure };

export interface RetryRuntime {
  policy: RetryPolicy;
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  onRetry?: (event: RetryEvent) => void;
}

export const defaultRetryRuntime = (
  policy: Partial<RetryPolicy> = {},
  onRetry?: (event: RetryEvent) => void,
): RetryRuntime => ({
  policy: { ...DEFAULT_RETRY_POLICY, ...policy },
  random: Math.random,
  sleep: (ms, signal) =>
    sleepFor(ms, undefined, { signal }).catch((error: unknown) => {
      throw signal?.aborted ? signal.reason : error;
    }),
  now: Date.now,
  onRetry,
});

/** Full jitter: a uniform delay in [0, min(cap, base · 2^(failedAttempt-1))). */
export function backoffDelay(policy: RetryPolicy, failedAttempt: number, random: () => number) {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failedAttempt - 1));
  return Math.floor(ceiling * random());
}

/** `Retry-After` as a delay in ms: delta-seconds or an HTTP date; undefined when absent or invalid. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

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

export async function withRetries<T>(runtime: RetryRuntime, task: RetryTask<T>): Promise<T> {
  const { policy } = runtime;
  const startedAt = runtime.now();
  let outcomeUnknown = false;
  for (let attempt = 1; ; attempt++) {
    if (outcomeUnknown && task.reconcile) {
      const found = await task.reconcile();
      if (found !== undefined) return found;
    }
    const result = await task.attempt(attempt);
    if (result.ok) return result.value;
    const { failure } = result;
    outcomeUnknown ||= failure.outcomeUnknown;
    if (!failure.retryable || attempt >= policy.maxAttempts) throw failure.toError(attempt);
    const delayMs = failure.retryAfterMs ?? backoffDelay(policy, attempt, runtime.random);
    if (runtime.now() - startedAt + delayMs > policy.maxElapsedMs) throw failure.toError(attempt);
    runtime.onRetry?.({ endpoint: task.endpoint, attempt, delayMs, reason: failure.reason });
    await runtime.sleep(delayMs, task.signal);
  }
}
