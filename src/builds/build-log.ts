// Where a build's log lines go as they arrive, so memory does not grow with the log: a file under
// RUNNER_TEMP, printed as one group when the build ends (several builds), or straight to the
// output inside the build's open group (a single build, watched live). Each line once, in order.
import { appendFileSync, closeSync, openSync, readSync } from 'node:fs';
import { EOL } from 'node:os';
import type { LogEntry } from '../api/schemas.ts';
import { formatLogEntry, inert, newStopToken, QuoteTail, stopCommands } from './log-text.ts';
import type { LogDigest } from './result.ts';

/** Prints lines as the runner reads them; @actions/core's `info` in production. */
export type Print = (text: string) => void;

export const NO_LINES = '(the service returned no log lines)';
const PRINT_CHUNK_BYTES = 64 * 1024;

export class BuildLog {
  readonly #title: string;
  readonly #print: Print;
  /** null: live, lines go straight to the output. */
  readonly #file: string | null;
  readonly #quote = new QuoteTail();
  /** Entries of the service's log already taken: each read's entries from here on are new. */
  #taken = 0;
  #lines = 0;
  #latest: string | undefined;
  #groupOpen = false;

  private constructor(title: string, print: Print, file: string | null) {
    this.#title = title;
    this.#print = print;
    this.#file = file;
  }

  /** Gathers the lines in `file` until `printGroup()`. */
  static toFile(title: string, print: Print, file: string): BuildLog {
    appendFileSync(file, '');
    return new BuildLog(title, print, file);
  }

  /** Prints the lines as they come, inside a group opened at the first of them. */
  static live(title: string, print: Print): BuildLog {
    return new BuildLog(title, print, null);
  }

  get taken(): number {
    return this.#taken;
  }

  /** The newest line, made inert, for a progress line. */
  get latest(): string | undefined {
    return this.#latest;
  }

  /** Takes what a read of the whole log brought that earlier reads did not. */
  take(entries: readonly LogEntry[]): void {
    if (entries.length <= this.#taken) return;
    const lines: string[] = [];
    for (let index = this.#taken; index < entries.length; index++) {
      const entry = entries[index]!;
      this.#quote.add(entry);
      lines.push(...formatLogEntry(entry));
    }
    this.#taken = entries.length;
    this.#lines += lines.length;
    this.#latest = inert(entries[entries.length - 1]!.message);
    if (this.#file !== null) appendFileSync(this.#file, `${lines.join(EOL)}${EOL}`);
    else this.#printLive(lines);
  }

  digest(): LogDigest {
    return { lines: this.#lines, quote: this.#quote.lines() };
  }

  /**
   * Prints the whole group in one synchronous run, so no other build's output can land inside it.
   * A live log closes its open group instead.
   */
  printGroup(titleSuffix: string): void {
    if (this.#file === null) {
      if (!this.#groupOpen) this.#printLive([NO_LINES]);
      this.#print('::endgroup::');
      this.#groupOpen = false;
      return;
    }
    const [stop, resume] = stopCommands(newStopToken());
    this.#print(`::group::${this.#title} · ${titleSuffix}`);
    this.#print(stop);
    if (this.#lines === 0) this.#print(NO_LINES);
    else copyFile(this.#file);
    this.#print(resume);
    this.#print('::endgroup::');
  }

  // Commands stop only around the service's lines, so the action's own warnings still work.
  #printLive(lines: string[]): void {
    if (!this.#groupOpen) this.#print(`::group::${this.#title}`);
    this.#groupOpen = true;
    const [stop, resume] = stopCommands(newStopToken());
    this.#print(stop);
    for (const line of lines) this.#print(line);
    this.#print(resume);
  }
}

/** The file's bytes to stdout in chunks, with no line held in memory. */
function copyFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    for (;;) {
      // A fresh buffer each time: a pipe may still hold the previous one (asynchronous stdout).
      const chunk = Buffer.allocUnsafe(PRINT_CHUNK_BYTES);
      const read = readSync(fd, chunk);
      if (read === 0) break;
      process.stdout.write(chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}
