// Where a build's log lines go as they arrive, so memory does not grow with the log: a file under
// RUNNER_TEMP, printed as one group when the build ends (several builds), or printed after each
// read inside the build's open group (a single build, watched live). Each line once, in order.
// A log that shrinks or changes order (newest first, rotated) is said once; from then on it is
// read whole, and when the build ends its lines are printed in time order, each once: the ones
// taken before and the ones of its last reading that they lack. A file that cannot be written
// (RUNNER_TEMP full) costs the lines not kept, never the build: it is said once, and the log is
// still read for what an annotation quotes.
import { appendFileSync, readSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { EOL } from 'node:os';
import type { LogEntry } from '../service/schemas.ts';
import { commandText, cut } from '../text/escape.ts';
import { ActionError, messageOf } from '../shared/errors.ts';
import { LogIndex } from './log-index.ts';
import { inTimeOrder, LogRecords, missingFrom, recordKey, type LogRecord } from './log-records.ts';
import { lines, type Output, type Print } from '../runner/log.ts';
import { formatLogEntry, MAX_QUOTE_CHARS, QuoteTail } from './log-text.ts';
import type { LogDigest } from './result.ts';

export const NO_LINES = '(the service returned no log lines)';
/** Lines go to the file in batches of up to this many bytes, and are printed in chunks of it. */
const CHUNK_BYTES = 64 * 1024;

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

export interface LogEvents {
  /** Called once when the service's log stops making sense, with what is wrong with it. */
  onDisorder(reason: string): void;
  /**
   * Called once when the log's file cannot be written (a full disk): its lines are not kept from
   * then on. Not called for a log opened without a file: its caller knows why.
   */
  onSpoolFailure(error: unknown): void;
}

export class BuildLog {
  readonly #title: string;
  readonly #output: Output;
  /** undefined: the log has no file (none could be made); its lines are not kept. */
  readonly #file: string | undefined;
  readonly #live: boolean;
  readonly #quote = new QuoteTail();
  readonly #events: LogEvents;
  /** Entries of the service's log already taken: each read's entries from here on are new. */
  #taken = 0;
  /** The entry at `#taken - 1`: the next read must still have it there. */
  #lastEntry: LogEntry | undefined;
  #lastTime = Number.NEGATIVE_INFINITY;
  #lines = 0;
  #latestMessage: string | undefined;
  /** Where the entries taken in order lie in the file; undefined when the log has no file. */
  #index: LogIndex | undefined;
  /** Why the log stopped making sense; from then on it is read whole. */
  #disorder: string | undefined;
  /** Where the entries taken in order end in the file; the latest whole reading follows them. */
  #shownEnd = 0;
  /** The latest whole reading, after the disorder. */
  #final: LogRecords | undefined;
  /** The index the whole reading under way expects next; undefined when none is under way. */
  #finalNext: number | undefined;
  /** Changes whenever a read brings something new (see `progress`). */
  #progress = 0;
  #finalCount: number | undefined;
  /** Lines added and not written yet, as bytes: a line's string is garbage once it is added. */
  readonly #pending = Buffer.allocUnsafe(CHUNK_BYTES);
  #pendingBytes = 0;
  #fileBytes = 0;
  /** Why the file could not be written; from then on no line is kept. */
  #spoolError: unknown;
  /** The bytes of the file a live log has printed. */
  #printedBytes = 0;
  #groupOpen = false;

  private constructor(
    title: string,
    output: Output,
    file: string | undefined,
    live: boolean,
    events: LogEvents,
  ) {
    this.#title = title;
    this.#output = output;
    this.#file = file;
    this.#live = live;
    this.#events = events;
    if (file === undefined) {
      this.#spoolError = new Error('no folder for log files');
      return;
    }
    try {
      writeFileSync(file, '');
      this.#index = new LogIndex(`${file}.index`);
    } catch (error) {
      this.#spoolFailed(error);
    }
  }

  /** Gathers the lines in `file` until `printGroup()`; without a file, keeps none of them. */
  static toFile(
    title: string,
    output: Output,
    file: string | undefined,
    events: LogEvents,
  ): BuildLog {
    return new BuildLog(title, output, file, false, events);
  }

  /** Gathers the lines in `file` and prints them after each read, in a group opened at the first. */
  static live(
    title: string,
    output: Output,
    file: string | undefined,
    events: LogEvents,
  ): BuildLog {
    return new BuildLog(title, output, file, true, events);
  }

  get taken(): number {
    return this.#taken;
  }

  /** Where a read hands entries from: the last one taken, to check it is still there; or 0. */
  get from(): number {
    return this.#disorder === undefined ? Math.max(0, this.#taken - 1) : 0;
  }

  /** The log shrank or changed order: it is read whole from then on, and pointless to read live. */
  get disordered(): boolean {
    return this.#disorder !== undefined;
  }

  /** A number that changes whenever a read brings something new, and only then. */
  get progress(): number {
    return this.#progress;
  }

  /** The newest line, made inert, for a progress line. */
  get latest(): string | undefined {
    return this.#latestMessage === undefined ? undefined : commandText(this.#latestMessage, 80);
  }

  /**
   * Takes the entry at `index` of the service's log, once. The entry at `from` must be the last one
   * taken, and a new entry must not be older than it (the spec lists entries chronologically):
   * otherwise the log is disordered, and from then on each read hands it the whole log.
   */
  add(entry: LogEntry, index: number): void {
    if (this.#disorder !== undefined) return this.#addToFinal(entry, index);
    if (index === this.#taken - 1) {
      if (!sameEntry(entry, this.#lastEntry)) {
        this.#disordered(`changed order: entry ${index + 1} is no longer the one shown there`);
      }
      return;
    }
    if (index !== this.#taken) return;
    const time = Date.parse(entry.timestamp);
    if (time < this.#lastTime) {
      this.#disordered(
        `is not in chronological order: entry ${index + 1} is older than entry ${index}`,
      );
      return;
    }
    if (!Number.isNaN(time)) this.#lastTime = time;
    this.#taken = index + 1;
    this.#progress += 1;
    this.#lastEntry = entry;
    this.#quote.add(entry, time);
    this.#latestMessage = cut(entry.message, MAX_QUOTE_CHARS);
    const record = this.#spool(entry, time);
    this.#lines += record.lines;
    if (this.#spoolError === undefined) this.#indexed(() => this.#index?.add(time, record.end));
  }

  /** After a read: the service's log holds `entries` entries; fewer than taken is a shrink. */
  counted(entries: number): void {
    if (this.#disorder === undefined) {
      if (entries < this.#taken) {
        this.#disordered(
          `shrank: it has ${entries} entries, fewer than the ${this.#taken} already shown`,
        );
      }
      return;
    }
    // A log emptied by a rotation hands over no entry that would start a reading.
    if (entries === 0 && this.#finalNext === undefined) this.#beginFinal();
    if (this.#finalNext === undefined) return;
    this.#finalNext = undefined;
    if (entries !== this.#finalCount) this.#progress += 1;
    this.#finalCount = entries;
  }

  #disordered(reason: string): void {
    this.#disorder = reason;
    this.#shownEnd = this.#fileBytes + this.#pendingBytes;
    this.#progress += 1;
    this.#events.onDisorder(reason);
  }

  /** A whole reading after the disorder: it replaces the one before, from its first entry on. */
  #addToFinal(entry: LogEntry, index: number): void {
    if (index === 0) this.#beginFinal();
    else if (index !== this.#finalNext) return;
    this.#finalNext = index + 1;
    const time = Date.parse(entry.timestamp);
    this.#quote.add(entry, time, true);
    const record = this.#spool(entry, time);
    if (this.#spoolError === undefined) this.#final!.add(record);
  }

  #beginFinal(): void {
    this.#writePending();
    this.#final = new LogRecords();
    this.#finalNext = 0;
    if (this.#spoolError !== undefined || this.#file === undefined) return;
    try {
      truncateSync(this.#file, this.#shownEnd);
      this.#fileBytes = this.#shownEnd;
    } catch (error) {
      this.#spoolFailed(error);
    }
  }

  /**
   * Writes the entry's lines (unless the file failed); where they lie in the file. Only an entry
   * of a disordered log has its key computed: there it tells the readings' entries apart.
   */
  #spool(entry: LogEntry, time: number): LogRecord {
    const start = this.#fileBytes + this.#pendingBytes;
    const lines = formatLogEntry(entry);
    for (const line of lines) this.#addLine(`${line}${EOL}`);
    const key =
      this.#disorder === undefined
        ? 0
        : recordKey(
            time,
            lines.map((line) => `${line}${EOL}`),
          );
    return { time, key, start, end: this.#fileBytes + this.#pendingBytes, lines: lines.length };
  }

  /** Runs a write of the index; a failure is the file's (see `#spoolFailed`). */
  #indexed(write: () => void): void {
    try {
      write();
    } catch (error) {
      this.#spoolFailed(error);
    }
  }

  #addLine(text: string): void {
    if (this.#spoolError !== undefined) return;
    const bytes = Buffer.byteLength(text);
    if (this.#pendingBytes + bytes > this.#pending.length) this.#writePending();
    if (bytes > this.#pending.length) this.#append(text);
    else if (this.#spoolError === undefined) {
      this.#pendingBytes += this.#pending.write(text, this.#pendingBytes);
    }
  }

  /** Writes what was added to the file; a live log then prints what it has not printed yet. */
  async flush(): Promise<void> {
    this.#writePending();
    if (this.#live) await this.#output.printAlone((print) => this.#printNew(print));
  }

  digest(): LogDigest {
    const added = this.#added().reduce((sum, record) => sum + record.lines, 0);
    return { lines: this.#lines + added, quote: this.#quote.lines() };
  }

  /**
   * Prints the whole group with every other write held, so no other build's output lands inside it.
   * A live log prints what it has not printed yet and closes its open group instead.
   */
  async printGroup(titleSuffix: string): Promise<void> {
    this.#writePending();
    const added = inTimeOrder(this.#added());
    const notes = this.#notes();
    await this.#output.printAlone(async (print) => {
      if (this.#live) {
        await this.#printNew(print);
        if (added.length > 0) {
          await this.#printBatch(print, () => printRecords(this.#file!, added, print));
        }
        if (!this.#groupOpen) await this.#printBatch(print, () => print(lines([NO_LINES])));
        await print(lines([...notes, '::endgroup::']));
        this.#groupOpen = false;
        return;
      }
      const title = `::group::${commandText(`${this.#title} · ${titleSuffix}`)}`;
      const printLines = () => {
        if (this.#disorder !== undefined && this.#file !== undefined) {
          const records = inTimeOrder([...this.#shown().records, ...added]);
          if (records.length > 0) return printRecords(this.#file, records, print);
        } else if (this.#fileBytes > 0) {
          return printFile(this.#file!, 0, this.#fileBytes, print);
        }
        return print(lines([NO_LINES]));
      };
      await print.stopped([title], printLines, [...notes, '::endgroup::']);
    });
  }

  /**
   * A live log's open group closed when its build is left unfinished (the step stopped waiting, or
   * lost the build), so that what the step prints next is not inside it. A log printed whole at
   * its build's end has no group open until then: nothing to do.
   */
  async closeUnfinished(): Promise<void> {
    if (!this.#live) return;
    await this.#output.printAlone(async (print) => {
      if (!this.#groupOpen) return;
      await print(lines([...this.#notes(), '::endgroup::']));
      this.#groupOpen = false;
    });
  }

  /** The entries of the latest whole reading that those taken in order lack. */
  #added(): LogRecord[] {
    return this.#final === undefined ? [] : missingFrom(this.#shown(), this.#final);
  }

  /** The entries taken in order, as far as they reached the file, read back from its index. */
  #shown(): LogRecords {
    if (this.#index === undefined || this.#file === undefined) return new LogRecords();
    return this.#index.records(this.#file, Math.min(this.#shownEnd, this.#fileBytes));
  }

  /** The action's own lines under the log: what of it could not be kept, and why. */
  #notes(): string[] {
    const notes: string[] = [];
    if (this.#disorder !== undefined) {
      notes.push(
        commandText(
          `(The service's log ${this.#disorder}; its lines are shown ` +
            (this.#live ? 'as taken, then the rest of its last reading' : 'in time order') +
            ', each once.)',
          500,
        ),
      );
    }
    if (this.#spoolError !== undefined) {
      notes.push(
        commandText(
          '(Lines of this log were lost: its file under RUNNER_TEMP could not be written ' +
            `(${messageOf(this.#spoolError)}); only the lines written before are shown.)`,
          500,
        ),
      );
    }
    return notes;
  }

  #writePending(): void {
    if (this.#spoolError === undefined) this.#indexed(() => this.#index?.write());
    if (this.#pendingBytes === 0) return;
    const pending = this.#pending.subarray(0, this.#pendingBytes);
    this.#pendingBytes = 0;
    this.#append(pending);
  }

  #append(data: string | Buffer): void {
    if (this.#spoolError !== undefined || this.#file === undefined) return;
    try {
      appendFileSync(this.#file, data);
      this.#fileBytes += Buffer.byteLength(data);
    } catch (error) {
      this.#spoolFailed(error);
    }
  }

  /** The file could not be written: what it holds stays, nothing more is kept. Said once. */
  #spoolFailed(error: unknown): void {
    this.#spoolError = error;
    this.#pendingBytes = 0;
    this.#final?.keepWithin(this.#fileBytes);
    this.#events.onSpoolFailure(error);
  }

  async #printNew(print: Print): Promise<void> {
    const shownEnd = this.#disorder === undefined ? this.#fileBytes : this.#shownEnd;
    const [start, end] = [this.#printedBytes, Math.min(this.#fileBytes, shownEnd)];
    if (end <= start) return;
    await this.#printBatch(print, () => printFile(this.#file!, start, end, print));
    this.#printedBytes = end;
  }

  // Commands stop only around the service's lines, so the action's own warnings still work.
  async #printBatch(print: Print, printLines: () => Promise<void>): Promise<void> {
    const groupStart = this.#groupOpen ? [] : [`::group::${commandText(this.#title)}`];
    this.#groupOpen = true;
    await print.stopped(groupStart, printLines, []);
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

/**
 * The records' bytes of the file, in the order given, through one buffer: records next to each
 * other in the file are read as one.
 */
async function printRecords(
  file: string,
  records: readonly LogRecord[],
  print: Print,
): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let filled = 0;
    for (const { start, end } of records) {
      for (let position = start; position < end;) {
        if (filled === chunk.length) {
          await print(chunk.subarray(0, filled));
          filled = 0;
        }
        const length = Math.min(chunk.length - filled, end - position);
        const bytesRead = readSync(handle.fd, chunk, filled, length, position);
        if (bytesRead === 0) throw new LogFileShortError(file, position, end);
        filled += bytesRead;
        position += bytesRead;
      }
    }
    if (filled > 0) await print(chunk.subarray(0, filled));
  } finally {
    await handle.close();
  }
}

/** Whether `entry` is `other`, as the service listed it. */
const sameEntry = (entry: LogEntry, other: LogEntry | undefined): boolean =>
  other !== undefined &&
  entry.timestamp === other.timestamp &&
  entry.level === other.level &&
  entry.message === other.message;
