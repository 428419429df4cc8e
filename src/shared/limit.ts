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

export function createTurns(turnMs: number): Turns {
  const oneAtATime = createLimiter(1);
  return async (task) => {
    let running!: ReturnType<typeof task>;
    let turnOver: NodeJS.Timeout | undefined;
    await oneAtATime(() => {
      running = task();
      const turnTaken = new Promise((resolve) => (turnOver = setTimeout(resolve, turnMs).unref()));
      return Promise.race([running.catch(() => undefined), turnTaken]);
    });
    clearTimeout(turnOver);
    return running;
  };
}
