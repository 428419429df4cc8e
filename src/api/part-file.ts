// The `.part` file of a download: body chunks are hashed as they arrive and gathered into large
// buffers, each written at its own offset in one call while the next one fills. TLS hands out a
// fresh 16 KiB buffer per record; writing each one alone costs a system call per record and made
// the download CPU-bound. Chunks are taken synchronously (no promise per chunk); memory stays
// bounded: a few batch buffers, and at most the chunk that found all of them busy.
import { createHash, type Hash } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';

const BATCH_BYTES = 1024 * 1024;
// Batches written at once: enough that a slow write does not stall the socket.
const BATCHES = 4;

export class PartFile {
  readonly path: string;
  /** Bytes accepted so far (hashed; on disk once `settle()` resolves). */
  received = 0;
  readonly #file: FileHandle;
  #hash: Hash = createHash('sha256');
  #filling: Buffer = Buffer.allocUnsafe(BATCH_BYTES);
  /** Batch buffers not in use; allocated as needed, up to BATCHES in all. */
  #free: Buffer[] = [];
  #allocated = 1;
  #filled = 0;
  /** File offset of the next batch handed to a write. */
  #flushedTo = 0;
  #inFlight = 0;
  /** Settles when the write started last settles: writes finish in any order, this one last. */
  #writing: Promise<void> | undefined;
  /** Chunk parts that arrived while both buffers were busy. */
  #backlog: Buffer[] = [];
  #error: unknown;

  private constructor(partPath: string, file: FileHandle) {
    this.path = partPath;
    this.#file = file;
  }

  static async create(partPath: string): Promise<PartFile> {
    return new PartFile(partPath, await open(partPath, 'w'));
  }

  /** Takes a chunk; false when the sender should pause until `drained()` resolves. */
  accept(chunk: Buffer): boolean {
    if (this.#error !== undefined) throw this.#error;
    this.#hash.update(chunk);
    this.received += chunk.length;
    this.#take(chunk);
    return this.#backlog.length === 0;
  }

  /** Resolves once the chunks held back are in a buffer again; rejects on a write error. */
  async drained(): Promise<void> {
    while (this.#backlog.length > 0 && this.#inFlight > 0) await this.#writing;
    if (this.#error !== undefined) throw this.#error;
  }

  /** Writes what is gathered; resolves once the file holds exactly `received` bytes. */
  async settle(): Promise<void> {
    await this.drained();
    if (this.#filled > 0 && this.#error === undefined) {
      while (!this.#canWrite) await this.#writing;
      this.#write();
    }
    while (this.#inFlight > 0) await this.#writing;
    if (this.#error !== undefined) throw this.#error;
  }

  /** Empties the file and the hash, to take the transfer again from byte 0. */
  async restart(): Promise<void> {
    await this.settle();
    await this.#file.truncate(0);
    this.#hash = createHash('sha256');
    this.received = 0;
    this.#flushedTo = 0;
  }

  /** Closes the complete file; returns the hex sha256 of its content. */
  async finish(): Promise<string> {
    await this.settle();
    await this.#file.close();
    return this.#hash.digest('hex');
  }

  async discard(): Promise<void> {
    await this.settle().catch(() => undefined);
    await this.#file.close().catch(() => undefined);
    await rm(this.path, { force: true });
  }

  get #canWrite(): boolean {
    return this.#free.length > 0 || this.#allocated < BATCHES;
  }

  #take(chunk: Buffer): void {
    for (let offset = 0; offset < chunk.length;) {
      if (this.#filled === BATCH_BYTES) {
        if (!this.#canWrite || this.#backlog.length > 0) {
          this.#backlog.push(chunk.subarray(offset));
          return;
        }
        this.#write();
      }
      const copied = chunk.copy(this.#filling, this.#filled, offset);
      this.#filled += copied;
      offset += copied;
    }
  }

  #write(): void {
    const batch = this.#filling;
    const length = this.#filled;
    const position = this.#flushedTo;
    this.#flushedTo += length;
    this.#filling = this.#free.pop() ?? (this.#allocated++, Buffer.allocUnsafe(BATCH_BYTES));
    this.#filled = 0;
    this.#inFlight++;
    const previous = this.#writing ?? Promise.resolve();
    const written = this.#writeAll(batch, length, position).then(
      () => {
        this.#free.push(batch);
        this.#inFlight--;
        const backlog = this.#backlog;
        this.#backlog = [];
        for (const part of backlog) this.#take(part);
      },
      (error: unknown) => {
        this.#error ??= error;
        this.#inFlight--;
        this.#backlog = [];
      },
    );
    const all = Promise.all([previous, written]).then(() => {
      if (this.#writing === all) this.#writing = undefined;
    });
    this.#writing = all;
  }

  async #writeAll(batch: Buffer, length: number, position: number): Promise<void> {
    for (let done = 0; done < length;) {
      const { bytesWritten } = await this.#file.write(batch, done, length - done, position + done);
      done += bytesWritten;
    }
  }
}
