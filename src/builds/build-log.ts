// Where a build's log lines go as they arrive, so memory does not grow with the log: a file under
// RUNNER_TEMP, printed as one group when the build ends (several builds), or printed after each
// read inside the build's open group (a single build, watched live). Each line once, in order:
// a log that shrinks or changes order is said once, and nothing more of it is taken.
import { hash } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { EOL } from 'node:os';
import type { LogEntry } from '../api/schemas.ts';
import { commandText, cut } from '../escape.ts';
import { ActionError } from '../errors.ts';
import { formatLogEntry, MAX_QUOTE_CHARS, QuoteTail, stopCommands } from './log-text.ts';
import { lines, type Output, type Print } from './output.ts';
import type { LogDigest } from './result.ts';

export const NO_LINES = '(the service returned no log lines)';
/** Lines go to the file in batches of up to this many bytes, and are printed in chunks of it. */
const CHUNK_BYTES = 64 * 1024;
/** Messages longer than this are remembered by their hash, not kept. */
const KEPT_MESSAGE_CHARS = 1024;

/** What identifies an entry, without holding a message that may be megabytes long. */
const fingerprintOf = (entry: LogEntry): string =>
  JSON.stringify([
    entry.timestamp,
    entry.level,
    entry.message.length,
    entry.message.length <= KEPT_MESSAGE_CHARS
      ? entry.message
      : hash('sha256', entry.message, 'base64'),
  ]);

/** The log's file under RUNNER_TEMP holds less than was written to it: something changed it. */
export class LogFileShortError extends ActionError {
  readonly file: string;
  readonly bytes: number;
  readonly written: number;
  constructor(file: string, bytes: number, written: number) {
    super(
      `The log file ${file} ends after ${bytes} of the ${written} bytes written to it; ` +
        'nothing but the action may change files it keeps under RUNNER_TEMP',
    );
    this.file = file;
    this.bytes = bytes;
    this.written = written;
  }
}

/** Called once when the service's log stops making sense, with what is wrong with it. */
export type OnDisorder = (reason: string) => void;

export class BuildLog {
  readonly #title: string;
  readonly #output: Output;
  readonly #file: string;
  readonly #live: boolean;
  readonly #quote = new QuoteTail();
  readonly #onDisorder: OnDisorder;
  /** Entries of the service's log already taken: each read's entries from here on are new. */
  #taken = 0;
  /** The entry at `#taken - 1`: the next read must still have it there. */
  #last: string | undefined;
  #lastTime = Number.NEGATIVE_INFINITY;
  #stopped = false;
  #lines = 0;
  #latestMessage: string | undefined;
  /** Lines added and not written yet, as bytes: a line's string is garbage once it is added. */
  readonly #pending = Buffer.allocUnsafe(CHUNK_BYTES);
  #pendingBytes = 0;
  #fileBytes = 0;
  /** The bytes of the file a live log has printed. */
  #printedBytes = 0;
  #groupOpen = false;

  private constructor(
    title: string,
    output: Output,
    file: string,
    live: boolean,
    onDisorder: OnDisorder,
  ) {
    writeFileSync(file, '');
    this.#title = title;
    this.#output = output;
    this.#file = file;
    this.#live = live;
    this.#onDisorder = onDisorder;
  }

  /** Gathers the lines in `file` until `printGroup()`. */
  static toFile(title: string, output: Output, file: string, onDisorder: OnDisorder): BuildLog {
    return new BuildLog(title, output, file, false, onDisorder);
  }

  /** Gathers the lines in `file` and prints them after each read, in a group opened at the first. */
  static live(title: string, output: Output, file: string, onDisorder: OnDisorder): BuildLog {
    return new BuildLog(title, output, file, true, onDisorder);
  }

  get taken(): number {
    return this.#taken;
  }

  /** Where a read hands entries from: the last one taken, to check it is still there. */
  get from(): number {
    return Math.max(0, this.#taken - 1);
  }

  /** The log shrank or changed order: nothing more is taken from it. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** The newest line, made inert, for a progress line. */
  get latest(): string | undefined {
    return this.#latestMessage === undefined ? undefined : commandText(this.#latestMessage, 80);
  }

  /**
   * Takes the entry at `index` of the service's log, once. The entry at `from` must be the last one
   * taken, and a new entry must not be older than it (the spec lists entries chronologically):
   * otherwise the log was reordered, and nothing more is taken. Other indexes are ignored.
   */
  add(entry: LogEntry, index: number): void {
    if (this.#stopped) return;
    if (index === this.#taken - 1) {
      if (fingerprintOf(entry) !== this.#last) {
        this.#stop(`changed order: entry ${index + 1} is no longer the one shown there`);
      }
      return;
    }
    if (index !== this.#taken) return;
    const time = Date.parse(entry.timestamp);
    if (time < this.#lastTime) {
      this.#stop(`is not in chronological order: entry ${index + 1} is older than entry ${index}`);
      return;
    }
    if (!Number.isNaN(time)) this.#lastTime = time;
    this.#taken = index + 1;
    this.#last = fingerprintOf(entry);
    this.#quote.add(entry);
    this.#latestMessage = cut(entry.message, MAX_QUOTE_CHARS);
    for (const line of formatLogEntry(entry)) {
      this.#addLine(`${line}${EOL}`);
      this.#lines += 1;
    }
  }

  /** After a read: the service's log holds `entries` entries; fewer than taken is a shrink. */
  counted(entries: number): void {
    if (!this.#stopped && entries < this.#taken) {
      this.#stop(`shrank: it has ${entries} entries, fewer than the ${this.#taken} already shown`);
    }
  }

  #stop(reason: string): void {
    this.#stopped = true;
    this.#onDisorder(reason);
  }

  #addLine(text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.#pendingBytes + bytes > this.#pending.length) this.#writePending();
    if (bytes > this.#pending.length) this.#append(text);
    else this.#pendingBytes += this.#pending.write(text, this.#pendingBytes);
  }

  /** Writes what was added to the file; a live log then prints what it has not printed yet. */
  async flush(): Promise<void> {
    this.#writePending();
    if (this.#live) await this.#output.printAlone((print) => this.#printNew(print));
  }

  digest(): LogDigest {
    return { lines: this.#lines, quote: this.#quote.lines() };
  }

  /**
   * Prints the whole group with every other write held, so no other build's output lands inside it.
   * A live log prints what it has not printed yet and closes its open group instead.
   */
  async printGroup(titleSuffix: string): Promise<void> {
    this.#writePending();
    await this.#output.printAlone(async (print) => {
      if (this.#live) {
        await this.#printNew(print);
        if (!this.#groupOpen) await this.#printBatch(print, () => print(lines([NO_LINES])));
        await print(lines(['::endgroup::']));
        this.#groupOpen = false;
        return;
      }
      const title = `::group::${commandText(`${this.#title} · ${titleSuffix}`)}`;
      const printLines = () =>
        this.#fileBytes === 0
          ? print(lines([NO_LINES]))
          : printFile(this.#file, 0, this.#fileBytes, print);
      await printStopped(print, [title], printLines, ['::endgroup::']);
    });
  }

  #writePending(): void {
    if (this.#pendingBytes === 0) return;
    this.#append(this.#pending.subarray(0, this.#pendingBytes));
    this.#pendingBytes = 0;
  }

  #append(data: string | Buffer): void {
    appendFileSync(this.#file, data);
    this.#fileBytes += Buffer.byteLength(data);
  }

  async #printNew(print: Print): Promise<void> {
    const [start, end] = [this.#printedBytes, this.#fileBytes];
    if (end === start) return;
    await this.#printBatch(print, () => printFile(this.#file, start, end, print));
    this.#printedBytes = end;
  }

  // Commands stop only around the service's lines, so the action's own warnings still work.
  async #printBatch(print: Print, printLines: () => Promise<void>): Promise<void> {
    const groupStart = this.#groupOpen ? [] : [`::group::${commandText(this.#title)}`];
    this.#groupOpen = true;
    await printStopped(print, groupStart, printLines, []);
  }
}

/**
 * `before`, then what `printLines` prints with workflow commands stopped, then `after`: the runner
 * runs none of the service's lines. A failure still resumes commands, on a line of its own.
 */
async function printStopped(
  print: Print,
  before: readonly string[],
  printLines: () => Promise<void>,
  after: readonly string[],
): Promise<void> {
  const [stop, resume] = stopCommands();
  await print(lines([...before, stop]));
  let printed = false;
  try {
    await printLines();
    printed = true;
  } finally {
    await print(lines([...(printed ? [] : ['']), resume, ...after]));
  }
}

/** Bytes `start` to `end` of the file, through one buffer: no more of it is held than a chunk. */
async function printFile(file: string, start: number, end: number, print: Print): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, end - start));
    for (let position = start; position < end;) {
      const length = Math.min(chunk.length, end - position);
      const { bytesRead } = await handle.read(chunk, 0, length, position);
      if (bytesRead === 0) throw new LogFileShortError(file, position, end);
      await print(chunk.subarray(0, bytesRead));
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}
