// Every timer an emulator starts, and every time it reads, goes through one Timers over one Clock:
// close() can clear them all, and a test can hand it a clock that moves only when told to.

/** What a clock hands back for a timer; only its own clock can cancel it. */
export type TimerHandle = object;

/** The time and the timers an emulator runs on. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  after(ms: number, run: () => void): TimerHandle;
  every(ms: number, run: () => void): TimerHandle;
  cancel(handle: TimerHandle): void;
}

/** The process's own clock and timers (the default). */
export const realClock: Clock = {
  now: () => Date.now(),
  after: (ms, run) => setTimeout(run, ms),
  every: (ms, run) => setInterval(run, ms),
  cancel: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface Timers {
  now(): number;
  after(ms: number, run: () => void): TimerHandle;
  every(ms: number, run: () => void): TimerHandle;
  cancel(handle: TimerHandle | undefined): void;
  cancelAll(): void;
}

export function createTimers(clock: Clock = realClock): Timers {
  const handles = new Set<TimerHandle>();
  return {
    now: () => clock.now(),
    after(ms, run) {
      const handle = clock.after(ms, () => {
        handles.delete(handle);
        run();
      });
      handles.add(handle);
      return handle;
    },
    every(ms, run) {
      const handle = clock.every(ms, run);
      handles.add(handle);
      return handle;
    },
    cancel(handle) {
      if (handle === undefined) return;
      clock.cancel(handle);
      handles.delete(handle);
    },
    cancelAll() {
      for (const handle of handles) clock.cancel(handle);
      handles.clear();
    },
  };
}
