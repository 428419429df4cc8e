import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import * as core from '@actions/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_BYTES, StepLog, type LogWriter } from '../../src/runner/log.ts';
import { executedCommands, groups } from '../builds/support.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';
import type { PrinterReport } from '../builds/slow-stdout-printer.ts';

const node = path.resolve(import.meta.dirname, '../../node_modules/.bin/node');
const printer = path.join(import.meta.dirname, '../builds/slow-stdout-printer.ts');
/** A stream that takes `chunkBytes` every `pauseMs`, and everything it took. */
function slowStream(chunkBytes: number, pauseMs: number) {
  const stream = new PassThrough({ highWaterMark: chunkBytes });
  const taken: Buffer[] = [];
  const reading = (async () => {
    for await (const chunk of stream) {
      taken.push(chunk as Buffer);
      // real time: a stream the runner really reads slowly (backpressure)
      await sleep(pauseMs);
    }
  })();
  return {
    stream,
    text: async () => {
      stream.end();
      await reading;
      return Buffer.concat(taken).toString();
    },
  };
}

/**
 * A stream that keeps each write as it is called and says it wrote it only when `drain` is called:
 * a runner that has not read yet. A stand-in for the stream, which holds writes back itself.
 */
function heldStream() {
  const taken: string[] = [];
  const waiting: (() => void)[] = [];
  const stream = {
    write(chunk: string | Uint8Array, written?: () => void) {
      taken.push(Buffer.from(chunk).toString());
      if (written) waiting.push(written);
      return true;
    },
  } as unknown as Writable;
  return {
    stream,
    lines: () => taken.join('').split('\n').slice(0, -1),
    /** Says everything given so far was written, and what was printed because of that. */
    drain: async () => {
      await nextTurn();
      while (waiting.length > 0) {
        waiting.shift()!();
        await nextTurn();
      }
    },
  };
}

/** A promise `print` waits on, and the way to let it go. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('StepLog', () => {
  it('holds every other print while a group prints, then prints them in order', async () => {
    const { stream, text } = slowStream(16, 1);
    const log = new StepLog(stream);
    log.info('before');
    const group = log.printAlone(async (print) => {
      for (let line = 0; line < 20; line += 1) await print(`group ${line}\n`);
    });
    const others = (async () => {
      for (let line = 0; line < 5; line += 1) {
        log.info(`other ${line}`);
        await nextTurn();
      }
    })();
    await Promise.all([group, others]);
    log.info('after');
    const lines = (await text()).trim().split('\n');
    const first = lines.indexOf('group 0');
    expect(lines.slice(first, first + 20)).toEqual(
      Array.from({ length: 20 }, (_, line) => `group ${line}`),
    );
    expect(lines.filter((line) => !line.startsWith('group'))).toEqual([
      'before',
      ...Array.from({ length: 5 }, (_, line) => `other ${line}`),
      'after',
    ]);
  });

  it('gives turns: two groups printed at once come out whole, one after the other', async () => {
    const { stream, text } = slowStream(8, 1);
    const log = new StepLog(stream);
    const group = (name: string) =>
      log.printAlone(async (print) => {
        for (let line = 0; line < 10; line += 1) await print(`${name} ${line}\n`);
      });
    await Promise.all([group('a'), group('b')]);
    expect((await text()).trim().split('\n')).toEqual([
      ...Array.from({ length: 10 }, (_, line) => `a ${line}`),
      ...Array.from({ length: 10 }, (_, line) => `b ${line}`),
    ]);
  });

  it('never touches the stream: its write stays its own while a group prints and fails', async () => {
    const { stream, text } = slowStream(64, 1);
    const write = stream.write;
    const log = new StepLog(stream);
    await expect(
      log.printAlone(async (print) => {
        await print('half a group\n');
        expect(Object.hasOwn(stream, 'write')).toBe(false);
        expect(stream.write).toBe(write);
        log.info('held');
        throw new Error('the log file is gone');
      }),
    ).rejects.toThrow('the log file is gone');
    await log.printAlone((print) => print('next group\n'));
    expect(Object.getOwnPropertyNames(stream)).not.toContain('write');
    expect(await text()).toBe('half a group\nheld\nnext group\n');
  });

  it('stops commands around what a group prints, resumed on a line of their own after a failure', async () => {
    const { stream, lines, drain } = heldStream();
    const log = new StepLog(stream);
    const printed = log.printAlone((print) =>
      print.stopped(
        ['::group::mac/x64'],
        async () => {
          await print('::error::from the service\n::warning::cut in the mid');
          throw new Error('the log file is gone');
        },
        ['::endgroup::'],
      ),
    );
    const failed = expect(printed).rejects.toThrow('the log file is gone');
    await drain();
    await failed;
    const token = /^::stop-commands::([0-9a-f]{32})$/.exec(lines()[1]!)?.[1];
    expect(lines()).toEqual([
      '::group::mac/x64',
      `::stop-commands::${token}`,
      '::error::from the service',
      '::warning::cut in the mid',
      `::${token}::`,
      '::endgroup::',
    ]);
    expect(executedCommands(lines())).toEqual(['::group::mac/x64', '::endgroup::']);
  });

  it('draws a fresh unguessable token for each stop', async () => {
    const { stream, lines, drain } = heldStream();
    const log = new StepLog(stream);
    const printed = log.printAlone(async (print) => {
      await print.stopped([], () => print('a\n'), []);
      await print.stopped([], () => print('b\n'), []);
    });
    await drain();
    await printed;
    const stops = lines().filter((line) => line.startsWith('::stop-commands::'));
    expect(stops).toHaveLength(2);
    expect(stops.every((line) => /^::stop-commands::[0-9a-f]{32}$/.test(line))).toBe(true);
    expect(stops[0]).not.toBe(stops[1]);
  });
});

describe('StepLog past the bound of what waits for a group', () => {
  const holdBytes = 100;
  const line = (n: number) => `other line ${String(n).padStart(3, '0')} ${'x'.repeat(20)}`;

  it('prints what waited inside the group, in order, once it passes the bound', async () => {
    const { stream, lines, drain } = heldStream();
    const log = new StepLog(stream, { holdBytes });
    const gone = gate();
    const group = log.printAlone(async (print) => {
      await print('::group::a group\n');
      await gone.opened;
      await print('last line of the group\n::endgroup::\n');
    });
    await drain();
    // 35 bytes each: the third passes the bound, the fourth and fifth wait again.
    for (let n = 0; n < 5; n += 1) log.info(line(n));
    expect(lines()).toEqual([
      '::group::a group',
      expect.stringMatching(/^\(More than 100 bytes of the action's own lines waited/),
      line(0),
      line(1),
      line(2),
    ]);
    gone.open();
    await drain();
    await group;
    expect(lines().slice(5)).toEqual(['last line of the group', '::endgroup::', line(3), line(4)]);
  });

  it('resumes commands for them inside stopped commands, so a mask or annotation still works', async () => {
    const { stream, lines, drain } = heldStream();
    const log = new StepLog(stream, { holdBytes });
    const gone = gate();
    const group = log.printAlone((print) =>
      print.stopped(
        ['::group::linux/x64'],
        async () => {
          await print('10:11:12 info    ::error::the service, cut in the mi');
          await gone.opened;
          await print('ddle of a line\n::warning::the service again\n');
        },
        ['::endgroup::'],
      ),
    );
    await drain();
    log.setSecret('s3cret');
    log.warning('the action warns', { title: 'a title' });
    log.info(line(0));
    log.info(line(1));
    gone.open();
    await drain();
    await group;
    const printed = lines();
    const [first, second] = printed
      .filter((text) => text.startsWith('::stop-commands::'))
      .map((text) => text.slice('::stop-commands::'.length));
    expect(printed).toEqual([
      '::group::linux/x64',
      `::stop-commands::${first}`,
      '10:11:12 info    ::error::the service, cut in the mi',
      `::${first}::`,
      expect.stringMatching(/^\(More than 100 bytes/),
      '::add-mask::s3cret',
      '::warning title=a title::the action warns',
      line(0),
      line(1),
      `::stop-commands::${second}`,
      'ddle of a line',
      '::warning::the service again',
      `::${second}::`,
      '::endgroup::',
    ]);
    expect(second).not.toBe(first);
    expect(executedCommands(printed)).toEqual([
      '::group::linux/x64',
      '::add-mask::s3cret',
      '::warning title=a title::the action warns',
      '::endgroup::',
    ]);
    expect(groups(printed).get('linux/x64')).toContain(line(1));
  });

  it('holds 1 MiB by default and no more', async () => {
    expect(HOLD_BYTES).toBe(1024 * 1024);
    const { stream, lines, drain } = heldStream();
    const log = new StepLog(stream);
    const gone = gate();
    const group = log.printAlone(async (print) => {
      await print('::group::g\n');
      await gone.opened;
      await print('::endgroup::\n');
    });
    await drain();
    const big = 'y'.repeat(64 * 1024);
    for (let n = 0; n < 15; n += 1) log.info(big);
    expect(lines()).toEqual(['::group::g']);
    log.info(big);
    expect(lines()).toHaveLength(1 + 1 + 16);
    log.info(big);
    expect(lines()).toHaveLength(1 + 1 + 16);
    gone.open();
    await drain();
    await group;
    expect(lines().slice(-2)).toEqual(['::endgroup::', big]);
  });
});

describe('StepLog as @actions/core prints', () => {
  /** What a new step log writes while `call` prints with it. */
  const oursWrote = (call: (log: StepLog) => void): string[] => {
    const written: string[] = [];
    const writer: LogWriter = {
      write: (text) => {
        written.push(Buffer.from(text).toString());
        return true;
      },
    };
    call(new StepLog(writer));
    return written;
  };
  /** @actions/core writes to process.stdout itself: the one output a test reads from the stream. */
  const coreWrote = (call: () => void): string[] => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      call();
    } finally {
      spy.mockRestore();
    }
    return written;
  };
  afterEach(() => {
    process.exitCode = undefined;
  });

  it('writes the same text for each printing function', () => {
    const properties = {
      title: 'a: b, 100% \r\nnew',
      file: 'src/a,b.ts',
      startLine: 3,
      endLine: 0,
      startColumn: 5,
    };
    const message = 'line one\r\nline two 50% :: done';
    const calls: [string, (printer: typeof core) => void][] = [
      ['info', (printer) => printer.info(message)],
      ['debug', (printer) => printer.debug(message)],
      ['notice', (printer) => printer.notice(message, properties)],
      ['warning', (printer) => printer.warning(new Error('an error'), properties)],
      ['error', (printer) => printer.error(message, { title: 'only a title' })],
      ['error, empty properties', (printer) => printer.error(message, {})],
      ['setSecret', (printer) => printer.setSecret('p@ss%word\n')],
      ['startGroup', (printer) => printer.startGroup('a group %\n')],
      ['endGroup', (printer) => printer.endGroup()],
    ];
    for (const [name, call] of calls) {
      const ours = oursWrote((log) => call(log as unknown as typeof core));
      expect(ours, name).toEqual(coreWrote(() => call(core)));
    }
  });

  it('fails the step as setFailed does: exit code 1 and an error annotation', () => {
    expect(oursWrote((log) => log.setFailed('it broke'))).toEqual(['::error::it broke\n']);
    expect(process.exitCode).toBe(1);
  });

  it('prints to the writer it is given until that writer is taken back', () => {
    const first: string[] = [];
    const second: string[] = [];
    const into = (texts: string[]): LogWriter => ({
      write: (text) => {
        texts.push(Buffer.from(text).toString());
        return true;
      },
    });
    const log = new StepLog(into(first));
    log.info('one');
    const putBack = log.writeTo(into(second));
    log.info('two');
    putBack();
    log.info('three');
    expect([first, second]).toEqual([['one\n', 'three\n'], ['two\n']]);
  });

  it('is read by captureStepLog: whole lines, a character split between writes, a line to come', async () => {
    const log = new StepLog({ write: () => true });
    const captured = captureStepLog(log);
    const euro = Buffer.from('€');
    const later = captured.lineWhere((line) => line.startsWith('second'));
    log.info('first');
    await log.printAlone(async (print) => {
      await print(Buffer.concat([Buffer.from('second '), euro.subarray(0, 1)]));
      await print(Buffer.concat([euro.subarray(1), Buffer.from('\n')]));
    });
    expect(await later).toBe('second €');
    expect(await captured.lineWhere((line) => line === 'first')).toBe('first');
    expect(captured.lines()).toEqual(['first', 'second €', '']);
    captured.restore();
    log.info('not captured');
    expect(captured.text()).toBe('first\nsecond €\n');
  });

  it('closes a group after its work, also when the work fails', async () => {
    const { stream, lines } = heldStream();
    const log = new StepLog(stream);
    await expect(
      log.group('Release v1', async () => {
        log.info('inside');
        throw new Error('no release');
      }),
    ).rejects.toThrow('no release');
    expect(await log.group('Project', async () => 7)).toBe(7);
    expect(lines()).toEqual([
      '::group::Release v1',
      'inside',
      '::endgroup::',
      '::group::Project',
      '::endgroup::',
    ]);
  });
});

describe('the step log into a pipe the runner reads slowly', () => {
  it('keeps the event loop running, the group whole and in order, memory bounded', async () => {
    const lineCount = 30_000;
    const tickMs = 5;
    const child = spawn(node, [printer, String(lineCount), String(tickMs)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const closed = once(child, 'close');
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const chunks: Buffer[] = [];
    for await (const chunk of child.stdout) {
      chunks.push(chunk as Buffer);
      // real time: the child's stdout pipe must really fill while its loop runs
      await sleep(20);
    }
    const [code] = await closed;
    expect(stderr).toMatch(/^\{.*\}\n$/);
    expect(code).toBe(0);
    const report = JSON.parse(stderr) as PrinterReport;
    const printed = Buffer.concat(chunks).toString().split('\n').slice(0, -1);
    const logBytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);

    // The reader was slow: printing took many ticks, and the ticks kept coming all along.
    const printMs = report.printEnd - report.printStart;
    expect(printMs).toBeGreaterThan(40 * tickMs);
    const during = report.ticks.filter((tick) => tick <= report.printEnd);
    expect(during.length).toBeGreaterThan(printMs / tickMs / 4);
    const gaps = during.map((tick, index) => tick - (during[index - 1] ?? report.printStart));
    expect(Math.max(...gaps)).toBeLessThan(printMs / 3);

    // The group whole and in order; what the timer printed meanwhile comes after it.
    const end = printed.indexOf('::endgroup::');
    expect(printed[0]).toBe('::group::linux/x64 · success');
    const body = printed.slice(2, end - 1);
    expect(body).toHaveLength(lineCount);
    expect(body.every((line, index) => line.endsWith(` line ${index} ${'x'.repeat(40)}`))).toBe(
      true,
    );
    expect(printed.slice(end + 1)).toEqual(report.ticks.map((_, tick) => `tick ${tick}`));

    // Far less than the log was ever held in buffers.
    expect(report.buffersPeak - report.buffersBefore).toBeLessThan(logBytes / 8);
  });
});

/** The text without its comment lines: a comment may name what the code must not call. */
const code = (text: string): string =>
  text
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))
    .join('\n');

describe('the one writer, in the source', () => {
  const src = path.resolve(import.meta.dirname, '../../src');
  // The emulator is a tool with its own console output, not part of the action.
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith(`emulator${path.sep}`))
    .map((file) => ({ file, text: code(readFileSync(path.join(src, file), 'utf8')) }));

  it('replaces no stream method: no `write` assigned or defined anywhere in src', () => {
    expect(files.length).toBeGreaterThan(50);
    const replacing = files.filter(({ text }) =>
      /\.write\s*=(?!=)|define(Property|Properties)\([^;]*\bwrite\b/.test(text),
    );
    expect(replacing.map(({ file }) => file)).toEqual([]);
  });

  it('prints only through src/runner/log.ts', () => {
    const printing = files.filter(
      ({ file, text }) =>
        file !== path.join('runner', 'log.ts') &&
        /process\.std(out|err)|\bcore\.(info|debug|notice|warning|error|setFailed|setSecret|startGroup|endGroup|group)\b/.test(
          text,
        ),
    );
    expect(printing.map(({ file }) => file)).toEqual([]);
  });
});
