// Time, injected: the poller and log reader take these so tests run them on fake time.
import { setTimeout as delay } from 'node:timers/promises';

export type Clock = () => number;
/** Resolves after `ms`, or early (without throwing) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const systemClock: Clock = () => Date.now();

export const systemSleep: Sleep = async (ms, signal) => {
  if (signal?.aborted) return;
  try {
    await delay(ms, undefined, { signal });
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
};
