// The `.part` file of a download. Body chunks are gathered into a few large buffers; a thread of
// its own hashes each full buffer and writes it at its offset while the next one fills. Over TLS
// on two cores the main thread is the bottleneck (decryption, then handing each 16 KiB record to
// JS); with sha256 on it too, a 512 MiB download over https ran at 0.43x curl's speed, with the
// hash and the writes on this thread at 0.65x (bench/README.md). Chunks are taken synchronously
// (no promise per chunk); memory stays bounded: BATCHES buffers, and at most the chunk that found
// all of them busy.
import { open, rm, type FileHandle } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import {
  PART_FILE_THREAD_SOURCE,
  type PartFileReply,
  type PartFileRequest,
  type PartFileThreadData,
} from './part-file-thread.ts';

const BATCH_BYTES = 1024 * 1024;
// Batches handed over at once: enough that a slow write does not stall the socket.
const BATCHES = 4;
// Kernels with large page-cache folios size them by the write's length; on a VM that hands freed
// memory back to its host, 1 MiB folios come from cold memory and cost 2-3x the system time of
// small ones (bench/README.md). 64 KiB writes measured as fast as 16-256 KiB ones, and steadiest.
const WRITE_BYTES = 64 * 1024;

export class PartFile {
  readonly path: string;
  /** Bytes accepted so far (on disk and hashed once `settle()` resolves). */
  received = 0;
  readonly #file: FileHandle;
  readonly #thread: Worker;
  readonly #batches: Buffer[];
  /** Indexes of the batches not handed over, the one filling excepted. */
  readonly #free: number[];
  #filling: number;
  #filled = 0;
  /** File offset of the next batch handed over. */
  #flushedTo = 0;
  #inFlight = 0;
  #closing = false;
  /** Wakes whoever waits for the thread's next reply. */
  #replied: (() => void) | undefined;
  #digest: string | undefined;
  /** Chunk parts that arrived while every batch was busy. */
  #backlog: Buffer[] = [];
  #error: unknown;

  private constructor(partPath: string, file: FileHandle) {
    this.path = partPath;
    this.#file = file;
    this.#batches = Array.from({ length: BATCHES }, () =>
      Buffer.from(new ArrayBuffer(BATCH_BYTES)),
    );
    this.#free = this.#batches.map((_, index) => index).reverse();
    this.#filling = this.#free.pop()!;
    const workerData: PartFileThreadData = { fd: file.fd, writeBytes: WRITE_BYTES };
    this.#thread = new Worker(PART_FILE_THREAD_SOURCE, {
      eval: true,
      workerData,
      // It holds no more than a hash and a few messages.
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
    });
    this.#thread.on('message', (reply: PartFileReply) => this.#onReply(reply));
    this.#thread.on('error', (error) => this.#fail(error));
    this.#thread.on('exit', (code) => {
      if (!this.#closing) this.#fail(new Error(`the download's writer thread stopped (${code}).`));
    });
  }

  static async create(partPath: string): Promise<PartFile> {
    return new PartFile(partPath, await open(partPath, 'w'));
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
    while (this.#backlog.length > 0 && this.#error === undefined) await this.#reply();
    if (this.#error !== undefined) throw this.#error;
  }

  /** Hands over what is gathered; resolves once the file holds exactly `received` bytes. */
  async settle(): Promise<void> {
    await this.drained();
    if (this.#filled > 0) {
      while (this.#free.length === 0 && this.#error === undefined) await this.#reply();
      if (this.#error === undefined) this.#handOver();
    }
    while (this.#inFlight > 0 && this.#error === undefined) await this.#reply();
    if (this.#error !== undefined) throw this.#error;
  }

  /** Empties the file and the hash, to take the transfer again from byte 0. */
  async restart(): Promise<void> {
    await this.settle();
    this.#send({ kind: 'reset' });
    await this.#file.truncate(0);
    this.received = 0;
    this.#flushedTo = 0;
  }

  /** Closes the complete file; returns the hex sha256 of its content. */
  async finish(): Promise<string> {
    await this.settle();
    this.#send({ kind: 'digest' });
    while (this.#digest === undefined && this.#error === undefined) await this.#reply();
    await this.#close();
    if (this.#error !== undefined) throw this.#error;
    return this.#digest!;
  }

  async discard(): Promise<void> {
    await this.settle().catch(() => undefined);
    await this.#close().catch(() => undefined);
    await rm(this.path, { force: true });
  }

  async #close(): Promise<void> {
    this.#closing = true;
    await this.#thread.terminate();
    await this.#file.close();
  }

  #take(chunk: Buffer): void {
    for (let offset = 0; offset < chunk.length;) {
      if (this.#filled === BATCH_BYTES) {
        if (this.#free.length === 0 || this.#backlog.length > 0) {
          this.#backlog.push(chunk.subarray(offset));
          return;
        }
        this.#handOver();
      }
      const copied = chunk.copy(this.#batches[this.#filling]!, this.#filled, offset);
      this.#filled += copied;
      offset += copied;
    }
  }

  #handOver(): void {
    const memory = this.#batches[this.#filling]!.buffer as ArrayBuffer;
    this.#send(
      {
        kind: 'write',
        batch: this.#filling,
        memory,
        length: this.#filled,
        position: this.#flushedTo,
      },
      [memory],
    );
    this.#flushedTo += this.#filled;
    this.#inFlight++;
    this.#filling = this.#free.pop()!;
    this.#filled = 0;
  }

  #send(request: PartFileRequest, transfer: ArrayBuffer[] = []): void {
    this.#thread.postMessage(request, transfer);
  }

  #onReply(reply: PartFileReply): void {
    if (reply.kind === 'written') {
      this.#inFlight--;
      this.#batches[reply.batch] = Buffer.from(reply.memory);
      this.#free.push(reply.batch);
      const backlog = this.#backlog;
      this.#backlog = [];
      for (const part of backlog) this.#take(part);
    } else if (reply.kind === 'digest') {
      this.#digest = reply.sha256;
    } else {
      this.#fail(Object.assign(new Error(reply.message), { code: reply.code }));
    }
    this.#wake();
  }

  #fail(error: unknown): void {
    this.#error ??= error;
    this.#backlog = [];
    this.#wake();
  }

  #wake(): void {
    const wake = this.#replied;
    this.#replied = undefined;
    wake?.();
  }

  #reply(): Promise<void> {
    return new Promise((resolve) => {
      const previous = this.#replied;
      this.#replied = () => {
        previous?.();
        resolve();
      };
    });
  }
}
