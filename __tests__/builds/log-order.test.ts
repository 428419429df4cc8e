import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/service/schemas.ts';
import { LogOrder, type Placement } from '../../src/builds/log-order.ts';

const at = (second: number, message = `line ${second}`): LogEntry => ({
  timestamp: `2026-03-01T10:11:${String(second).padStart(2, '0')}.000Z`,
  level: 'info',
  message,
});
const time = (second: number) => Date.parse(at(second).timestamp);
/** What one read of the whole log makes of each entry it hands over (from `from` on), then the count. */
function read(order: LogOrder, all: readonly LogEntry[]): Placement[] {
  const from = order.from;
  const placed = all.flatMap((entry, index) => (index >= from ? [order.place(entry, index)] : []));
  const counted = order.counted(all.length);
  return counted.kind === 'skip' ? placed : [...placed, counted as Placement];
}

describe('LogOrder', () => {
  it('takes each entry once, in order, checking the last one taken; progress only for new ones', () => {
    const order = new LogOrder();
    expect(read(order, [at(1), at(2)])).toEqual([
      { kind: 'take', time: time(1) },
      { kind: 'take', time: time(2) },
    ]);
    expect([order.taken, order.from, order.progress]).toEqual([2, 1, 2]);
    expect(read(order, [at(1), at(2)])).toEqual([{ kind: 'skip' }]);
    expect(order.progress).toBe(2);
    expect(read(order, [at(1), at(2), at(2, 'same second')])).toEqual([
      { kind: 'skip' },
      { kind: 'take', time: time(2) },
    ]);
    expect([order.taken, order.progress, order.disorder]).toEqual([3, 3, undefined]);
  });

  it('takes an entry without a time in order, and the next one after the last time it had', () => {
    const order = new LogOrder();
    const untimed = { ...at(5), timestamp: 'soon' };
    read(order, [at(5), untimed]);
    expect(read(order, [at(5), untimed, at(4)])).toEqual([
      { kind: 'skip' },
      { kind: 'disorder', reason: 'is not in chronological order: entry 3 is older than entry 2' },
    ]);
  });

  it('is disordered once, and from then on hands every read over whole as a new reading', () => {
    const order = new LogOrder();
    read(order, [at(1), at(2), at(3)]);
    // Rotated: the entries before `from` are not handed over, the count tells.
    expect(read(order, [at(2), at(3)])).toEqual([
      { kind: 'disorder', reason: 'shrank: it has 2 entries, fewer than the 3 already shown' },
    ]);
    expect([order.from, order.progress]).toEqual([0, 4]);
    expect(read(order, [at(3), at(4)])).toEqual([
      { kind: 'reread', time: time(3), begins: true },
      { kind: 'reread', time: time(4), begins: false },
    ]);
    expect(order.progress).toBe(5);
    // The same reading again brings nothing new; one of another length does.
    read(order, [at(3), at(4)]);
    expect(order.progress).toBe(5);
    read(order, [at(3), at(4), at(5)]);
    expect(order.progress).toBe(6);
    expect(order.taken).toBe(3);
    expect(order.disorder).toBe('shrank: it has 2 entries, fewer than the 3 already shown');
  });

  it('skips what a reading hands over out of its place (a read that broke off and went on)', () => {
    const order = new LogOrder();
    read(order, [at(1), at(2)]);
    expect(read(order, [at(1), at(3)])).toEqual([
      { kind: 'disorder', reason: 'changed order: entry 2 is no longer the one shown there' },
    ]);
    expect(order.place(at(3), 0)).toEqual({ kind: 'reread', time: time(3), begins: true });
    expect(order.place(at(2), 2)).toEqual({ kind: 'skip' });
    expect(order.place(at(2), 1)).toEqual({ kind: 'reread', time: time(2), begins: false });
  });

  it('begins an empty reading when a rotation left the log without an entry', () => {
    const order = new LogOrder();
    read(order, [at(1), at(2)]);
    expect(read(order, [])).toEqual([
      { kind: 'disorder', reason: 'shrank: it has 0 entries, fewer than the 2 already shown' },
    ]);
    expect(read(order, [])).toEqual([{ kind: 'begin' }]);
    const progress = order.progress;
    expect(read(order, [])).toEqual([{ kind: 'begin' }]);
    expect(order.progress).toBe(progress);
  });

  it('notices a changed last entry even when only its level differs', () => {
    const order = new LogOrder();
    read(order, [at(1), at(2)]);
    expect(order.place({ ...at(2), level: 'error' }, 1)).toEqual({
      kind: 'disorder',
      reason: 'changed order: entry 2 is no longer the one shown there',
    });
  });
});
