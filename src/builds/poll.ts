// Follows one build until it ends, the deadline passes or the run is cancelled: a loop with
// explicit state, its client and time (clock, sleep, random) passed in. Reads that keep failing
// after the client's own retries back off under the one retry policy, then give up.
import {
  ApiError,
  ApiKeyRefusedError,
  NetworkError,
  NotFoundError,
  ResponseShapeError,
} from '../api/errors.ts';
import { withRetries, type AttemptResult, type Clock, type Sleep } from '../api/retry.ts';
import { isTerminal, type Build } from '../api/schemas.ts';

export interface BuildReader {
  getBuild(buildId: string, o?: { signal?: AbortSignal }): Promise<Build>;
}

export interface PollOptions {
  intervalMs: number;
  /** Epoch ms on `clock` after which the build counts as unfinished. */
  deadline: number;
  clock: Clock;
  sleep: Sleep;
  /** In [0, 1); spreads the builds' polls so they do not hit the service in lockstep. */
  random?: () => number;
  signal?: AbortSignal;
  /** Failed reads in a row (after the client's own retries) before giving up. */
  maxFailures?: number;
  /** Awaited before the next poll: what it reads (the log) is paced by the poll, too. */
  onUpdate(build: Build): void | Promise<void>;
  onTransientError?(error: Error, nextDelayMs: number): void;
}

export type PollOutcome =
  { kind: 'ended'; build: Build } | { kind: 'timeout' } | { kind: 'cancelled' };

const JITTER = 0.1;
const MAX_BACKOFF_MS = 60_000;

export const jittered = (ms: number, random: () => number): number =>
  Math.round(ms * (1 - JITTER + 2 * JITTER * random()));

/** Worth another try later: rate limits, server errors, no answer, a garbled body. */
export const isTransient = (error: unknown): error is Error =>
  (error instanceof ApiError &&
    !(error instanceof ApiKeyRefusedError) &&
    !(error instanceof NotFoundError) &&
    (error.status === 429 || error.status >= 500)) ||
  error instanceof NetworkError ||
  (error instanceof ResponseShapeError && !error.final);

async function readOnce(
  client: BuildReader,
  buildId: string,
  signal: AbortSignal | undefined,
): Promise<AttemptResult<Build>> {
  try {
    return { ok: true, value: await client.getBuild(buildId, { signal }) };
  } catch (error) {
    if (signal?.aborted || !isTransient(error)) throw error;
    return {
      ok: false,
      failure: {
        retryable: true,
        outcomeUnknown: false,
        reason: error.message,
        toError: () => error,
      },
    };
  }
}

export async function pollBuild(
  client: BuildReader,
  buildId: string,
  options: PollOptions,
): Promise<PollOutcome> {
  const random = options.random ?? Math.random;
  const { clock, signal, intervalMs } = options;
  // Backoff ceilings double from twice the interval, capped at a minute (or the interval).
  const readRuntime = {
    policy: {
      maxAttempts: options.maxFailures ?? 10,
      baseDelayMs: intervalMs * 2,
      maxDelayMs: Math.max(intervalMs, MAX_BACKOFF_MS),
      maxElapsedMs: Infinity,
    },
    random,
    now: clock,
    sleep: options.sleep,
    deadline: options.deadline,
    onRetry: (event: { delayMs: number; reason: string }) =>
      options.onTransientError?.(new Error(event.reason), event.delayMs),
  };
  try {
    for (;;) {
      if (signal?.aborted) return { kind: 'cancelled' };
      const remaining = options.deadline - clock();
      if (remaining <= 0) return { kind: 'timeout' };
      await options.sleep(Math.min(jittered(intervalMs, random), remaining), signal);
      const build = await withRetries(readRuntime, {
        endpoint: 'GET /builds/:buildId',
        signal,
        attempt: () => readOnce(client, buildId, signal),
      });
      await options.onUpdate(build);
      if (isTerminal(build.status)) return { kind: 'ended', build };
    }
  } catch (error) {
    if (signal?.aborted) return { kind: 'cancelled' };
    throw error;
  }
}
