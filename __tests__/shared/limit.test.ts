import { describe, expect, it } from 'vitest';
import { createLimiter, createTurns } from '../../src/shared/limit.ts';

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
          await new Promise((resolve) => setTimeout(resolve, 5 + (i % 3)));
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
  const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('runs quick tasks one at a time', async () => {
    const turns = createTurns(1_000);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 4 }, () =>
        turns(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await tick(5);
          running -= 1;
        }),
      ),
    );
    expect(peak).toBe(1);
  });

  it('lets the next task go once one outlasts its turn; that one still finishes', async () => {
    const turns = createTurns(30);
    const order: string[] = [];
    let release!: () => void;
    const slow = turns(async () => {
      order.push('slow starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('slow ends');
    });
    await turns(async () => {
      order.push('next runs');
    });
    expect(order).toEqual(['slow starts', 'next runs']);
    release();
    await slow;
    expect(order).toEqual(['slow starts', 'next runs', 'slow ends']);
  });

  it('hands the turn on when a task fails', async () => {
    const turns = createTurns(10_000);
    await expect(turns(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(turns(async () => 'next')).resolves.toBe('next');
  });
});
