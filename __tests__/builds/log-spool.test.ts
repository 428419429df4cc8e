import { mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogFileShortError, LogSpool } from '../../src/builds/log-spool.ts';
import { recordKey } from '../../src/builds/log-records.ts';

const folder = mkdtempSync(path.join(os.tmpdir(), 'log-spool-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const tempFile = () => path.join(folder, `${(files += 1)}.log`);
const unexpected = (error: unknown) => expect.fail(`unexpected failure: ${String(error)}`);

/** What the pieces hold, and the most bytes one piece held. */
async function collect(pieces: AsyncIterable<Uint8Array>): Promise<[string, number]> {
  let text = '';
  let largest = 0;
  for await (const piece of pieces) {
    text += Buffer.from(piece).toString();
    largest = Math.max(largest, piece.length);
  }
  return [text, largest];
}

describe('LogSpool', () => {
  it('keeps lines in batches, reads ranges and records back in chunks, in the order asked', async () => {
    const file = tempFile();
    const spool = new LogSpool(file, unexpected);
    const long = `${'x'.repeat(100_000)}\n`;
    const a = spool.add(['a1\n', 'a2\n']);
    const b = spool.add([long]);
    const c = spool.add(['c\n']);
    expect([a, b, c]).toEqual([
      { start: 0, end: 6 },
      { start: 6, end: 6 + long.length },
      { start: 6 + long.length, end: 8 + long.length },
    ]);
    // The long line went out at once, with what was pending before it; `c` waits for a write.
    expect(spool.written).toBe(b.end);
    expect(spool.end).toBe(c.end);
    spool.write();
    expect(readFileSync(file, 'utf8')).toBe(`a1\na2\n${long}c\n`);

    const [records, largest] = await collect(spool.records([c, a, b]));
    expect(records).toBe(`c\na1\na2\n${long}`);
    expect(largest).toBe(64 * 1024);
    expect((await collect(spool.bytes(3, 8)))[0]).toBe('a2\nxx');
  });

  it('reads back the entries taken in order from its index, within a limit', async () => {
    const spool = new LogSpool(tempFile(), unexpected);
    const entries = [['one\n'], ['two\n', 'lines\n'], ['three\n']];
    entries.forEach((texts, i) => spool.indexed(i * 10, spool.add(texts).end));
    spool.write();
    const { records } = await spool.indexedRecords(spool.end - 1);
    expect(records).toEqual([
      { time: 0, key: recordKey(0, entries[0]!), start: 0, end: 4, lines: 1 },
      { time: 10, key: recordKey(10, entries[1]!), start: 4, end: 14, lines: 2 },
    ]);
  });

  it('starts again after the bytes kept when truncated', async () => {
    const file = tempFile();
    const spool = new LogSpool(file, unexpected);
    const kept = spool.add(['kept\n']);
    spool.add(['dropped\n']);
    spool.truncate(kept.end);
    expect(spool.add(['again\n'])).toEqual({ start: kept.end, end: kept.end + 6 });
    spool.write();
    expect(readFileSync(file, 'utf8')).toBe('kept\nagain\n');
  });

  it('fails naming the file when something else cut it short, after what it still has', async () => {
    const file = tempFile();
    const spool = new LogSpool(file, unexpected);
    const first = spool.add(['first\n']);
    const second = spool.add(['second\n']);
    spool.write();
    truncateSync(file, first.end + 2);
    const read: string[] = [];
    const failure = await (async () => {
      for await (const piece of spool.records([second, first])) {
        read.push(Buffer.from(piece).toString());
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LogFileShortError);
    expect(failure).toMatchObject({ file, bytes: first.end + 2, written: second.end });
    expect(read).toEqual(['se']);
  });

  it('keeps nothing without a file, and says nothing itself', async () => {
    const spool = new LogSpool(undefined, unexpected);
    expect(spool.add(['a\n'])).toEqual({ start: 0, end: 0 });
    spool.write();
    expect(spool.failure).toMatchObject({ message: 'no folder for log files' });
    expect(await collect(spool.bytes(0, 10))).toEqual(['', 0]);
    expect((await spool.indexedRecords(10)).length).toBe(0);
  });

  // /dev/full answers every write with ENOSPC: a full disk, for real, without filling one.
  it.runIf(process.platform === 'linux')('says a full disk once, and keeps no line after', () => {
    const failures: unknown[] = [];
    const spool = new LogSpool('/dev/full', (error) => void failures.push(error));
    spool.add(['a\n']);
    spool.write();
    spool.add(['b\n']);
    spool.write();
    spool.truncate(0);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ code: 'ENOSPC' });
    expect(spool.failure).toBe(failures[0]);
    expect([spool.written, spool.end]).toEqual([0, 0]);
  });
});
