// Hash writers on a thread of their own (`thread-main.ts`): over TLS the main thread is a large
// download's bottleneck (decryption, then handing each record to JS), so sha256 and the writes move
// off it (bench/README.md has the figures). Batch memory moves between the threads by transfer:
// nothing is copied. Concurrent downloads share one thread, whose isolate is paid for once; it
// stops when the last file closes.
import { Worker } from 'node:worker_threads';
import { ActionError } from '../../shared/errors.ts';
import type { Reply, Request } from './thread-main.ts';
import type { HashWriter } from './writer.ts';

/** The thread that writes and hashes downloads ended on its own: every file it held is lost. */
export class WriterThreadStoppedError extends ActionError {
  readonly exitCode: number;
  constructor(exitCode: number) {
    super(
      `the download's writer thread stopped (${exitCode}); the files it was writing are ` +
        'incomplete. Re-run the job; if it persists, report it with this log.',
    );
    this.exitCode = exitCode;
  }
}

/**
 * The thread's module, beside the one at `moduleUrl`: its source when run from source, and in a
 * bundle the worker bundle that scripts/bundle.ts puts beside it. A literal `new URL(…,
 * import.meta.url)` would make ncc copy the source file into the bundle as an asset.
 */
export const hashWorkerUrl = (moduleUrl: string): URL =>
  new URL(moduleUrl.endsWith('.ts') ? 'thread-main.ts' : 'hash-worker/index.js', moduleUrl);

/** The thread, shared by the files open on it. */
class HashThread {
  static #running: HashThread | undefined;
  readonly #worker: Worker;
  readonly #files = new Map<number, ThreadHashWriter>();
  #nextFile = 1;
  #stopping = false;

  private constructor() {
    this.#worker = new Worker(hashWorkerUrl(import.meta.url), {
      // It holds no more than a hash per file and a few messages; run from source, Node's type
      // stripper as well.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
    this.#worker.on('message', (reply: Reply) => this.#files.get(reply.file)?.onReply(reply));
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.on('exit', (code) => {
      if (!this.#stopping) {
        this.#failAll(new WriterThreadStoppedError(code));
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
    // The thread's own fs error (ENOSPC, EACCES…), rebuilt as Node gave it so errorCode() reads it.
    else this.fail(Object.assign(new Error(reply.message), { code: reply.code }));
  }

  fail(error: unknown): void {
    this.#error ??= error;
    for (const waiter of [...this.#writes.splice(0), ...this.#digests.splice(0)]) {
      waiter.reject(this.#error);
    }
  }
}
