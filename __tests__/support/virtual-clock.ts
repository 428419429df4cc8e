// A clock for code that takes the retry runtime's `now` and `sleep`: a wait lets its time pass at
// once, but only after the code that asked for it ran on to its next await (as a real wait would
// let it), and a stop cuts it short without letting any time pass. Waits cost no real time, so
// what the code does never depends on how busy the machine is, and a test reads which waits it
// asked for.
import type { Sleep } from '../../src/http/retry.ts';

export interface VirtualClock {
  now(): number;
  sleep: Sleep;
  /** Every wait asked for, in ms, in order (those cut short too). */
  readonly sleeps: number[];
}

export function virtualClock(startMs = Date.now()): VirtualClock {
  let now = startMs;
  const sleeps: number[] = [];
  const sleep: Sleep = (ms, signal) => {
    sleeps.push(ms);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const cut = () => reject(signal?.reason);
      signal?.addEventListener('abort', cut, { once: true });
      setImmediate(() => {
        if (signal?.aborted) return;
        signal?.removeEventListener('abort', cut);
        now += Math.max(0, ms);
        resolve();
      });
    });
  };
  return { now: () => now, sleep, sleeps };
}
