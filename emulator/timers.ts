// Every timer an emulator starts goes through one of these, so close() can clear them all.
export interface Timers {
  after(ms: number, run: () => void): NodeJS.Timeout;
  every(ms: number, run: () => void): NodeJS.Timeout;
  cancel(handle: NodeJS.Timeout | undefined): void;
  cancelAll(): void;
}

export function createTimers(): Timers {
  const handles = new Set<NodeJS.Timeout>();
  return {
    after(ms, run) {
      const handle = setTimeout(() => {
        handles.delete(handle);
        run();
      }, ms);
      handles.add(handle);
      return handle;
    },
    every(ms, run) {
      const handle = setInterval(run, ms);
      handles.add(handle);
      return handle;
    },
    cancel(handle) {
      if (handle === undefined) return;
      clearTimeout(handle);
      handles.delete(handle);
    },
    cancelAll() {
      for (const handle of handles) clearTimeout(handle);
      handles.clear();
    },
  };
}
