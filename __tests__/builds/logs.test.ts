import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/api/schemas.ts';
import { BuildLog, NO_LINES } from '../../src/builds/build-log.ts';
import { streamOutput, type Output } from '../../src/builds/output.ts';
import { createLimiter } from '../../src/builds/limit.ts';
import { formatLogEntry, inert, newStopToken, QuoteTail } from '../../src/builds/log-text.ts';
import { logReads, settleLog } from '../../src/builds/logs.ts';
import { captureStdout, executedCommands, groups } from './support.ts';

const entry = (message: string, level = 'info'): LogEntry => ({
  timestamp: '2026-03-01T10:11:12.345Z',
  level,
  message,
});
const entries = (n: number) => Array.from({ length: n }, (_, i) => entry(`line ${i}`));
/** What one read of the whole log hands the BuildLog. */
async function take(log: BuildLog, all: readonly LogEntry[]): Promise<void> {
  all.forEach((e, index) => log.add(e, index));
  await log.flush();
}
const silent: Output = { idle: () => true, settled: async () => {}, write: () => {} };
const tempFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'logs-')), 'build.log');

/** What a BuildLog prints, as the runner would see it. */
async function printed(work: (output: Output) => Promise<void>): Promise<string[]> {
  const stdout = captureStdout();
  try {
    await work(streamOutput);
  } finally {
    stdout.restore();
  }
  return stdout.lines().filter((line) => line !== '');
}

describe('settleLog', () => {
  it('reads until two reads in a row bring nothing new, taking each line once', async () => {
    const pages = [1, 2, 2, 4, 4, 4, 9].map(entries);
    let reads = 0;
    const sleeps: number[] = [];
    const file = tempFile();
    const log = BuildLog.toFile('linux/x64', silent, file);
    await settleLog(() => take(log, pages[reads++]!), log, {
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
    const log = BuildLog.toFile('linux/x64', silent, tempFile());
    await settleLog(() => take(log, entries(++reads)), log, {
      pauseMs: 1,
      sleep: async () => {},
      maxReads: 5,
    });
    expect(log.taken).toBe(5);
  });

  it('reads one log at a time across builds through the limiter', async () => {
    let running = 0;
    let peak = 0;
    const client = {
      readBuildLog: async (
        _: string,
        o: { from: () => number; onEntry: (e: LogEntry, i: number) => void },
      ) => {
        peak = Math.max(peak, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        entries(3).forEach((e, index) => index >= o.from() && o.onEntry(e, index));
        running--;
        return { changed: true as const, entries: 3, bytes: undefined };
      },
    };
    const limiter = createLimiter(1);
    const logs = [1, 2, 3].map(() => BuildLog.toFile('x', silent, tempFile()));
    await Promise.all(logs.map((log, i) => logReads(client, `build_${i}`, log, limiter)()));
    expect(peak).toBe(1);
    expect(logs.map((log) => log.taken)).toEqual([3, 3, 3]);
  });
});

describe('BuildLog to a file', () => {
  it('prints one group titled platform/arch · status, with commands stopped', async () => {
    const lines = await printed(async (output) => {
      const log = BuildLog.toFile('linux/arm64', output, tempFile());
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

  it('says so when the service has no lines', async () => {
    const lines = await printed((output) =>
      BuildLog.toFile('mac/x64', output, tempFile()).printGroup('success'),
    );
    expect(groups(lines).get('mac/x64 · success')).toContain(NO_LINES);
  });

  it('keeps what an annotation quotes and the newest line, not the log', async () => {
    const log = BuildLog.toFile('mac/x64', silent, tempFile());
    await take(log, [
      entry('start'),
      entry('first failure', 'error'),
      entry('npm ERROR thing'),
      entry('done \u202e\n::x'),
    ]);
    expect(log.digest()).toEqual({ lines: 5, quote: ['first failure', 'npm ERROR thing'] });
    expect(log.latest).toBe('done ::x');
  });
});

describe('BuildLog live', () => {
  it('streams inside one open group, commands stopped around each batch only', async () => {
    const lines = await printed(async (output) => {
      const log = BuildLog.live('linux/x64 · build_1', output);
      await take(log, [entry('one')]);
      output.write('::warning::the action itself can still warn\n');
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

describe('log text', () => {
  it('uses a fresh unguessable token each time', () => {
    expect(newStopToken()).toMatch(/^[0-9a-f]{32}$/);
    expect(newStopToken()).not.toBe(newStopToken());
  });

  it('splits multi-line messages and drops carriage returns', () => {
    expect(formatLogEntry(entry('a\r\n::warning::b\rc'))).toEqual([
      '10:11:12 info    a',
      '10:11:12 info    ::warning::b',
      '10:11:12 info    c',
    ]);
  });

  it('makes a quoted line inert: one line, no controls, cut short', () => {
    expect(inert('a\r\n\u001b[31mred\u202e  b')).toBe('a [31mred b');
    expect(inert('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
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
