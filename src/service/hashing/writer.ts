// What a `.part` file hands its full batches to: something that hashes them in the order given
// and writes each at its offset. Small downloads do both on the main thread; large ones on a
// thread of their own (`thread-writer.ts`), where the isolate's cost pays for itself.
import { createHash, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';

// Batches are written in pieces of this size: the steadiest of the sizes measured (bench/README.md).
export const WRITE_BYTES = 64 * 1024;

export interface HashWriter {
  /**
   * Hashes the first `length` bytes of `batch` after those of every earlier call and writes them
   * at `position`. Resolves with a Buffer over the same memory once it can be filled again;
   * rejects on a write error. Every call settles, also after a failure.
   */
  write(batch: Buffer, length: number, position: number): Promise<Buffer>;
  /** Starts the hash again from zero; only while no write is pending. */
  reset(): void;
  /** The hex sha256 of what was written since the start or the last reset. */
  digest(): Promise<string>;
  close(): Promise<void>;
}

export class InlineHashWriter implements HashWriter {
  readonly #file: FileHandle;
  #hash: Hash = createHash('sha256');

  constructor(file: FileHandle) {
    this.#file = file;
  }

  async write(batch: Buffer, length: number, position: number): Promise<Buffer> {
    this.#hash.update(batch.subarray(0, length));
    for (let done = 0; done < length;) {
      const slice = Math.min(WRITE_BYTES, length - done);
      const { bytesWritten } = await this.#file.write(batch, done, slice, position + done);
      done += bytesWritten;
    }
    return batch;
  }

  reset(): void {
    this.#hash = createHash('sha256');
  }

  async digest(): Promise<string> {
    return this.#hash.digest('hex');
  }

  async close(): Promise<void> {}
}
