// Where a build's log lines go as they arrive: each entry taken once, in order (log-order.ts), its
// lines kept on disk (log-spool.ts), printed whole as one group when the build ends or live inside
// its open group (log-printer.ts). A log that shrinks or changes order is said once; when the build
// ends its lines are printed in time order, each once: the ones taken before and the ones of its
// last reading that they lack. A file that cannot be written costs the lines not kept, never the
// build: it is said once, and the log is still read for what an annotation quotes.
import { EOL } from 'node:os';
import type { LogEntry } from '../service/schemas.ts';
import { commandText, cut } from '../text/escape.ts';
import type { Output } from '../runner/log.ts';
import { LogOrder } from './log-order.ts';
import { LiveGroup, logNotes, printWholeGroup, type LogState, type Pieces } from './log-printer.ts';
import { inTimeOrder, LogRecords, missingFrom, recordKey, type LogRecord } from './log-records.ts';
import { LogSpool } from './log-spool.ts';
import { formatLogEntry, MAX_QUOTE_CHARS, QuoteTail } from './log-text.ts';
import type { LogDigest } from './result.ts';

export { NO_LINES } from './log-printer.ts';
export { LogFileShortError } from './log-spool.ts';

export interface LogEvents {
  /** Called once when the service's log stops making sense, with what is wrong with it. */
  onDisorder(reason: string): void;
  /**
   * Called once when the log's file cannot be written (a full disk): its lines are not kept from
   * then on. Not called for a log opened without a file: its caller knows why.
   */
  onSpoolFailure(error: unknown): void;
}

/** A disordered log: where the entries taken in order end in the file, and its latest reading. */
interface Rereading {
  readonly shownEnd: number;
  reading: LogRecords;
}

export class BuildLog {
  readonly #title: string;
  readonly #output: Output;
  /** undefined: printed whole when the build ends. */
  readonly #live: LiveGroup | undefined;
  readonly #events: LogEvents;
  readonly #order = new LogOrder();
  readonly #quote = new QuoteTail();
  readonly #spool: LogSpool;
  /** Printed lines of the entries taken in order, kept or not. */
  #lines = 0;
  #latestMessage: string | undefined;
  #rereading: Rereading | undefined;

  private constructor(
    title: string,
    output: Output,
    file: string | undefined,
    live: boolean,
    events: LogEvents,
  ) {
    this.#title = title;
    this.#output = output;
    this.#events = events;
    this.#spool = new LogSpool(file, (error) => {
      // What of the latest reading was still pending is not in the file.
      this.#rereading?.reading.keepWithin(this.#spool.written);
      events.onSpoolFailure(error);
    });
    this.#live = live
      ? new LiveGroup(title, output, (start, end) => this.#spool.bytes(start, end))
      : undefined;
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
    return this.#order.taken;
  }

  /** Where a read hands entries from: the last one taken, to check it is still there; or 0. */
  get from(): number {
    return this.#order.from;
  }

  /** The log shrank or changed order: it is read whole from then on, and pointless to read live. */
  get disordered(): boolean {
    return this.#order.disorder !== undefined;
  }

  /** A number that changes whenever a read brings something new, and only then. */
  get progress(): number {
    return this.#order.progress;
  }

  /** The newest line, made inert, for a progress line. */
  get latest(): string | undefined {
    return this.#latestMessage === undefined ? undefined : commandText(this.#latestMessage, 80);
  }

  /** Takes the entry at `index` of the service's log, once (see LogOrder.place). */
  add(entry: LogEntry, index: number): void {
    const placed = this.#order.place(entry, index);
    if (placed.kind === 'disorder') return this.#disordered(placed.reason);
    if (placed.kind === 'skip') return;
    const { time } = placed;
    const texts = formatLogEntry(entry).map((line) => `${line}${EOL}`);
    if (placed.kind === 'take') {
      this.#quote.add(entry, time);
      this.#latestMessage = cut(entry.message, MAX_QUOTE_CHARS);
      this.#lines += texts.length;
      this.#spool.indexed(time, this.#spool.add(texts).end);
      return;
    }
    if (placed.begins) this.#beginReading();
    this.#quote.add(entry, time, true);
    const { start, end } = this.#spool.add(texts);
    // Only an entry of a disordered log has its key computed: it tells the readings' entries apart.
    if (this.#spool.failure === undefined) {
      const key = recordKey(time, texts);
      this.#rereading!.reading.add({ time, key, start, end, lines: texts.length });
    }
  }

  /** After a read: the service's log holds `entries` entries; fewer than taken is a shrink. */
  counted(entries: number): void {
    const counted = this.#order.counted(entries);
    if (counted.kind === 'disorder') this.#disordered(counted.reason);
    else if (counted.kind === 'begin') this.#beginReading();
  }

  /** Writes what was added to the file; a live log then prints what it has not printed yet. */
  async flush(): Promise<void> {
    this.#spool.write();
    await this.#live?.printNew(this.#inOrderEnd());
  }

  async digest(): Promise<LogDigest> {
    const added = await this.#added();
    const lines = added.reduce((sum, record) => sum + record.lines, this.#lines);
    return { lines, quote: this.#quote.lines() };
  }

  /**
   * Prints the whole group with every other write held, so no other build's output lands inside it.
   * A live log prints what it has not printed yet and closes its open group instead.
   */
  async printGroup(titleSuffix: string): Promise<void> {
    this.#spool.write();
    // Printed whole, a disordered log's entries taken in order are printed again, in time order.
    const shown = this.#live === undefined ? await this.#shown() : undefined;
    const added = inTimeOrder(await this.#added(shown));
    const notes = logNotes(this.#state(), this.#live !== undefined);
    if (this.#live !== undefined) {
      const rest = added.length > 0 ? this.#spool.records(added) : undefined;
      return this.#live.end(this.#inOrderEnd(), rest, notes);
    }
    let body: Pieces | undefined;
    if (this.#rereading !== undefined) {
      const records = inTimeOrder([...shown!.records, ...added]);
      if (records.length > 0) body = this.#spool.records(records);
    } else if (this.#spool.written > 0) {
      body = this.#spool.bytes(0, this.#spool.written);
    }
    await printWholeGroup(this.#output, `${this.#title} · ${titleSuffix}`, body, notes);
  }

  /**
   * A live log's open group closed when its build is left unfinished (the step stopped waiting, or
   * lost the build), so that what the step prints next is not inside it. A log printed whole at
   * its build's end has no group open until then: nothing to do.
   */
  async closeUnfinished(): Promise<void> {
    await this.#live?.closeUnfinished(logNotes(this.#state(), true));
  }

  #state(): LogState {
    return { disorder: this.#order.disorder, lost: this.#spool.failure };
  }

  #disordered(reason: string): void {
    this.#rereading = { shownEnd: this.#spool.end, reading: new LogRecords() };
    this.#events.onDisorder(reason);
  }

  /** A whole reading begins: it replaces the one before in the file, after the entries shown. */
  #beginReading(): void {
    this.#rereading!.reading = new LogRecords();
    this.#spool.truncate(this.#rereading!.shownEnd);
  }

  /** Where the lines taken in order end in the file, as far as they reached it. */
  #inOrderEnd(): number {
    const written = this.#spool.written;
    return this.#rereading === undefined ? written : Math.min(written, this.#rereading.shownEnd);
  }

  /** The entries taken in order of a disordered log, read back from the file's index. */
  async #shown(): Promise<LogRecords> {
    if (this.#rereading === undefined) return new LogRecords();
    return this.#spool.indexedRecords(this.#rereading.shownEnd);
  }

  /** The entries of the latest whole reading that those taken in order (`shown`) lack. */
  async #added(shown?: LogRecords): Promise<LogRecord[]> {
    const reading = this.#rereading?.reading;
    if (reading === undefined || reading.length === 0) return [];
    return missingFrom(shown ?? (await this.#shown()), reading);
  }
}
