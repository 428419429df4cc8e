// The step's one deadline: made once from the timeout input and the cancellation signal, passed
// down to everything that must stop with the step (the client, the builds, publishing, the comment).
import { formatElapsed } from '../text/durations.ts';

export interface StepDeadline {
  /** Epoch ms when the step's time is up. */
  readonly at: number;
  /** Aborted when the step is cancelled (SIGINT/SIGTERM) or when `at` passes. */
  readonly signal: AbortSignal;
  /** Aborted when the step is cancelled, its reason the signal's name. */
  readonly cancelled: AbortSignal;
  /** Why the step stopped, for a message: `cancelled by SIGTERM`, `the timeout input (6s) passed`. */
  because(): string;
  /**
   * A stop for work that outlasts the step's a little: `afterCancelMs` after a cancellation, or
   * `afterTimeMs` after `at`, whichever comes first.
   */
  withGrace(grace: { afterCancelMs?: number; afterTimeMs?: number }): AbortSignal;
}

const timeoutAt = (epochMs: number): AbortSignal =>
  AbortSignal.timeout(Math.max(0, epochMs - Date.now()));

/** Aborts `ms` after `signal` does. */
function graceAfter(signal: AbortSignal, ms: number): AbortSignal {
  if (ms === 0) return signal;
  const grace = new AbortController();
  const start = () => setTimeout(() => grace.abort(signal.reason), ms).unref();
  if (signal.aborted) start();
  else signal.addEventListener('abort', start, { once: true });
  return grace.signal;
}

export function stepDeadline(cancelled: AbortSignal, timeoutMs: number): StepDeadline {
  const at = Date.now() + timeoutMs;
  return {
    at,
    signal: AbortSignal.any([cancelled, timeoutAt(at)]),
    cancelled,
    because: () =>
      cancelled.aborted
        ? `cancelled by ${String(cancelled.reason)}`
        : `the timeout input (${formatElapsed(timeoutMs)}) passed`,
    withGrace: ({ afterCancelMs = 0, afterTimeMs = 0 }) =>
      AbortSignal.any([graceAfter(cancelled, afterCancelMs), timeoutAt(at + afterTimeMs)]),
  };
}

/** `work`, or the signal's reason as soon as it aborts (what `work` does after is left behind). */
export function untilStopped<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  let onAbort = () => {};
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, stopped]).finally(() => signal.removeEventListener('abort', onAbort));
}
