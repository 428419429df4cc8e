// The `.part` file of a download: body chunks are gathered into a few large buffers, and each full
// buffer goes to a hash writer while the next one fills. TLS hands out a fresh 16 KiB buffer per
// record; writing each alone cost a system call per record and made the download CPU-bound.
// Chunks are taken synchronously (no promise per chunk); memory stays bounded: BATCHES buffers,
// and at most the chunk that found all of them busy.
import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { InlineHashWriter, type HashWriter } from './hashing/writer.ts';
import { ThreadHashWriter } from './hashing/thread-writer.ts';

const BATCH_BYTES = 1024 * 1024;
// Batches handed over at once: enough that a slow write does not stall the socket.
const BATCHES = 4;
// A thread costs time to start and an isolate's memory; on the main thread a small download's
// hash costs less than either (bench/README.md).
export const THREAD_FROM_BYTES = 32 * 1024 * 1024;

export type HashPlace = 'thread' | 'inline';

/** Where a download of `expectedBytes` (unknown: treated as small) is hashed and written. */
export const hashPlaceFor = (expectedBytes: number | undefined): HashPlace =>
  expectedBytes !== undefined && expectedBytes >= THREAD_FROM_BYTES ? 'thread' : 'inline';

export class PartFile {
  readonly path: string;
  /** Bytes accepted so far (hashed and in the file once `flushed()` resolves). */
  received = 0;
  readonly #file: FileHandle;
  readonly #writer: HashWriter;
  /** Batch buffers not in use; allocated as needed, up to BATCHES in all. */
  readonly #free: Buffer[] = [];
  #allocated = 1;
  #filling: Buffer = Buffer.from(new ArrayBuffer(BATCH_BYTES));
  #filled = 0;
  /** File offset of the next batch handed over. */
  #handedOverTo = 0;
  #inFlight = 0;
  /** Wake whoever waits for a batch to come back (or for an error). */
  #waiting: (() => void)[] = [];
  /** Chunk parts that arrived while every batch was busy. */
  #backlog: Buffer[] = [];
  #error: unknown;

  private constructor(partPath: string, file: FileHandle, writer: HashWriter) {
    this.path = partPath;
    this.#file = file;
    this.#writer = writer;
  }

  /**
   * A new, empty `partPath`. Whatever is there already goes first: `rm` removes a symlink, not its
   * target, and O_EXCL refuses any entry (a symlink included) that appears before the open, so
   * the bytes never follow a link planted to write them elsewhere.
   */
  static async create(partPath: string, place: HashPlace): Promise<PartFile> {
    await rm(partPath, { force: true });
    const file = await open(partPath, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY);
    return PartFile.over(file, partPath, place);
  }

  /** Over a file the caller opened (and answers for); `partPath` is what `discard()` removes. */
  static over(file: FileHandle, partPath: string, place: HashPlace): PartFile {
    const writer = place === 'thread' ? new ThreadHashWriter(file.fd) : new InlineHashWriter(file);
    return new PartFile(partPath, file, writer);
  }

  /** Takes a chunk; false when the sender should pause until `drained()` resolves. */
  accept(chunk: Buffer): boolean {
    if (this.#error !== undefined) throw this.#error;
    this.received += chunk.length;
    this.#take(chunk);
    return this.#backlog.length === 0;
  }

  /** Resolves once the chunks held back are in a buffer again; rejects on a write error. */
  async drained(): Promise<void> {
    while (this.#backlog.length > 0 && this.#error === undefined) await this.#batchBack();
    if (this.#error !== undefined) throw this.#error;
  }

  /**
   * Hands over what is gathered; resolves once every byte accepted so far is hashed and in the
   * file, which then holds exactly `received` bytes. Rejects on a write error.
   */
  async flushed(): Promise<void> {
    await this.drained();
    if (this.#filled > 0) {
      while (!this.#canHandOver && this.#error === undefined) await this.#batchBack();
      if (this.#error === undefined) this.#handOver();
    }
    while (this.#inFlight > 0) await this.#batchBack();
    if (this.#error !== undefined) throw this.#error;
  }

  /** Empties the file and the hash, to take the transfer again from byte 0. */
  async restart(): Promise<void> {
    await this.flushed();
    this.#writer.reset();
    await this.#file.truncate(0);
    this.received = 0;
    this.#handedOverTo = 0;
  }

  /** Closes the complete file; returns the hex sha256 of its content. */
  async finish(): Promise<string> {
    await this.flushed();
    const sha256 = await this.#writer.digest();
    await this.#close();
    return sha256;
  }

  async discard(): Promise<void> {
    await this.flushed().catch(() => undefined);
    await this.#close().catch(() => undefined);
    await rm(this.path, { force: true });
  }

  async #close(): Promise<void> {
    await this.#writer.close();
    await this.#file.close();
  }

  get #canHandOver(): boolean {
    return this.#free.length > 0 || this.#allocated < BATCHES;
  }

  #take(chunk: Buffer): void {
    for (let offset = 0; offset < chunk.length;) {
      if (this.#filled === BATCH_BYTES) {
        if (!this.#canHandOver || this.#backlog.length > 0) {
          this.#backlog.push(chunk.subarray(offset));
          return;
        }
        this.#handOver();
      }
      const copied = chunk.copy(this.#filling, this.#filled, offset);
      this.#filled += copied;
      offset += copied;
    }
  }

  #handOver(): void {
    const written = this.#writer.write(this.#filling, this.#filled, this.#handedOverTo);
    this.#handedOverTo += this.#filled;
    this.#inFlight++;
    this.#filling =
      this.#free.pop() ?? (this.#allocated++, Buffer.from(new ArrayBuffer(BATCH_BYTES)));
    this.#filled = 0;
    written.then(
      (batch) => {
        this.#inFlight--;
        this.#free.push(batch);
        const backlog = this.#backlog;
        this.#backlog = [];
        for (const part of backlog) this.#take(part);
        this.#wake();
      },
      (error: unknown) => {
        this.#error ??= error;
        this.#inFlight--;
        this.#backlog = [];
        this.#wake();
      },
    );
  }

  #wake(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const wake of waiting) wake();
  }

  #batchBack(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
  }
}
