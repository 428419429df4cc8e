// A clock that moves only when told to: a test starts an emulator on it and advances it step by
// step, so what the emulator does over time happens exactly when the test says, however busy the
// machine is.
import type { Clock, TimerHandle } from './timers.ts';

export interface ManualClock extends Clock {
  /**
   * Moves the time `ms` forward, running every timer that falls due on the way, in the order they
   * fall due (timers due at the same instant in the order they were started).
   */
  advance(ms: number): void;
  /** How many timers are waiting (an interval counts until it is cancelled). */
  pending(): number;
}

interface Entry {
  due: number;
  order: number;
  /** An interval's period; absent for a one-off timer. */
  period?: number;
  run(): void;
}

/** Starts at `startMs` (default: the real time now). */
export function createManualClock(startMs = Date.now()): ManualClock {
  let now = startMs;
  let started = 0;
  const entries = new Map<TimerHandle, Entry>();

  const add = (ms: number, run: () => void, repeat: boolean): TimerHandle => {
    // As Node does, a delay below 1 ms is 1 ms (an interval of 0 would never let time move).
    const delay = Math.max(1, Number.isFinite(ms) ? ms : 1);
    const handle = {};
    entries.set(handle, {
      due: now + delay,
      order: (started += 1),
      ...(repeat && { period: delay }),
      run,
    });
    return handle;
  };

  const nextDue = (until: number): [TimerHandle, Entry] | undefined => {
    let next: [TimerHandle, Entry] | undefined;
    for (const pair of entries) {
      const [, entry] = pair;
      if (entry.due > until) continue;
      if (
        next === undefined ||
        entry.due < next[1].due ||
        (entry.due === next[1].due && entry.order < next[1].order)
      ) {
        next = pair;
      }
    }
    return next;
  };

  return {
    now: () => now,
    after: (ms, run) => add(ms, run, false),
    every: (ms, run) => add(ms, run, true),
    cancel(handle) {
      entries.delete(handle);
    },
    advance(ms) {
      const until = now + ms;
      for (let next = nextDue(until); next !== undefined; next = nextDue(until)) {
        const [handle, entry] = next;
        now = entry.due;
        if (entry.period === undefined) entries.delete(handle);
        else
          entries.set(handle, { ...entry, due: entry.due + entry.period, order: (started += 1) });
        entry.run();
      }
      now = until;
    },
    pending: () => entries.size,
  };
}
