// The manual clock the emulator's tests run it on: time moves only by advance(), and the timers
// that fall due on the way run in the order a real clock would run them.
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../emulator/manual-clock.ts';
import { createTimers } from '../../emulator/timers.ts';

describe('createManualClock', () => {
  it('stands still until advanced, then reads the new time', () => {
    const clock = createManualClock(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(250);
    expect(clock.now()).toBe(1_250);
  });

  it('runs due timers in order of their time, ties in the order started, each at its own time', () => {
    const clock = createManualClock(0);
    const ran: string[] = [];
    const note = (name: string) => () => ran.push(`${name}@${clock.now()}`);
    clock.after(30, note('c'));
    clock.after(10, note('a'));
    clock.after(30, note('d'));
    clock.after(20, note('b'));
    clock.after(31, note('late'));
    clock.advance(30);
    expect(ran).toEqual(['a@10', 'b@20', 'c@30', 'd@30']);
    expect(clock.pending()).toBe(1);
    clock.advance(1);
    expect(ran.at(-1)).toBe('late@31');
    expect(clock.pending()).toBe(0);
  });

  it('repeats an interval until cancelled, and runs timers started while advancing', () => {
    const clock = createManualClock(0);
    const ran: number[] = [];
    const beat = clock.every(10, () => {
      ran.push(clock.now());
      if (clock.now() === 20) clock.after(5, () => ran.push(-clock.now()));
    });
    clock.advance(45);
    expect(ran).toEqual([10, 20, -25, 30, 40]);
    clock.cancel(beat);
    clock.advance(100);
    expect(ran).toHaveLength(5);
    expect(clock.pending()).toBe(0);
  });

  it('treats a delay under 1 ms as 1 ms, so an interval of 0 still lets time move', () => {
    const clock = createManualClock(0);
    let beats = 0;
    clock.every(0, () => (beats += 1));
    clock.advance(5);
    expect(beats).toBe(5);
  });

  it('is what the emulator timers run on: cancelAll clears every timer they started', () => {
    const clock = createManualClock(0);
    const timers = createTimers(clock);
    let ran = 0;
    timers.after(5, () => (ran += 1));
    timers.every(5, () => (ran += 1));
    expect(timers.now()).toBe(0);
    expect(clock.pending()).toBe(2);
    timers.cancelAll();
    clock.advance(50);
    expect([ran, clock.pending()]).toEqual([0, 0]);
  });
});
