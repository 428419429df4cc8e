// A file written in batches without blocking: each batch a positional write, one after the other,
// so the file's bytes are always a prefix of what was handed over. One FileHandle serves a burst of
// batches and is closed once none is in flight, so no handle outlives a read of the log and none
// is left to close (or to keep the folder from being removed on Windows). A batch's buffer is the
// file's until its write ends (no copy), then reused. The caller (a parser that hands entries over
// without waiting) goes on while batches are in flight; `backlog` tells it when to wait, so memory
// stays bounded however fast the log arrives.
import { open, type FileHandle } from 'node:fs/promises';

/** Batches in flight beyond which the writer is asked to wait. */
const MAX_IN_FLIGHT = 4;

export class BatchFile {
  readonly #batchBytes: number;
  readonly #onFailure: (error: unknown) => void;
  readonly #file: string;
  /** Open while batches are in flight. */
  #handle: FileHandle | undefined;
  #created = false;
  /** The writes queued, in order; each ends after the one before. */
  #queue: Promise<void> = Promise.resolve();
  #inFlight = 0;
  /** Where the next batch goes: the end of everything queued. */
  #end = 0;
  /** Bytes the file holds for certain: every write before ended. */
  #written = 0;
  #failure: unknown;
  #room: { promise: Promise<void>; resolve: () => void } | undefined;
  readonly #free: Buffer[] = [];

  /** `file` is made empty at the first write; a failure to is told as a write's would be. */
  constructor(file: string, batchBytes: number, onFailure: (error: unknown) => void) {
    this.#file = file;
    this.#batchBytes = batchBytes;
    this.#onFailure = onFailure;
  }

  /** Why the file could not be written; undefined while it can. */
  get failure(): unknown {
    return this.#failure;
  }

  /** Bytes surely in the file: the batches written so far, in order. */
  get written(): number {
    return this.#written;
  }

  /** Where the next batch goes: the bytes handed over so far (after a truncation, from it). */
  get end(): number {
    return this.#end;
  }

  /** Resolves once at most MAX_IN_FLIGHT batches are in flight; undefined while they are. */
  get backlog(): Promise<void> | undefined {
    if (this.#inFlight <= MAX_IN_FLIGHT) return undefined;
    if (this.#room === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.#room = { promise, resolve };
    }
    return this.#room.promise;
  }

  /** An empty buffer of a batch's size for the next batch: one whose write ended, or a new one. */
  buffer(): Buffer {
    return this.#free.pop() ?? Buffer.allocUnsafe(this.#batchBytes);
  }

  /** Queues the first `length` bytes of `batch`; `batch` is this file's until its write ends. */
  write(batch: Buffer, length: number): void {
    this.#queued(length, async (handle, position) => {
      await writeAll(handle, batch, length, position);
      if (batch.length === this.#batchBytes && this.#free.length < 2) this.#free.push(batch);
    });
  }

  /** Queues a text longer than a batch, on its own. */
  writeText(text: string): void {
    const bytes = Buffer.from(text);
    this.#queued(bytes.length, (handle, position) =>
      writeAll(handle, bytes, bytes.length, position),
    );
  }

  /** Queues a cut: the file ends at `bytes`, and the next batch goes there. */
  truncate(bytes: number): void {
    if (this.#failure !== undefined) return;
    this.#end = bytes;
    this.#enqueue(async (handle) => {
      await handle.truncate(bytes);
      this.#written = bytes;
    });
  }

  /** Resolves once every write queued so far ended (written or failed). */
  settled(): Promise<void> {
    return this.#queue;
  }

  #queued(bytes: number, write: (handle: FileHandle, position: number) => Promise<void>): void {
    if (this.#failure !== undefined) return;
    const position = this.#end;
    this.#end += bytes;
    this.#enqueue(async (handle) => {
      await write(handle, position);
      this.#written = position + bytes;
    });
  }

  /** A step after those queued, in flight from now until it ended; the last one closes the file. */
  #enqueue(step: (handle: FileHandle) => Promise<void>): void {
    this.#inFlight += 1;
    this.#queue = this.#queue.then(async () => {
      try {
        if (this.#failure !== undefined) return;
        this.#handle ??= await open(this.#file, this.#created ? 'r+' : 'w');
        this.#created = true;
        await step(this.#handle);
      } catch (error) {
        this.#failed(error);
      } finally {
        if (this.#inFlight === 1) await this.#release();
        this.#done();
      }
    });
  }

  async #release(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close().catch(() => undefined);
  }

  #done(): void {
    this.#inFlight -= 1;
    if (this.#room !== undefined && (this.#inFlight <= MAX_IN_FLIGHT || this.#failure)) {
      this.#room.resolve();
      this.#room = undefined;
    }
  }

  /** The file could not be written: what it holds stays, nothing more is written. Said once. */
  #failed(error: unknown): void {
    if (this.#failure !== undefined) return;
    this.#failure = error;
    this.#end = this.#written;
    this.#onFailure(error);
  }
}

/** A write may take fewer bytes than asked (a disk filling up): the rest goes after them. */
async function writeAll(
  handle: FileHandle,
  bytes: Buffer,
  length: number,
  position: number,
): Promise<void> {
  for (let done = 0; done < length;) {
    const { bytesWritten } = await handle.write(bytes, done, length - done, position + done);
    if (bytesWritten === 0) throw new Error(`no byte written at ${position + done}`);
    done += bytesWritten;
  }
}
