import { mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/service/schemas.ts';
import { BuildLog, NO_LINES, type LogEvents } from '../../src/builds/build-log.ts';
import { boundLine, formatLogEntry, MAX_LINE_CHARS, QuoteTail } from '../../src/builds/log-text.ts';
import { readLogToEnd } from '../../src/builds/logs.ts';
import { stepLog, StepLog, type Output } from '../../src/runner/log.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';
import { executedCommands, groups } from './support.ts';

const entry = (message: string, level = 'info', second = 12): LogEntry => ({
  timestamp: `2026-03-01T10:11:${String(second).padStart(2, '0')}.345Z`,
  level,
  message,
});
const entries = (n: number) => Array.from({ length: n }, (_, i) => entry(`line ${i}`));
/** What one read of the whole log hands the BuildLog: the entries from `from` on, then the count. */
async function take(log: BuildLog, all: readonly LogEntry[]): Promise<void> {
  const from = log.from;
  all.forEach((e, index) => index >= from && log.add(e, index));
  log.counted(all.length);
  await log.flush();
}
const silent: Output = new StepLog(
  new Writable({ write: (_chunk, _encoding, written) => written() }),
);
const folder = mkdtempSync(path.join(os.tmpdir(), 'logs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const tempFile = () => path.join(mkdtempSync(path.join(folder, 'log-')), 'build.log');
const noDisorder: LogEvents = {
  onDisorder: (reason) => {
    throw new Error(`unexpected disorder: ${reason}`);
  },
  onSpoolFailure: (error) => {
    throw new Error(`unexpected spool failure: ${String(error)}`);
  },
};
/** A log to a file, and every disorder it reported. */
function fileLog(output: Output = silent) {
  const file = tempFile();
  const disorders: string[] = [];
  const log = BuildLog.toFile('mac/x64', output, file, {
    ...noDisorder,
    onDisorder: (reason) => void disorders.push(reason),
  });
  const written = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.replace(/^\S+ \S+\s+/, ''));
  return { log, disorders, written };
}

/** What a BuildLog prints to the step's output, as the runner would see it. */
async function printed(work: (output: Output) => Promise<void>): Promise<string[]> {
  const captured = captureStepLog();
  try {
    await work(stepLog);
  } finally {
    captured.restore();
  }
  return captured.lines().filter((line) => line !== '');
}

/** The service's lines a log prints in its group, without their time and level. */
async function groupOf(log: BuildLog): Promise<string[]> {
  const lines = await printed(() => log.printGroup('success'));
  const stop = lines.findIndex((line) => line.startsWith('::stop-commands::'));
  const token = lines[stop]!.slice('::stop-commands::'.length);
  return lines
    .slice(stop + 1, lines.indexOf(`::${token}::`))
    .map((line) => line.replace(/^\S+ \S+\s+/, ''));
}

describe('readLogToEnd', () => {
  it('reads until two reads in a row bring nothing new, taking each line once', async () => {
    const pages = [1, 2, 2, 4, 4, 4, 9].map(entries);
    let reads = 0;
    const sleeps: number[] = [];
    const file = tempFile();
    const log = BuildLog.toFile('linux/x64', silent, file, noDisorder);
    await readLogToEnd(() => take(log, pages[reads++]!), log, {
      pauseMs: 250,
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(reads).toBe(6);
    expect(sleeps).toEqual([250, 250, 250, 250, 250]);
    expect(log.taken).toBe(4);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toEqual(
      ['line 0', 'line 1', 'line 2', 'line 3'].map((m) => `10:11:12 info    ${m}`),
    );
  });

  it('gives up on a log that never stops growing', async () => {
    let reads = 0;
    const log = BuildLog.toFile('linux/x64', silent, tempFile(), noDisorder);
    await readLogToEnd(() => take(log, entries(++reads)), log, {
      pauseMs: 1,
      sleep: async () => {},
      maxReads: 5,
    });
    expect(log.taken).toBe(5);
  });

  it('reads a log that stopped making sense whole, until two readings bring nothing new', async () => {
    const { log, disorders } = fileLog();
    let reads = 0;
    await readLogToEnd(() => take(log, ++reads === 1 ? entries(3) : entries(2)), log, {
      pauseMs: 1,
      sleep: async () => {},
    });
    // The shrink, one whole reading, then two that bring nothing new.
    expect(reads).toBe(5);
    expect(disorders).toHaveLength(1);
  });

  it('ends with the first read that fails', async () => {
    const { log } = fileLog();
    let reads = 0;
    const failing = async () => {
      reads += 1;
      throw new Error('read failed');
    };
    await expect(readLogToEnd(failing, log, { pauseMs: 1, sleep: async () => {} })).rejects.toThrow(
      'read failed',
    );
    expect(reads).toBe(1);
  });
});

describe('BuildLog takes each entry once, in order', () => {
  it('takes a growing log line by line, checking the last one taken is still there', async () => {
    const { log, disorders, written } = fileLog();
    const long = 'x'.repeat(5_000);
    await take(log, entries(2));
    await take(log, [...entries(2), entry(long)]);
    await take(log, [...entries(2), entry(long), entry('after')]);
    await take(log, [...entries(2), entry(long), entry('after')]);
    expect(disorders).toEqual([]);
    expect(written()).toEqual(['line 0', 'line 1', long, 'after']);
  });

  it('shows a newest-first log whole once it ended, in time order, each line once', async () => {
    const { log, disorders } = fileLog(stepLog);
    // The log as a newest-first service lists it while it grows: each read starts with the newest.
    const newestFirst = (n: number) =>
      Array.from({ length: n }, (_, i) => entry(`line ${n - 1 - i}`, 'info', n - 1 - i));
    for (let n = 1; n <= 10; n += 1) await take(log, newestFirst(n));
    expect(disorders).toEqual(['changed order: entry 1 is no longer the one shown there']);
    expect(log.disordered).toBe(true);
    expect(log.from).toBe(0);
    expect(await groupOf(log)).toEqual(Array.from({ length: 10 }, (_, i) => `line ${i}`));
    expect((await log.digest()).lines).toBe(10);
  });

  it('shows entries that go back in time in time order, the one taken before once', async () => {
    const { log, disorders } = fileLog(stepLog);
    const read = [entry('b', 'info', 20), entry('a', 'info', 10), entry('c', 'info', 30)];
    await take(log, read);
    await take(log, read);
    expect(disorders).toEqual(['is not in chronological order: entry 2 is older than entry 1']);
    expect(await groupOf(log)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the lines shown before a rotation, and adds the ones after it', async () => {
    const { log, disorders } = fileLog(stepLog);
    const at = (n: number) => entry(`line ${n}`, 'info', 10 + n);
    const upTo = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => at(from + i));
    await take(log, upTo(0, 4));
    // Rotated: the service's log now starts after the lines already taken.
    await take(log, upTo(4, 6));
    await take(log, upTo(4, 8));
    expect(disorders).toEqual(['shrank: it has 2 entries, fewer than the 4 already shown']);
    expect(await groupOf(log)).toEqual(upTo(0, 8).map((e) => e.message));
    expect((await log.digest()).lines).toBe(8);
  });

  it('keeps thousands of lines shown before a rotation, multi-line ones whole, each once', async () => {
    const { log, disorders } = fileLog(stepLog);
    // Past one batch of the log's index (1024 entries), so it is read back from its file too.
    const at = (n: number) => ({
      ...entry(n % 100 === 0 ? `line ${n}\nmore ${n}` : `line ${n}`),
      timestamp: new Date(Date.UTC(2026, 2, 1, 10) + n).toISOString(),
    });
    const upTo = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => at(from + i));
    await take(log, upTo(0, 2_500));
    await take(log, upTo(2_400, 2_600));
    await take(log, upTo(2_400, 2_600));
    expect(disorders).toEqual(['shrank: it has 200 entries, fewer than the 2500 already shown']);
    const lines = upTo(0, 2_600).flatMap((e) => e.message.split('\n'));
    expect(await groupOf(log)).toEqual(lines);
    expect((await log.digest()).lines).toBe(lines.length);
  });

  it('adds a line logged twice once more only when the last reading has it twice', async () => {
    const { log } = fileLog(stepLog);
    await take(log, [entry('same', 'info', 1), entry('same', 'info', 1), entry('x', 'info', 3)]);
    await take(log, [entry('x', 'info', 3), entry('same', 'info', 1), entry('same', 'info', 1)]);
    await take(log, [entry('x', 'info', 3), entry('same', 'info', 1), entry('same', 'info', 1)]);
    expect(await groupOf(log)).toEqual(['same', 'same', 'x']);
  });

  it('quotes the latest error lines of a disordered log by time, not by arrival', async () => {
    const { log } = fileLog();
    const newestFirst = [
      entry('failed at last', 'error', 30),
      entry('an early error', 'error', 10),
      entry('start', 'info', 5),
    ];
    await take(log, newestFirst);
    await take(log, newestFirst);
    expect((await log.digest()).quote).toEqual(['an early error', 'failed at last']);
  });
  it('notices a changed last entry even when only its level differs', async () => {
    const { log, disorders } = fileLog();
    await take(log, entries(2));
    await take(log, [entry('line 0'), entry('line 1', 'error'), entry('line 2')]);
    expect(disorders).toEqual(['changed order: entry 2 is no longer the one shown there']);
    expect(log.taken).toBe(2);
  });
});

describe('BuildLog to a file', () => {
  it('prints one group titled platform/arch · status, with commands stopped', async () => {
    const lines = await printed(async (output) => {
      const log = BuildLog.toFile('linux/arm64', output, tempFile(), noDisorder);
      await take(log, [entry('hello')]);
      await take(log, [entry('hello'), entry('::error::x', 'error')]);
      await log.printGroup('failed');
    });
    const token = /^::stop-commands::(.+)$/.exec(lines[1]!)![1];
    expect(lines).toEqual([
      '::group::linux/arm64 · failed',
      `::stop-commands::${token}`,
      '10:11:12 info    hello',
      '10:11:12 error   ::error::x',
      `::${token}::`,
      '::endgroup::',
    ]);
    expect(executedCommands(lines)).toEqual(['::group::linux/arm64 · failed', '::endgroup::']);
  });

  it('titles its group inertly, whatever the status says', async () => {
    const lines = await printed((output) =>
      BuildLog.toFile('mac/x64', output, tempFile(), noDisorder).printGroup(
        'odd\n::error title=pwned::pwned',
      ),
    );
    expect(lines[0]).toBe('::group::mac/x64 · odd ::error title=pwned::pwned');
    expect(executedCommands(lines).filter((l) => l.startsWith('::error'))).toEqual([]);
  });

  it('says so when the service has no lines', async () => {
    const lines = await printed((output) =>
      BuildLog.toFile('mac/x64', output, tempFile(), noDisorder).printGroup('success'),
    );
    expect(groups(lines).get('mac/x64 · success')).toContain(NO_LINES);
  });

  it('fails naming the file when something else cut it short, commands resumed', async () => {
    const file = tempFile();
    let failure: unknown;
    const lines = await printed(async (output) => {
      const log = BuildLog.toFile('mac/x64', output, file, noDisorder);
      await take(log, entries(3));
      truncateSync(file, 10);
      failure = await log.printGroup('success').catch((error: unknown) => error);
    });
    expect(failure).toMatchObject({
      name: 'LogFileShortError',
      message: expect.stringContaining(file),
      bytes: 10,
      written: 3 * '10:11:12 info    line 0\n'.length,
    });
    const token = /^::stop-commands::(.+)$/.exec(lines[1]!)![1];
    expect(lines.slice(2)).toEqual(['10:11:12 i', `::${token}::`, '::endgroup::']);
  });

  it('keeps what an annotation quotes and the newest line, not the log', async () => {
    const log = BuildLog.toFile('mac/x64', silent, tempFile(), noDisorder);
    await take(log, [
      entry('start'),
      entry('first failure', 'error'),
      entry('npm ERROR thing'),
      entry('done \u202e\n::x'),
    ]);
    expect(await log.digest()).toEqual({ lines: 5, quote: ['first failure', 'npm ERROR thing'] });
    expect(log.latest).toBe('done ::x');
  });
});

describe('BuildLog live', () => {
  it('streams inside one open group, commands stopped around each batch only', async () => {
    const lines = await printed(async (output) => {
      const log = BuildLog.live('linux/x64 · build_1', output, tempFile(), noDisorder);
      await take(log, [entry('one')]);
      stepLog.warning('the action itself can still warn');
      await take(log, [entry('one'), entry('::endgroup::')]);
      await log.printGroup('success');
    });
    expect(lines.filter((l) => l.startsWith('::group::'))).toEqual([
      '::group::linux/x64 · build_1',
    ]);
    expect(lines.filter((l) => / (one|::endgroup::)$/.test(l))).toEqual([
      '10:11:12 info    one',
      '10:11:12 info    ::endgroup::',
    ]);
    expect(executedCommands(lines)).toEqual([
      '::group::linux/x64 · build_1',
      '::warning::the action itself can still warn',
      '::endgroup::',
    ]);
  });
});

describe('BuildLog live, out of order', () => {
  it('prints what it took live, then the rest of the last reading in time order', async () => {
    const disorders: string[] = [];
    const lines = await printed(async (output) => {
      const log = BuildLog.live('linux/x64 · build_1', output, tempFile(), {
        ...noDisorder,
        onDisorder: (reason) => void disorders.push(reason),
      });
      await take(log, [entry('c', 'info', 30), entry('a', 'info', 10), entry('b', 'info', 20)]);
      await take(log, [entry('c', 'info', 30), entry('a', 'info', 10), entry('b', 'info', 20)]);
      await log.printGroup('success');
    });
    expect(disorders).toHaveLength(1);
    expect(lines.filter((l) => / info +[abc]$/.test(l)).map((l) => l.slice(-1))).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(lines.filter((l) => l.startsWith('::group::'))).toHaveLength(1);
    expect(lines.at(-2)).toMatch(/^\(The service's log is not in chronological order/);
    expect(lines.at(-1)).toBe('::endgroup::');
  });
});

describe('BuildLog left unfinished', () => {
  it('closes its live group under its notes, once; a log printed whole prints nothing', async () => {
    const lines = await printed(async (output) => {
      const log = BuildLog.live('linux/x64 · build_1', output, tempFile(), {
        ...noDisorder,
        onDisorder: () => {},
      });
      await take(log, [entry('b', 'info', 20), entry('a', 'info', 10)]);
      await log.closeUnfinished();
      await log.closeUnfinished();
      const whole = BuildLog.toFile('mac/x64', output, tempFile(), noDisorder);
      await take(whole, entries(2));
      await whole.closeUnfinished();
    });
    expect(lines.filter((l) => l.endsWith(' b') || l.endsWith(' a'))).toEqual([
      '10:11:20 info    b',
    ]);
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^\(The service's log is not in chronological order: entry 2 is older/),
      '::endgroup::',
    ]);
    expect(executedCommands(lines)).toEqual(['::group::linux/x64 · build_1', '::endgroup::']);
  });
});

describe('BuildLog emptied by a rotation', () => {
  it('shows the lines taken before and those logged after, each once', async () => {
    const { log, disorders } = fileLog(stepLog);
    const at = (n: number) => entry(`line ${n}`, 'info', 10 + n);
    await take(log, [at(0), at(1)]);
    await take(log, []);
    await take(log, []);
    await take(log, [at(2)]);
    await take(log, [at(2)]);
    expect(disorders).toEqual(['shrank: it has 0 entries, fewer than the 2 already shown']);
    expect(await groupOf(log)).toEqual(['line 0', 'line 1', 'line 2']);
    expect((await log.digest()).lines).toBe(3);
  });
});

// /dev/full answers every write with ENOSPC: a full disk, for real, without filling one.
describe.runIf(process.platform === 'linux')('BuildLog on a full disk', () => {
  it('says so once, keeps reading for the quote, and prints what it could keep', async () => {
    const failures: unknown[] = [];
    const lines = await printed(async (output) => {
      const log = BuildLog.toFile('mac/x64', output, '/dev/full', {
        ...noDisorder,
        onSpoolFailure: (error) => void failures.push(error),
      });
      await take(log, entries(3));
      await take(log, [...entries(3), entry('it failed', 'error')]);
      expect(log.taken).toBe(4);
      expect(await log.digest()).toEqual({ lines: 4, quote: ['it failed'] });
      await log.printGroup('failed');
    });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ code: 'ENOSPC' });
    expect(lines).toContain(NO_LINES);
    expect(lines.at(-2)).toMatch(
      /^\(Lines of this log were lost: its file under RUNNER_TEMP could not be written \(ENOSPC/,
    );
  });

  it('keeps nothing and says nothing itself when it has no file', async () => {
    const log = BuildLog.toFile('mac/x64', silent, undefined, noDisorder);
    await take(log, entries(2));
    expect((await log.digest()).lines).toBe(2);
  });
});

describe('log text', () => {
  it('cuts a level to a short inert token, and a very long line with a note', () => {
    const level = '::error::' + 'x'.repeat(100);
    expect(formatLogEntry(entry('hi', level))).toEqual(['10:11:12 : :error::xxxxx… hi']);
    const huge = 'y'.repeat(MAX_LINE_CHARS + 5_000);
    const [line] = formatLogEntry(entry(`short\n${huge}`)).slice(1);
    expect(line).toBe(
      `10:11:12 info    ${'y'.repeat(MAX_LINE_CHARS)} … (5000 more characters cut)`,
    );
    // Never half of a surrogate pair.
    expect(boundLine('ab😀cd', 3)).toBe('ab … (4 more characters cut)');
  });

  it('keeps a quoted line short', () => {
    const tail = new QuoteTail();
    tail.add(entry('z'.repeat(10_000), 'error'));
    expect(tail.lines()[0]).toHaveLength(300);
  });

  it('splits multi-line messages and drops carriage returns', () => {
    expect(formatLogEntry(entry('a\r\n::warning::b\rc'))).toEqual([
      '10:11:12 info    a',
      '10:11:12 info    ::warning::b',
      '10:11:12 info    c',
    ]);
  });

  it('quotes the last error lines, else the last lines', () => {
    const tail = new QuoteTail(1);
    for (const e of [
      entry('start'),
      entry('first failure', 'error'),
      entry('npm ERROR thing'),
      entry('done'),
    ]) {
      tail.add(e);
    }
    expect(tail.lines()).toEqual(['npm ERROR thing']);
    const plain = new QuoteTail();
    plain.add(entry('a'));
    plain.add(entry('b'));
    expect(plain.lines()).toEqual(['a', 'b']);
  });
});
