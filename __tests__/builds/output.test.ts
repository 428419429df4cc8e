import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { StreamOutput } from '../../src/builds/output.ts';
import type { PrinterReport } from './slow-stdout-printer.ts';

const node = path.resolve(import.meta.dirname, '../../node_modules/.bin/node');
const printer = path.join(import.meta.dirname, 'slow-stdout-printer.ts');

/** A stream that takes `chunkBytes` every `pauseMs`, and everything it took. */
function slowStream(chunkBytes: number, pauseMs: number) {
  const stream = new PassThrough({ highWaterMark: chunkBytes });
  const taken: Buffer[] = [];
  const reading = (async () => {
    for await (const chunk of stream) {
      taken.push(chunk as Buffer);
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

describe('StreamOutput', () => {
  it('holds every other write while a group prints, then prints them in order', async () => {
    const { stream, text } = slowStream(16, 1);
    const output = new StreamOutput(stream);
    stream.write('before\n');
    const group = output.printAlone(async (print) => {
      for (let line = 0; line < 20; line += 1) await print(`group ${line}\n`);
    });
    const others = (async () => {
      for (let line = 0; line < 5; line += 1) {
        stream.write(`other ${line}\n`);
        await sleep(2);
      }
    })();
    await Promise.all([group, others]);
    stream.write('after\n');
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
    const output = new StreamOutput(stream);
    const group = (name: string) =>
      output.printAlone(async (print) => {
        for (let line = 0; line < 10; line += 1) await print(`${name} ${line}\n`);
      });
    await Promise.all([group('a'), group('b')]);
    expect((await text()).trim().split('\n')).toEqual([
      ...Array.from({ length: 10 }, (_, line) => `a ${line}`),
      ...Array.from({ length: 10 }, (_, line) => `b ${line}`),
    ]);
  });

  it('gives the stream its own write back when a group fails, held lines printed', async () => {
    const { stream, text } = slowStream(64, 1);
    const output = new StreamOutput(stream);
    await expect(
      output.printAlone(async (print) => {
        await print('half a group\n');
        stream.write('held\n');
        throw new Error('the log file is gone');
      }),
    ).rejects.toThrow('the log file is gone');
    expect(Object.hasOwn(stream, 'write')).toBe(false);
    await output.printAlone((print) => print('next group\n'));
    expect(await text()).toBe('half a group\nheld\nnext group\n');
  });
});

describe('the step output into a pipe the runner reads slowly', () => {
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
