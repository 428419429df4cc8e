// The `.part` file of a download: body chunks are hashed as they arrive and gathered into large
// buffers, each written at its own offset in one call while the next one fills. TLS hands out a
// fresh 16 KiB buffer per record; writing each one alone costs a system call per record and made
// the download CPU-bound. Memory stays bounded: one buffer filling, one being written.
import { createHash, type Hash } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';

const BATCH_BYTES = 1024 * 1024;

export class PartFile {
  readonly path: string;
  /** Bytes accepted so far (hashed; on disk once `settle()` resolves). */
  received = 0;
  readonly #file: FileHandle;
  #hash: Hash = createHash('sha256');
  #filling: Buffer = Buffer.allocUnsafe(BATCH_BYTES);
  #spare: Buffer | undefined = Buffer.allocUnsafe(BATCH_BYTES);
  #filled = 0;
  /** File offset of the next batch handed to a write. */
  #flushedTo = 0;
  #writing: Promise<void> = Promise.resolve();
  #error: unknown;

  private constructor(partPath: string, file: FileHandle) {
    this.path = partPath;
    this.#file = file;
  }

  static async create(partPath: string): Promise<PartFile> {
    return new PartFile(partPath, await open(partPath, 'w'));
  }

  /**
   * Takes a chunk; resolves at once unless a full batch has to wait for the write before it, which
   * is how a slow disk slows the transfer instead of filling memory.
   */
  async accept(chunk: Buffer): Promise<void> {
    this.#hash.update(chunk);
    this.received += chunk.length;
    let offset = 0;
    while (offset < chunk.length) {
      const copied = chunk.copy(this.#filling, this.#filled, offset);
      this.#filled += copied;
      offset += copied;
      if (this.#filled === BATCH_BYTES) await this.#flush();
    }
  }

  /** Writes what is gathered; resolves once the file holds exactly `received` bytes. */
  async settle(): Promise<void> {
    if (this.#filled > 0) await this.#flush();
    await this.#writing;
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

  async #flush(): Promise<void> {
    // The batch before must be on disk before its buffer can be filled again.
    await this.#writing;
    if (this.#error !== undefined) throw this.#error;
    const batch = this.#filling;
    const length = this.#filled;
    const position = this.#flushedTo;
    this.#flushedTo += length;
    this.#filling = this.#spare ?? Buffer.allocUnsafe(BATCH_BYTES);
    this.#spare = undefined;
    this.#filled = 0;
    this.#writing = this.#writeAll(batch, length, position).then(
      () => void (this.#spare = batch),
      (error: unknown) => void (this.#error ??= error),
    );
  }

  async #writeAll(batch: Buffer, length: number, position: number): Promise<void> {
    for (let done = 0; done < length;) {
      const { bytesWritten } = await this.#file.write(batch, done, length - done, position + done);
      done += bytesWritten;
    }
  }
}
