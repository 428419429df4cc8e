// Where a build's log lines go as they arrive, so memory does not grow with the log: a file under
// RUNNER_TEMP, printed as one group when the build ends (several builds), or straight to the
// output inside the build's open group (a single build, watched live). Each line once, in order.
import { appendFileSync, closeSync, openSync, readSync } from 'node:fs';
import { EOL } from 'node:os';
import type { LogEntry } from '../api/schemas.ts';
import { formatLogEntry, inert, newStopToken, QuoteTail, stopCommands } from './log-text.ts';
import { lines, type Output } from './output.ts';
import type { LogDigest } from './result.ts';

export const NO_LINES = '(the service returned no log lines)';
const PRINT_CHUNK_BYTES = 64 * 1024;
/** Lines are written in batches of up to this many bytes. */
const BATCH_BYTES = 64 * 1024;

export class BuildLog {
  readonly #title: string;
  readonly #output: Output;
  /** null: live, lines go straight to the output. */
  readonly #file: string | null;
  readonly #quote = new QuoteTail();
  /** Entries of the service's log already taken: each read's entries from here on are new. */
  #taken = 0;
  #lines = 0;
  #latestMessage: string | undefined;
  /** Lines added and not written yet, as bytes: a line's string is garbage as soon as it is added. */
  #pending = Buffer.allocUnsafe(BATCH_BYTES);
  #pendingBytes = 0;
  #groupOpen = false;

  private constructor(title: string, output: Output, file: string | null) {
    this.#title = title;
    this.#output = output;
    this.#file = file;
  }

  /** Gathers the lines in `file` until `printGroup()`. */
  static toFile(title: string, output: Output, file: string): BuildLog {
    appendFileSync(file, '');
    return new BuildLog(title, output, file);
  }

  /** Prints the lines as they come, inside a group opened at the first of them. */
  static live(title: string, output: Output): BuildLog {
    return new BuildLog(title, output, null);
  }

  get taken(): number {
    return this.#taken;
  }

  /** The newest line, made inert, for a progress line. */
  get latest(): string | undefined {
    return this.#latestMessage === undefined ? undefined : inert(this.#latestMessage);
  }

  /** Takes the entry at `index` of the service's log, once: a repeated or skipped index is ignored. */
  add(entry: LogEntry, index: number): void {
    if (index !== this.#taken) return;
    this.#taken = index + 1;
    this.#quote.add(entry);
    this.#latestMessage = entry.message;
    for (const line of formatLogEntry(entry)) {
      this.#addLine(`${line}${EOL}`);
      this.#lines += 1;
    }
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
    this.#output.write(lines([`::group::${this.#title} · ${titleSuffix}`, stop]));
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
    const open = this.#groupOpen ? [] : [`::group::${this.#title}`];
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
