import { describe, expect, it } from 'vitest';
import { createLimiter, createTurns, type Wait } from '../../src/shared/limit.ts';

/** Lets `n` rounds of other promise work run. */
const yieldTurns = async (n: number) => {
  for (let i = 0; i < n; i += 1) await Promise.resolve();
};

/** Turn waits that end when the test says so: no real time passes. */
function manualWaits() {
  const pending: { ms: number; end: () => void }[] = [];
  const asked: number[] = [];
  const wait: Wait = (ms, signal) =>
    new Promise((resolve, reject) => {
      const entry = { ms, end: resolve };
      asked.push(ms);
      pending.push(entry);
      signal.addEventListener(
        'abort',
        () => {
          pending.splice(pending.indexOf(entry), 1);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
  return { wait, asked, pending, endTurn: () => pending.shift()?.end() };
}

describe('createLimiter', () => {
  it('never runs more than its limit at once, and runs everything', async () => {
    const limit = createLimiter(3);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        limit(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await yieldTurns(1 + (i % 3));
          running -= 1;
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(peak).toBe(3);
  });

  it('frees the slot of a failing task', async () => {
    const limit = createLimiter(1);
    await expect(limit(async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(limit(async () => 'ok')).resolves.toBe('ok');
  });
});

describe('createTurns', () => {
  it('runs quick tasks one at a time, each ending its turn as it ends', async () => {
    const { wait, asked, pending } = manualWaits();
    const turns = createTurns(1_000, wait);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 4 }, () =>
        turns(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await yieldTurns(3);
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(1);
    expect(asked).toEqual([1_000, 1_000, 1_000, 1_000]);
    expect(pending).toEqual([]);
  });

  it('lets the next task go once one outlasts its turn; that one still finishes', async () => {
    const { wait, asked, endTurn } = manualWaits();
    const turns = createTurns(30, wait);
    const order: string[] = [];
    let release!: () => void;
    const slow = turns(async () => {
      order.push('slow starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('slow ends');
    });
    const next = turns(async () => {
      order.push('next runs');
    });
    await yieldTurns(10);
    expect(order).toEqual(['slow starts']);
    endTurn();
    await next;
    expect(order).toEqual(['slow starts', 'next runs']);
    expect(asked).toEqual([30, 30]);
    release();
    await slow;
    expect(order).toEqual(['slow starts', 'next runs', 'slow ends']);
  });

  it('hands the turn on when a task fails', async () => {
    const { wait } = manualWaits();
    const turns = createTurns(10_000, wait);
    await expect(turns(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(turns(async () => 'next')).resolves.toBe('next');
  });
});
