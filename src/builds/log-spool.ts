// The copy of a build's log on disk, so memory does not grow with the log: its printed lines in a
// file under RUNNER_TEMP, and beside it where each entry taken in order ends (log-index.ts).
// Written synchronously, in batches of up to 64 KiB: the service's parser hands the entries over one
// by one without waiting (service/log-stream.ts), so a write that waited would have to hold the
// rest of the answer meanwhile. Read back asynchronously, through one buffer. A file that cannot be
// written (RUNNER_TEMP full) is said once; what it holds stays, and no line is kept from then on.
import { appendFileSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { ActionError } from '../shared/errors.ts';
import { LogIndex } from './log-index.ts';
import { LogRecords } from './log-records.ts';

/** Lines go to the file in batches of up to this many bytes, and are read back in chunks of it. */
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

/** Where an entry's lines lie in the file: bytes `start` to `end`. */
export interface Spooled {
  readonly start: number;
  readonly end: number;
}

export class LogSpool {
  /** undefined: the log has no file (none could be made); its lines are not kept. */
  readonly #file: string | undefined;
  readonly #index: LogIndex | undefined;
  readonly #onFailure: (error: unknown) => void;
  /** Lines added and not written yet, as bytes: a line's string is garbage once it is added. */
  readonly #pending = Buffer.allocUnsafe(CHUNK_BYTES);
  #pendingBytes = 0;
  #fileBytes = 0;
  /** Why the file could not be written; from then on no line is kept. */
  #failure: unknown;

  /**
   * A new, empty file (and index); `onFailure` is told, once, when it cannot be written. Without
   * a file, no line is kept and nothing is told: the caller knows why.
   */
  constructor(file: string | undefined, onFailure: (error: unknown) => void) {
    this.#file = file;
    this.#onFailure = onFailure;
    if (file === undefined) {
      this.#failure = new Error('no folder for log files');
      return;
    }
    try {
      writeFileSync(file, '');
      this.#index = new LogIndex(`${file}.index`);
    } catch (error) {
      this.#failed(error);
    }
  }

  /** Why lines are no longer kept; undefined while they are. */
  get failure(): unknown {
    return this.#failure;
  }

  /** Bytes written to the file. */
  get written(): number {
    return this.#fileBytes;
  }

  /** Where the next lines start: the bytes written and those still pending. */
  get end(): number {
    return this.#fileBytes + this.#pendingBytes;
  }

  /** Adds an entry's printed lines (each with its line end); where they lie. */
  add(texts: readonly string[]): Spooled {
    const start = this.end;
    for (const text of texts) this.#addText(text);
    return { start, end: this.end };
  }

  /** The entry just added is one taken in order, logged at `time` (NaN: no time). */
  indexed(time: number, end: number): void {
    if (this.#failure === undefined) this.#writing(() => this.#index?.add(time, end));
  }

  /** Writes what was added and not written yet. */
  write(): void {
    if (this.#failure === undefined) this.#writing(() => this.#index?.write());
    if (this.#pendingBytes === 0) return;
    const pending = this.#pending.subarray(0, this.#pendingBytes);
    this.#pendingBytes = 0;
    this.#append(pending);
  }

  /** Drops what was written past byte `bytes`: the lines added next start there. */
  truncate(bytes: number): void {
    this.write();
    if (this.#failure !== undefined || this.#file === undefined) return;
    this.#writing(() => {
      truncateSync(this.#file!, bytes);
      this.#fileBytes = bytes;
    });
  }

  /** The entries taken in order whose lines all lie in the first `limit` bytes of the file. */
  async indexedRecords(limit: number): Promise<LogRecords> {
    if (this.#index === undefined || this.#file === undefined) return new LogRecords();
    return this.#index.records(this.#file, Math.min(limit, this.#fileBytes));
  }

  /** Bytes `start` to `end` of the file, in pieces no longer than a chunk. */
  async *bytes(start: number, end: number): AsyncGenerator<Uint8Array> {
    yield* this.#read([{ start, end }]);
  }

  /**
   * The records' bytes, in the order given, in pieces no longer than a chunk: records next to
   * each other in the file are read as one.
   */
  async *records(records: readonly Spooled[]): AsyncGenerator<Uint8Array> {
    yield* this.#read(records);
  }

  /**
   * Through one buffer: a piece is valid until the next one is asked for. A file that ends early
   * gives what it has, then the error. No file, nothing written: nothing to read.
   */
  async *#read(spans: readonly Spooled[]): AsyncGenerator<Uint8Array> {
    const file = this.#file;
    if (spans.length === 0 || file === undefined) return;
    const handle = await open(file, 'r');
    try {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      let filled = 0;
      for (const { start, end } of spans) {
        for (let position = start; position < end;) {
          if (filled === chunk.length) {
            yield chunk.subarray(0, filled);
            filled = 0;
          }
          const length = Math.min(chunk.length - filled, end - position);
          const { bytesRead } = await handle.read(chunk, filled, length, position);
          if (bytesRead === 0) {
            if (filled > 0) yield chunk.subarray(0, filled);
            throw new LogFileShortError(file, position, end);
          }
          filled += bytesRead;
          position += bytesRead;
        }
      }
      if (filled > 0) yield chunk.subarray(0, filled);
    } finally {
      await handle.close();
    }
  }

  #addText(text: string): void {
    if (this.#failure !== undefined) return;
    const bytes = Buffer.byteLength(text);
    if (this.#pendingBytes + bytes > this.#pending.length) this.write();
    if (bytes > this.#pending.length) this.#append(text);
    else if (this.#failure === undefined) {
      this.#pendingBytes += this.#pending.write(text, this.#pendingBytes);
    }
  }

  #append(data: string | Buffer): void {
    if (this.#failure !== undefined || this.#file === undefined) return;
    this.#writing(() => {
      appendFileSync(this.#file!, data);
      this.#fileBytes += Buffer.byteLength(data);
    });
  }

  /** Runs a write; a failure is the file's (see `#failed`). */
  #writing(write: () => void): void {
    try {
      write();
    } catch (error) {
      this.#failed(error);
    }
  }

  /** The file could not be written: what it holds stays, nothing more is kept. Said once. */
  #failed(error: unknown): void {
    this.#failure = error;
    this.#pendingBytes = 0;
    this.#onFailure(error);
  }
}
