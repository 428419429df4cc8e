// A hash writer on a thread of its own: it hashes each batch it is handed, in order, and writes it
// at its offset, synchronously (the thread has nothing else to do; a hop through libuv's pool for
// each write measured slower). Over TLS on two cores the main thread is a large download's
// bottleneck (decryption, then handing each 16 KiB record to JS); with sha256 and the writes
// moved here, a 512 MiB download over https went from 0.43x curl's speed to 0.65x
// (bench/README.md). Batch memory moves between the threads by transfer: nothing is copied.
// The thread's code is a string run with `eval: true`, so the bundles need no second entry file
// and ncc leaves its `require` calls alone.
import { Worker } from 'node:worker_threads';
import { WRITE_BYTES, type HashWriter } from './hash-writer.ts';

type Request =
  | { kind: 'write'; memory: ArrayBuffer; length: number; position: number }
  | { kind: 'reset' }
  | { kind: 'digest' };

type Reply =
  | { kind: 'written'; memory: ArrayBuffer }
  | { kind: 'digest'; sha256: string }
  | { kind: 'failed'; message: string; code: string | undefined };

const THREAD_SOURCE = `
'use strict';
const { createHash } = require('node:crypto');
const { writeSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { fd, writeBytes } = workerData;
let hash = createHash('sha256');
let failed = false;
parentPort.on('message', (request) => {
  if (failed) return;
  try {
    if (request.kind === 'write') {
      const batch = new Uint8Array(request.memory, 0, request.length);
      hash.update(batch);
      for (let done = 0; done < batch.length; ) {
        const length = Math.min(writeBytes, batch.length - done);
        done += writeSync(fd, batch, done, length, request.position + done);
      }
      parentPort.postMessage({ kind: 'written', memory: request.memory }, [request.memory]);
    } else if (request.kind === 'reset') {
      hash = createHash('sha256');
    } else if (request.kind === 'digest') {
      parentPort.postMessage({ kind: 'digest', sha256: hash.digest('hex') });
    }
  } catch (error) {
    failed = true;
    parentPort.postMessage({
      kind: 'failed',
      message: String((error && error.message) || error),
      code: error && typeof error.code === 'string' ? error.code : undefined,
    });
  }
});
`;

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

export class ThreadHashWriter implements HashWriter {
  readonly #thread: Worker;
  /** Replies come in the order of the requests. */
  readonly #writes: Waiter<Buffer>[] = [];
  readonly #digests: Waiter<string>[] = [];
  #closing = false;
  #error: unknown;

  /** `fd`: the open `.part` file; it stays the caller's to close, after `close()`. */
  constructor(fd: number) {
    this.#thread = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { fd, writeBytes: WRITE_BYTES },
      // It holds no more than a hash and a few messages.
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
    });
    this.#thread.on('message', (reply: Reply) => this.#onReply(reply));
    this.#thread.on('error', (error) => this.#fail(error));
    this.#thread.on('exit', (code) => {
      if (!this.#closing) this.#fail(new Error(`the download's writer thread stopped (${code}).`));
    });
  }

  write(batch: Buffer, length: number, position: number): Promise<Buffer> {
    if (this.#error !== undefined) return Promise.reject(this.#error);
    const memory = batch.buffer as ArrayBuffer;
    this.#send({ kind: 'write', memory, length, position }, [memory]);
    return new Promise((resolve, reject) => this.#writes.push({ resolve, reject }));
  }

  reset(): void {
    this.#send({ kind: 'reset' });
  }

  digest(): Promise<string> {
    if (this.#error !== undefined) return Promise.reject(this.#error);
    this.#send({ kind: 'digest' });
    return new Promise((resolve, reject) => this.#digests.push({ resolve, reject }));
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.#thread.terminate();
  }

  #send(request: Request, transfer: ArrayBuffer[] = []): void {
    this.#thread.postMessage(request, transfer);
  }

  #onReply(reply: Reply): void {
    if (reply.kind === 'written') this.#writes.shift()?.resolve(Buffer.from(reply.memory));
    else if (reply.kind === 'digest') this.#digests.shift()?.resolve(reply.sha256);
    else this.#fail(Object.assign(new Error(reply.message), { code: reply.code }));
  }

  #fail(error: unknown): void {
    this.#error ??= error;
    for (const waiter of [...this.#writes.splice(0), ...this.#digests.splice(0)]) {
      waiter.reject(this.#error);
    }
  }
}
