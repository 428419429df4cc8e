import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogIndex } from '../../src/builds/log-index.ts';
import { recordKey } from '../../src/builds/log-records.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function logWith(entries: string[][]): { log: string; index: LogIndex; ends: number[] } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'log-index-'));
  folders.push(folder);
  const log = path.join(folder, 'log');
  writeFileSync(log, '');
  const index = new LogIndex(`${log}.index`);
  const ends: number[] = [];
  let end = 0;
  entries.forEach((lines, i) => {
    const text = lines.join('');
    appendFileSync(log, text);
    end += Buffer.byteLength(text);
    ends.push(end);
    index.add(i === 2 ? Number.NaN : i * 10, end);
  });
  return { log, index, ends };
}

describe('LogIndex', () => {
  it('reads back where each entry lies, its lines and its key, from the file and the pending batch', async () => {
    const entries = Array.from({ length: 2_500 }, (_, i) =>
      i % 7 === 0 ? [`a ${i}\n`, `b ${'x'.repeat(i)}\n`] : [`c ${i} é\n`],
    );
    const { log, index, ends } = logWith(entries);
    const records = (await index.records(log, ends.at(-1)!)).records;
    expect(records).toHaveLength(2_500);
    expect(records[7]).toEqual({
      time: 70,
      key: recordKey(70, entries[7]!),
      start: ends[6],
      end: ends[7],
      lines: 2,
    });
    expect(records[2]!.time).toBe(10); // no time: right after the entry before
    expect(records[2]!.key).toBe(recordKey(Number.NaN, entries[2]!));
    expect(records.at(-1)!.key).toBe(recordKey(24_990, entries.at(-1)!));
  });

  it('keeps only the entries whose bytes all lie within the limit', async () => {
    const { log, index, ends } = logWith([['a\n'], ['b\n'], ['c\n']]);
    index.write();
    const records = await index.records(log, ends[1]! + 1);
    expect(records.records.map((r) => r.end)).toEqual(ends.slice(0, 2));
  });
});
