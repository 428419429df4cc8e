import { describe, expect, it } from 'vitest';
import {
  inTimeOrder,
  LogRecords,
  missingFrom,
  recordKey,
  type LogRecord,
} from '../../src/builds/log-records.ts';

const record = (time: number, key: number, start = 0): LogRecord => ({
  time,
  key,
  start,
  end: start + 10,
  lines: 1,
});
const recordsOf = (...records: LogRecord[]) => {
  const all = new LogRecords();
  for (const one of records) all.add(one);
  return all;
};

describe('LogRecords', () => {
  it('keeps thousands of entries, and an entry without a time sorts right after the one before', () => {
    const many = new LogRecords();
    for (let i = 0; i < 5_000; i += 1) many.add(record(i, i, i * 10));
    many.add(record(Number.NaN, 9, 50_000));
    expect(many.length).toBe(5_001);
    expect(many.records.at(-1)).toEqual({ ...record(4_999, 9, 50_000) });
  });

  it('drops the entries whose bytes did not all reach the file', () => {
    const kept = recordsOf(record(1, 1, 0), record(2, 2, 10), record(3, 3, 20));
    kept.keepWithin(25);
    expect(kept.records.map((r) => r.key)).toEqual([1, 2]);
  });
});

describe('merging a log read again', () => {
  it('adds what the last reading has beyond the shown entries, one for one', () => {
    const shown = recordsOf(record(1, 7), record(1, 7), record(2, 8));
    const final = recordsOf(record(1, 7), record(1, 7), record(1, 7), record(3, 9));
    expect(missingFrom(shown, final).map((r) => r.key)).toEqual([7, 9]);
  });

  it('orders by time, keeping the given order of equal times', () => {
    const ordered = inTimeOrder([record(5, 1), record(2, 2), record(5, 3), record(-Infinity, 4)]);
    expect(ordered.map((r) => r.key)).toEqual([4, 2, 1, 3]);
  });

  it('tells entries apart by time and printed text, however it comes in pieces', () => {
    const text = ['10:00:00 info    a\n', '10:00:00 info    b\n'];
    const key = recordKey(1_000, text);
    expect(recordKey(1_000, [Buffer.from(text.join(''))])).toBe(key);
    expect(recordKey(1_001, text)).not.toBe(key);
    expect(recordKey(1_000, text.slice(0, 1))).not.toBe(key);
    expect(recordKey(Number.NaN, text)).toBe(recordKey(Number.NaN, text));
    expect(Number.isSafeInteger(key)).toBe(true);
  });
});
