// Where a build's log lines go as they arrive, so memory does not grow with the log: a file under
// RUNNER_TEMP, printed as one group when the build ends (several builds), or straight to the
// output inside the build's open group (a single build, watched live). Each line once, in order:
// a log that shrinks or changes order is said once, and nothing more of it is taken.
import { hash } from 'node:crypto';
import { appendFileSync, closeSync, openSync, readSync } from 'node:fs';
import { EOL } from 'node:os';
import type { LogEntry } from '../api/schemas.ts';
import { commandText, cut } from '../escape.ts';
import {
  formatLogEntry,
  MAX_QUOTE_CHARS,
  newStopToken,
  QuoteTail,
  stopCommands,
} from './log-text.ts';
import { lines, type Output } from './output.ts';
import type { LogDigest } from './result.ts';

export const NO_LINES = '(the service returned no log lines)';
const PRINT_CHUNK_BYTES = 64 * 1024;
/** Lines are written in batches of up to this many bytes. */
const BATCH_BYTES = 64 * 1024;
/** Messages longer than this are remembered by their hash, not kept. */
const KEPT_MESSAGE_CHARS = 1024;

/** What identifies the last entry taken, without holding a message that may be megabytes long. */
interface Fingerprint {
  readonly timestamp: string;
  readonly level: string;
  readonly length: number;
  readonly message: string;
}

const fingerprintOf = (entry: LogEntry): Fingerprint => ({
  timestamp: entry.timestamp,
  level: entry.level,
  length: entry.message.length,
  message:
    entry.message.length <= KEPT_MESSAGE_CHARS
      ? entry.message
      : hash('sha256', entry.message, 'base64'),
});

const sameFingerprint = (a: Fingerprint, b: Fingerprint): boolean =>
  a.timestamp === b.timestamp &&
  a.level === b.level &&
  a.length === b.length &&
  a.message === b.message;

/** Called once when the service's log stops making sense, with what is wrong with it. */
export type OnDisorder = (reason: string) => void;

export class BuildLog {
  readonly #title: string;
  readonly #output: Output;
  /** null: live, lines go straight to the output. */
  readonly #file: string | null;
  readonly #quote = new QuoteTail();
  readonly #onDisorder: OnDisorder;
  /** Entries of the service's log already taken: each read's entries from here on are new. */
  #taken = 0;
  /** The entry at `#taken - 1`: the next read must still have it there. */
  #last: Fingerprint | undefined;
  #lastTime = Number.NEGATIVE_INFINITY;
  /** Why nothing more is taken from this log. */
  #disorder: string | undefined;
  #lines = 0;
  #latestMessage: string | undefined;
  /** Lines added and not written yet, as bytes: a line's string is garbage as soon as it is added. */
  #pending = Buffer.allocUnsafe(BATCH_BYTES);
  #pendingBytes = 0;
  #groupOpen = false;

  private constructor(title: string, output: Output, file: string | null, onDisorder: OnDisorder) {
    this.#title = title;
    this.#output = output;
    this.#file = file;
    this.#onDisorder = onDisorder;
  }

  /** Gathers the lines in `file` until `printGroup()`. */
  static toFile(title: string, output: Output, file: string, onDisorder: OnDisorder): BuildLog {
    appendFileSync(file, '');
    return new BuildLog(title, output, file, onDisorder);
  }

  /** Prints the lines as they come, inside a group opened at the first of them. */
  static live(title: string, output: Output, onDisorder: OnDisorder): BuildLog {
    return new BuildLog(title, output, null, onDisorder);
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
    return this.#disorder !== undefined;
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
    if (this.#disorder !== undefined) return;
    if (index === this.#taken - 1) {
      if (!sameFingerprint(fingerprintOf(entry), this.#last!)) {
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
    if (this.#disorder === undefined && entries < this.#taken) {
      this.#stop(`shrank: it has ${entries} entries, fewer than the ${this.#taken} already shown`);
    }
  }

  #stop(reason: string): void {
    this.#disorder = reason;
    this.#onDisorder(reason);
  }

  #addLine(text: string): void {
    const bytes = Buffer.byteLength(text);
    if (this.#pendingBytes + bytes > this.#pending.length) {
      if (this.#file !== null || this.#output.idle()) this.#writePending();
      // A live log waiting for a busy output, or one line longer than a batch: make room.
      if (this.#pendingBytes + bytes > this.#pending.length) {
        const larger = Buffer.allocUnsafe(
          Math.max(2 * this.#pending.length, this.#pendingBytes + bytes),
        );
        this.#pending.copy(larger, 0, 0, this.#pendingBytes);
        this.#pending = larger;
      }
    }
    this.#pendingBytes += this.#pending.write(text, this.#pendingBytes);
  }

  /** Writes (or prints, when live) what was added and not written yet. */
  async flush(): Promise<void> {
    if (this.#file === null) await this.#output.settled();
    this.#writePending();
  }

  digest(): LogDigest {
    return { lines: this.#lines, quote: this.#quote.lines() };
  }

  /**
   * Prints the whole group in one synchronous run, so no other build's output can land inside it.
   * A live log closes its open group instead.
   */
  async printGroup(titleSuffix: string): Promise<void> {
    await this.flush();
    await this.#output.settled();
    if (this.#file === null) {
      if (!this.#groupOpen) this.#printLive(lines([NO_LINES]));
      this.#output.write(lines(['::endgroup::']));
      this.#groupOpen = false;
      return;
    }
    const [stop, resume] = stopCommands(newStopToken());
    this.#output.write(lines([`::group::${commandText(`${this.#title} · ${titleSuffix}`)}`, stop]));
    if (this.#lines === 0) this.#output.write(lines([NO_LINES]));
    else copyFile(this.#file, this.#output);
    this.#output.write(lines([resume, '::endgroup::']));
  }

  #writePending(): void {
    if (this.#pendingBytes === 0) return;
    const batch = this.#pending.subarray(0, this.#pendingBytes);
    this.#pendingBytes = 0;
    if (this.#file !== null) appendFileSync(this.#file, batch);
    else this.#printLive(batch);
  }

  // Commands stop only around the service's lines, so the action's own warnings still work.
  #printLive(batch: Buffer | string): void {
    const [stop, resume] = stopCommands(newStopToken());
    const open = this.#groupOpen ? [] : [`::group::${commandText(this.#title)}`];
    this.#groupOpen = true;
    this.#output.write(lines([...open, stop]));
    this.#output.write(batch);
    this.#output.write(lines([resume]));
  }
}

/** The file's bytes to the output in chunks, with no line held in memory. */
function copyFile(file: string, output: Output): void {
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(PRINT_CHUNK_BYTES);
    for (;;) {
      const read = readSync(fd, chunk);
      if (read === 0) break;
      output.write(chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}
