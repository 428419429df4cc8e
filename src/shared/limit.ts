import { setTimeout as sleepFor } from 'node:timers/promises';

// Runs at most `concurrency` tasks at a time, in the order they were handed in.
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(concurrency: number): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finishing task hands its slot straight to the next waiter, so no newcomer can jump in.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return async (task) => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * Tasks that take turns, each for at most `turnMs`: a task still running then goes on outside the
 * turns and the next one starts, so a slow task never holds another for longer than that.
 */
export type Turns = Limiter;

/** Resolves after `ms`, or rejects once `signal` aborts: the turns' one use of time. */
export type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

// Unref'd: a turn's timer never keeps the process alive.
const realWait: Wait = (ms, signal) => sleepFor(ms, undefined, { signal, ref: false });

export function createTurns(turnMs: number, wait: Wait = realWait): Turns {
  const oneAtATime = createLimiter(1);
  return async (task) => {
    let running!: ReturnType<typeof task>;
    const turnOver = new AbortController();
    await oneAtATime(() => {
      running = task();
      const turnTaken = wait(turnMs, turnOver.signal).catch(() => undefined);
      return Promise.race([running.catch(() => undefined), turnTaken]);
    });
    turnOver.abort();
    return running;
  };
}
