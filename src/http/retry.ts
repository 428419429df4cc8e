// The one retry policy of the action: capped exponential backoff with full jitter, Retry-After
// honoured up to the step's deadline, an overall budget, progress that starts the count over, and
// reconciliation before re-sending a request whose first outcome is unknown. Every loop that waits
// (API calls, polling, downloads, release uploads) goes through it.
import { setTimeout as sleepFor } from 'node:timers/promises';
import { commandText } from '../text/escape.ts';

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
export const isRetryableStatus = (status: number): boolean =>
  status === 408 || status === 429 || status >= 500;

export type AttemptResult<T> = { ok: true; value: T } | { ok: false; failure: AttemptFailure };

export type Clock = () => number;
export const systemClock: Clock = () => Date.now();

/** Resolves after `ms`; rejects with the signal's reason as soon as `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const systemSleep: Sleep = (ms, signal) =>
  sleepFor(ms, undefined, { signal }).catch((error: unknown) => {
    throw signal?.aborted ? signal.reason : error;
  });

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

export const defaultRetryRuntime = (
  policy: Partial<RetryPolicy> = {},
  options: Pick<RetryRuntime, 'deadline' | 'onRetry'> = {},
): RetryRuntime => ({
  policy: { ...DEFAULT_RETRY_POLICY, ...policy },
  random: Math.random,
  sleep: systemSleep,
  now: Date.now,
  deadline: options.deadline,
  onRetry: options.onRetry,
});

/** A log line for a retry; `server` names who answered (and maybe asked for the wait). */
export function describeRetry(event: RetryEvent, server: string): string {
  const seconds =
    event.delayMs < 10_000 ? (event.delayMs / 1000).toFixed(1) : Math.round(event.delayMs / 1000);
  const asked = event.serverAsked ? `, as ${server} asked` : '';
  // The reason quotes an error, and an error can quote anything (undici quotes a bad header value).
  const reason = commandText(event.reason, 500);
  return `Retrying ${event.endpoint} in ${seconds} s${asked} (attempt ${event.attempt} failed: ${reason})`;
}

/** Time left before the runtime's deadline; Infinity without one. */
export const timeLeft = (runtime: Pick<RetryRuntime, 'now' | 'deadline'>): number =>
  runtime.deadline === undefined ? Infinity : runtime.deadline - runtime.now();

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

/**
 * The wait before the next attempt, or undefined when none may follow: the server's Retry-After
 * when it gave one (bounded by the deadline only, when there is one), else backoff within the
 * budget and the deadline.
 */
function nextDelay(
  runtime: RetryRuntime,
  failure: AttemptFailure,
  failuresInRow: number,
  elapsedMs: number,
): number | undefined {
  const { policy } = runtime;
  if (!failure.retryable || failuresInRow >= policy.maxAttempts) return undefined;
  const left = timeLeft(runtime);
  const serverAsked = failure.retryAfterMs !== undefined;
  const delayMs = failure.retryAfterMs ?? backoffDelay(policy, failuresInRow, runtime.random);
  // What the server asks for is bounded by the deadline alone; without one, by the budget.
  const overBudget = elapsedMs + delayMs > policy.maxElapsedMs;
  if (delayMs >= left || (overBudget && !(serverAsked && runtime.deadline !== undefined))) {
    return undefined;
  }
  return delayMs;
}

export async function withRetries<T>(runtime: RetryRuntime, task: RetryTask<T>): Promise<T> {
  let startedAt = runtime.now();
  let outcomeUnknown = false;
  let failuresInRow = 0;
  for (let attempt = 1; ; attempt++) {
    if (outcomeUnknown && task.reconcile) {
      const found = await task.reconcile();
      if (found !== undefined) return found;
    }
    const result = await task.attempt(attempt);
    if (result.ok) return result.value;
    const { failure } = result;
    outcomeUnknown ||= failure.outcomeUnknown;
    if (failure.madeProgress) {
      failuresInRow = 0;
      startedAt = runtime.now();
    }
    failuresInRow++;
    const delayMs = nextDelay(runtime, failure, failuresInRow, runtime.now() - startedAt);
    if (delayMs === undefined) throw failure.toError(attempt);
    runtime.onRetry?.({
      endpoint: task.endpoint,
      attempt,
      delayMs,
      reason: failure.reason,
      serverAsked: failure.retryAfterMs !== undefined,
    });
    await runtime.sleep(delayMs, task.signal);
  }
}
