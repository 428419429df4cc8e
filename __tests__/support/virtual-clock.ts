// A clock for code that takes the retry runtime's `now` and `sleep`: a wait lets its time pass at
// once, but only after the code that asked for it ran on to its next await (as a real wait would
// let it), and a stop cuts it short without letting any time pass. Waits cost no real time, so
// what the code does never depends on how busy the machine is, and a test reads which waits it
// asked for. A time limit (`timeout`) is no wait: it passes only as the time does, through the
// code's own waits or the test's `advance`.
//
// One wait is different: a request's bound (the GitHub client's attempt bound, `boundMs`, by
// default REQUEST_TIMEOUT_MS) races a real socket, so letting it pass at once would end every
// request. It passes only when `lapses(n)` resolves for the n-th bound (never, by default): "no
// answer in time" is then a fact of the test's script; an answer that comes first cuts it short.
import type { Sleep } from '../../src/http/retry.ts';
import { REQUEST_TIMEOUT_MS } from '../../src/shared/timing.ts';

export interface VirtualClock {
  now(): number;
  sleep: Sleep;
  /** A signal that aborts once the clock's time has moved `ms` on. */
  timeout(ms: number): AbortSignal;
  /** Moves the time `ms` on, as a wait of the code would, ending the time limits due by then. */
  advance(ms: number): void;
  /** Every wait asked for, in ms, in order (those cut short too), bounds not included. */
  readonly sleeps: number[];
  /** Every request bound asked for, in ms, in order (those cut short too). */
  readonly bounds: number[];
}

export interface RequestBounds {
  boundMs?: number;
  /** Resolves when the n-th bound (from 1) may pass. */
  lapses?: (nth: number) => Promise<void>;
}

const never = (): Promise<void> => new Promise(() => {});

export function virtualClock(
  startMs = Date.now(),
  { boundMs = REQUEST_TIMEOUT_MS, lapses = never }: RequestBounds = {},
): VirtualClock {
  let now = startMs;
  const sleeps: number[] = [];
  const bounds: number[] = [];
  const limits = new Set<{ due: number; end: AbortController }>();
  const timedOut = () => new DOMException('The operation timed out.', 'TimeoutError');
  const advance = (ms: number) => {
    now += Math.max(0, ms);
    for (const limit of limits) {
      if (limit.due > now) continue;
      limits.delete(limit);
      limit.end.abort(timedOut());
    }
  };
  const sleep: Sleep = (ms, signal) => {
    const isBound = ms === boundMs;
    (isBound ? bounds : sleeps).push(ms);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const cut = () => reject(signal?.reason);
      signal?.addEventListener('abort', cut, { once: true });
      const pass = () => {
        if (signal?.aborted) return;
        signal?.removeEventListener('abort', cut);
        advance(ms);
        resolve();
      };
      if (isBound) void lapses(bounds.length).then(() => setImmediate(pass));
      else setImmediate(pass);
    });
  };
  const timeout = (ms: number): AbortSignal => {
    const limit = { due: now + Math.max(0, ms), end: new AbortController() };
    if (limit.due <= now) limit.end.abort(timedOut());
    else limits.add(limit);
    return limit.end.signal;
  };
  return { now: () => now, sleep, timeout, advance, sleeps, bounds };
}
