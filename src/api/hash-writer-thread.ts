// Hash writers on a thread of their own: it hashes each batch it is handed, in order per file, and
// writes it at its offset, synchronously (the thread has nothing else to do; a hop through libuv's
// pool for each write measured slower). Over TLS on two cores the main thread is a large
// download's bottleneck (decryption, then handing each 16 KiB record to JS); with sha256 and the
// writes moved here, a 512 MiB download over https went from 0.43x curl's speed to 0.65x
// (bench/README.md). Batch memory moves between the threads by transfer: nothing is copied.
// Concurrent downloads share one thread (an isolate costs ~8 MiB); it stops when the last file
// closes. Its code is a string run with `eval: true`, so the bundles need no second entry file and
// ncc leaves its `require` calls alone.
import { Worker } from 'node:worker_threads';
import { WRITE_BYTES, type HashWriter } from './hash-writer.ts';

type Request =
  | { kind: 'open'; file: number; fd: number }
  | { kind: 'write'; file: number; memory: ArrayBuffer; length: number; position: number }
  | { kind: 'reset'; file: number }
  | { kind: 'digest'; file: number }
  | { kind: 'close'; file: number };

type Reply =
  | { kind: 'written'; file: number; memory: ArrayBuffer }
  | { kind: 'digest'; file: number; sha256: string }
  | { kind: 'failed'; file: number; message: string; code: string | undefined };

const THREAD_SOURCE = `
'use strict';
const { createHash } = require('node:crypto');
const { writeSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { writeBytes } = workerData;
const files = new Map();
parentPort.on('message', (request) => {
  if (request.kind === 'open') {
    files.set(request.file, { fd: request.fd, hash: createHash('sha256'), failed: false });
    return;
  }
  const file = files.get(request.file);
  if (request.kind === 'close') files.delete(request.file);
  if (file === undefined || file.failed) return;
  try {
    if (request.kind === 'write') {
      const batch = new Uint8Array(request.memory, 0, request.length);
      file.hash.update(batch);
      for (let done = 0; done < batch.length; ) {
        const length = Math.min(writeBytes, batch.length - done);
        done += writeSync(file.fd, batch, done, length, request.position + done);
      }
      parentPort.postMessage(
        { kind: 'written', file: request.file, memory: request.memory },
        [request.memory],
      );
    } else if (request.kind === 'reset') {
      file.hash = createHash('sha256');
    } else if (request.kind === 'digest') {
      parentPort.postMessage({ kind: 'digest', file: request.file, sha256: file.hash.digest('hex') });
    }
  } catch (error) {
    file.failed = true;
    parentPort.postMessage({
      kind: 'failed',
      file: request.file,
      message: String((error && error.message) || error),
      code: error && typeof error.code === 'string' ? error.code : undefined,
    });
  }
});
`;

/** The thread, shared by the files open on it. */
class HashThread {
  static #running: HashThread | undefined;
  readonly #worker: Worker;
  readonly #files = new Map<number, ThreadHashWriter>();
  #nextFile = 1;
  #stopping = false;

  private constructor() {
    this.#worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { writeBytes: WRITE_BYTES },
      // It holds no more than a hash per file and a few messages.
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
    });
    this.#worker.on('message', (reply: Reply) => this.#files.get(reply.file)?.onReply(reply));
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.on('exit', (code) => {
      if (!this.#stopping) {
        this.#failAll(new Error(`the download's writer thread stopped (${code}).`));
      }
    });
  }

  static open(writer: ThreadHashWriter, fd: number): { thread: HashThread; file: number } {
    const thread = (HashThread.#running ??= new HashThread());
    const file = thread.#nextFile++;
    thread.#files.set(file, writer);
    thread.send({ kind: 'open', file, fd });
    return { thread, file };
  }

  send(request: Request, transfer: ArrayBuffer[] = []): void {
    this.#worker.postMessage(request, transfer);
  }

  async close(file: number): Promise<void> {
    if (!this.#files.delete(file)) return;
    this.send({ kind: 'close', file });
    if (this.#files.size > 0) return;
    this.#stopping = true;
    if (HashThread.#running === this) HashThread.#running = undefined;
    await this.#worker.terminate();
  }

  #failAll(error: unknown): void {
    if (HashThread.#running === this) HashThread.#running = undefined;
    for (const writer of this.#files.values()) writer.fail(error);
  }
}

interface Waiter<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

export class ThreadHashWriter implements HashWriter {
  readonly #thread: HashThread;
  readonly #file: number;
  /** Replies come in the order of this file's requests. */
  readonly #writes: Waiter<Buffer>[] = [];
  readonly #digests: Waiter<string>[] = [];
  #error: unknown;

  /** `fd`: the open `.part` file; it stays the caller's to close, after `close()`. */
  constructor(fd: number) {
    ({ thread: this.#thread, file: this.#file } = HashThread.open(this, fd));
  }

  write(batch: Buffer, length: number, position: number): Promise<Buffer> {
    if (this.#error !== undefined) return Promise.reject(this.#error);
    const memory = batch.buffer as ArrayBuffer;
    this.#thread.send({ kind: 'write', file: this.#file, memory, length, position }, [memory]);
    return new Promise((resolve, reject) => this.#writes.push({ resolve, reject }));
  }

  reset(): void {
    this.#thread.send({ kind: 'reset', file: this.#file });
  }

  digest(): Promise<string> {
    if (this.#error !== undefined) return Promise.reject(this.#error);
    this.#thread.send({ kind: 'digest', file: this.#file });
    return new Promise((resolve, reject) => this.#digests.push({ resolve, reject }));
  }

  close(): Promise<void> {
    return this.#thread.close(this.#file);
  }

  onReply(reply: Reply): void {
    if (reply.kind === 'written') this.#writes.shift()?.resolve(Buffer.from(reply.memory));
    else if (reply.kind === 'digest') this.#digests.shift()?.resolve(reply.sha256);
    else this.fail(Object.assign(new Error(reply.message), { code: reply.code }));
  }

  fail(error: unknown): void {
    this.#error ??= error;
    for (const waiter of [...this.#writes.splice(0), ...this.#digests.splice(0)]) {
      waiter.reject(this.#error);
    }
  }
}
