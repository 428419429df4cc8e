// Follows one build until it ends, the deadline passes or the run is cancelled: a loop with
// explicit state, its client, clock and sleep passed in.
import {
  ApiError,
  ApiKeyRefusedError,
  NetworkError,
  NotFoundError,
  ResponseShapeError,
} from '../api/errors.ts';
import { isTerminal, type Build } from '../api/schemas.ts';
import type { Clock, Sleep } from './clock.ts';

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
  /** Transient failures in a row (after the client's own retries) before giving up. */
  maxFailures?: number;
  onUpdate(build: Build): void;
  onTransientError?(error: Error, nextDelayMs: number): void;
}

export type PollOutcome =
  { kind: 'ended'; build: Build } | { kind: 'timeout' } | { kind: 'cancelled' };

interface PollState {
  delayMs: number;
  failures: number;
}

const JITTER = 0.1;
const MAX_BACKOFF_MS = 60_000;

export const jittered = (ms: number, random: () => number): number =>
  Math.round(ms * (1 - JITTER + 2 * JITTER * random()));

/** Doubles per failure in a row, capped; back at the plain interval after the next success. */
export const backoffDelay = (intervalMs: number, failures: number): number =>
  Math.min(intervalMs * 2 ** failures, Math.max(intervalMs, MAX_BACKOFF_MS));

/** Worth another try later: rate limits, server errors, no answer, a garbled body. */
export const isTransient = (error: unknown): error is Error =>
  (error instanceof ApiError &&
    !(error instanceof ApiKeyRefusedError) &&
    !(error instanceof NotFoundError) &&
    (error.status === 429 || error.status >= 500)) ||
  error instanceof NetworkError ||
  error instanceof ResponseShapeError;

export async function pollBuild(
  client: BuildReader,
  buildId: string,
  options: PollOptions,
): Promise<PollOutcome> {
  const random = options.random ?? Math.random;
  const maxFailures = options.maxFailures ?? 10;
  let state: PollState = { delayMs: options.intervalMs, failures: 0 };
  for (;;) {
    const remaining = options.deadline - options.clock();
    if (options.signal?.aborted) return { kind: 'cancelled' };
    if (remaining <= 0) return { kind: 'timeout' };
    if (state.delayMs > 0) {
      await options.sleep(Math.min(jittered(state.delayMs, random), remaining), options.signal);
      if (options.signal?.aborted) return { kind: 'cancelled' };
    }
    let build: Build;
    try {
      build = await client.getBuild(buildId, { signal: options.signal });
    } catch (error) {
      if (options.signal?.aborted) return { kind: 'cancelled' };
      if (!isTransient(error) || state.failures + 1 >= maxFailures) throw error;
      state = {
        delayMs: backoffDelay(options.intervalMs, state.failures + 1),
        failures: state.failures + 1,
      };
      options.onTransientError?.(error, state.delayMs);
      continue;
    }
    options.onUpdate(build);
    if (isTerminal(build.status)) return { kind: 'ended', build };
    state = { delayMs: options.intervalMs, failures: 0 };
  }
}
