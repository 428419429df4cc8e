// Follows one build until it ends, the deadline passes or the run is cancelled: a loop with
// explicit state, its client and time (clock, sleep, random) passed in. Each read is one attempt
// that the client classifies; reads that keep failing back off under the one retry policy (the
// service's Retry-After honoured up to the deadline), then give up.
import { withRetries, type AttemptResult, type Clock, type Sleep } from '../http/retry.ts';
import { isTerminal, type Build } from '../service/schemas.ts';
import type { CallOptions } from '../service/transport.ts';
import { POLL_BACKOFF_CAP_MS } from '../shared/timing.ts';

export interface BuildReader {
  /** One read, not retried: the poll paces its own retries. */
  getBuildOnce(buildId: string, options?: CallOptions): Promise<AttemptResult<Build>>;
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
  /** Failed reads in a row before giving up. */
  maxFailures?: number;
  onUpdate(build: Build): void;
  onTransientError?(error: Error, nextDelayMs: number): void;
}

export type PollOutcome =
  { kind: 'ended'; build: Build } | { kind: 'timeout' } | { kind: 'cancelled' };

const JITTER = 0.1;

export const jittered = (ms: number, random: () => number): number =>
  Math.round(ms * (1 - JITTER + 2 * JITTER * random()));

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
      maxDelayMs: Math.max(intervalMs, POLL_BACKOFF_CAP_MS),
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
        attempt: () => client.getBuildOnce(buildId, { signal }),
      });
      options.onUpdate(build);
      if (isTerminal(build.status)) return { kind: 'ended', build };
    }
  } catch (error) {
    if (signal?.aborted) return { kind: 'cancelled' };
    throw error;
  }
}
