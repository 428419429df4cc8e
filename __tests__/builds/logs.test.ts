import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/api/schemas.ts';
import {
  formatLogEntry,
  formatLogGroup,
  lastErrorLines,
  newStopToken,
  readSettledLogs,
} from '../../src/builds/logs.ts';
import type { TrackedBuild } from '../../src/builds/types.ts';
import { executedCommands } from './support.ts';

const entry = (message: string, level = 'info'): LogEntry => ({
  timestamp: '2026-03-01T10:11:12.345Z',
  level,
  message,
});
const build = { platform: 'linux', arch: 'arm64', status: 'failed' } as TrackedBuild;

describe('readSettledLogs', () => {
  it('reads until two reads in a row bring nothing new', async () => {
    const pages = [1, 2, 2, 4, 4, 4, 9].map((n) =>
      Array.from({ length: n }, (_, i) => entry(`line ${i}`)),
    );
    let reads = 0;
    const sleeps: number[] = [];
    const logs = await readSettledLogs(
      { getBuildLogs: async () => ({ logs: pages[reads++]! }) },
      'build_1',
      { pauseMs: 250, sleep: async (ms) => void sleeps.push(ms) },
    );
    expect(logs).toHaveLength(4);
    expect(reads).toBe(6);
    expect(sleeps).toEqual([250, 250, 250, 250, 250]);
  });

  it('gives up on a log that never stops growing', async () => {
    let reads = 0;
    const logs = await readSettledLogs(
      { getBuildLogs: async () => ({ logs: Array.from({ length: ++reads }, () => entry('x')) }) },
      'build_1',
      { pauseMs: 1, sleep: async () => {}, maxReads: 5 },
    );
    expect(logs).toHaveLength(5);
  });
});

describe('formatLogGroup', () => {
  it('wraps the lines in a group titled platform/arch · status, with commands stopped', () => {
    const token = newStopToken();
    const lines = formatLogGroup(build, [entry('hello'), entry('::error::x', 'error')], token);
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

  it('says so when the service has no lines', () => {
    expect(formatLogGroup(build, [], 't')).toContain('(the service returned no log lines)');
  });
});

describe('lastErrorLines', () => {
  it('quotes the last error lines, else the last lines', () => {
    const log = [
      entry('start'),
      entry('first failure', 'error'),
      entry('npm ERROR thing'),
      entry('done'),
    ];
    expect(lastErrorLines(log)).toEqual(['first failure', 'npm ERROR thing']);
    expect(lastErrorLines(log, 1)).toEqual(['npm ERROR thing']);
    expect(lastErrorLines([entry('a'), entry('b')])).toEqual(['a', 'b']);
  });
});
