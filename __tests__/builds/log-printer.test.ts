import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StepLog } from '../../src/runner/log.ts';
import {
  LiveGroup,
  logNotes,
  NO_LINES,
  printWholeGroup,
  type Pieces,
} from '../../src/builds/log-printer.ts';
import { executedCommands } from './support.ts';

/** A step log whose output the test reads, as the runner would. */
function output() {
  const chunks: string[] = [];
  const log = new StepLog(
    new Writable({
      write: (chunk: Buffer, _encoding, written) => {
        chunks.push(chunk.toString());
        written();
      },
    }),
  );
  const raw = () =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line !== '');
  // The stop token is fresh each time: shown as <token>.
  const printed = () =>
    raw().map((line) => line.replace(/^::(stop-commands::)?[0-9a-f]{32}(::)?$/, '::$1<token>$2'));
  return { log, raw, printed };
}

/** A log's bytes as the spool hands them over, from `text`. */
const bytesOf = (text: string) =>
  async function* (start: number, end: number): AsyncGenerator<Uint8Array> {
    yield Buffer.from(text).subarray(start, end);
  };
const pieces = (...texts: string[]): Pieces =>
  (async function* () {
    for (const text of texts) yield Buffer.from(text);
  })();

describe('logNotes', () => {
  it('says how a disordered log is shown, live or whole, and what was lost, inertly', () => {
    const lost = Object.assign(new Error('no space left'), { code: 'ENOSPC' });
    expect(logNotes({ disorder: 'shrank\n::error::x', lost: undefined }, true)).toEqual([
      "(The service's log shrank ::error::x; its lines are shown as taken, then the rest of its last reading, each once.)",
    ]);
    const whole = logNotes({ disorder: 'changed order', lost }, false);
    expect(whole).toHaveLength(2);
    expect(whole[0]).toMatch(/shown in time order, each once/);
    expect(whole[1]).toMatch(
      /^\(Lines of this log were lost: .*no space left.*only the lines written before/,
    );
    expect(logNotes({ disorder: undefined, lost: undefined }, true)).toEqual([]);
  });
});

describe('printWholeGroup', () => {
  it('prints the lines in one group, commands stopped, the notes after them', async () => {
    const { log, printed } = output();
    await printWholeGroup(log, 'mac/x64 · failed', pieces('a\n::error::b\n'), ['(a note)']);
    expect(printed()).toEqual([
      '::group::mac/x64 · failed',
      '::stop-commands::<token>',
      'a',
      '::error::b',
      '::<token>::',
      '(a note)',
      '::endgroup::',
    ]);
  });

  it('says so when there is no line', async () => {
    const { log, printed } = output();
    await printWholeGroup(log, 'mac/x64 · success', undefined, []);
    expect(printed()).toContain(NO_LINES);
  });
});

describe('LiveGroup', () => {
  it('opens its group at the first lines, prints each byte once, and closes it at the end', async () => {
    const { log, raw, printed } = output();
    const text = 'one\ntwo\nthree\n';
    const group = new LiveGroup('linux/x64 · build_1', log, bytesOf(text));
    await group.printNew(0);
    expect(printed()).toEqual([]);
    await group.printNew(4);
    log.info('the action says something');
    await group.printNew(4);
    await group.end(text.length, pieces('added\n'), ['(a note)']);
    const lines = printed();
    expect(lines.filter((line) => !line.startsWith('::'))).toEqual([
      'one',
      'the action says something',
      'two',
      'three',
      'added',
      '(a note)',
    ]);
    expect(executedCommands(raw())).toEqual(['::group::linux/x64 · build_1', '::endgroup::']);
  });

  it('says so at the end when it printed no line', async () => {
    const { log, raw, printed } = output();
    await new LiveGroup('linux/x64 · build_1', log, bytesOf('')).end(0, undefined, []);
    expect(executedCommands(raw())).toEqual(['::group::linux/x64 · build_1', '::endgroup::']);
    expect(printed()).toContain(NO_LINES);
  });

  it('closes an open group under its notes when the build is left unfinished, and only then', async () => {
    const closed = output();
    const group = new LiveGroup('linux/x64 · build_1', closed.log, bytesOf('one\n'));
    await group.printNew(4);
    await group.closeUnfinished(['(a note)']);
    await group.closeUnfinished(['(a note)']);
    expect(closed.printed().slice(-2)).toEqual(['(a note)', '::endgroup::']);
    expect(closed.printed().filter((line) => line === '::endgroup::')).toHaveLength(1);

    const never = output();
    await new LiveGroup('linux/x64 · build_2', never.log, bytesOf('')).closeUnfinished(['(x)']);
    expect(never.printed()).toEqual([]);
  });
});
