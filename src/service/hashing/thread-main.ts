// The hashing thread itself, started by `thread-writer.ts`: it hashes each batch it is handed,
// in order per file, and writes it at its offset, synchronously (the thread has nothing else to
// do, and a hop through libuv's pool for each write costs more than it saves).
import { createHash, type Hash } from 'node:crypto';
import { writeSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { WRITE_BYTES } from './writer.ts';

/** What the main thread asks; `file` numbers the files open on the thread. */
export type Request =
  | { kind: 'open'; file: number; fd: number }
  | { kind: 'write'; file: number; memory: ArrayBuffer; length: number; position: number }
  | { kind: 'reset'; file: number }
  | { kind: 'digest'; file: number }
  | { kind: 'close'; file: number };

/** What the thread answers; a file's answers come in the order of its requests. */
export type Reply =
  | { kind: 'written'; file: number; memory: ArrayBuffer }
  | { kind: 'digest'; file: number; sha256: string }
  | { kind: 'failed'; file: number; message: string; code: string | undefined };

interface OpenFile {
  fd: number;
  hash: Hash;
  /** After a failure the file takes nothing more: its bytes would no longer be whole. */
  failed: boolean;
}

const port = parentPort;
if (port === null)
  throw new Error('thread-main.ts runs as the thread that thread-writer.ts starts.');
const files = new Map<number, OpenFile>();
port.on('message', (request: Request) => {
  const reply = answer(files, request);
  if (reply !== undefined) port.postMessage(reply, reply.kind === 'written' ? [reply.memory] : []);
});

/** Does what `request` asks of the files open on the thread; returns the answer it needs, if any. */
function answer(files: Map<number, OpenFile>, request: Request): Reply | undefined {
  if (request.kind === 'open') {
    files.set(request.file, { fd: request.fd, hash: createHash('sha256'), failed: false });
    return undefined;
  }
  const file = files.get(request.file);
  if (request.kind === 'close') files.delete(request.file);
  if (file === undefined || file.failed || request.kind === 'close') return undefined;
  try {
    switch (request.kind) {
      case 'reset':
        file.hash = createHash('sha256');
        return undefined;
      case 'digest':
        return { kind: 'digest', file: request.file, sha256: file.hash.digest('hex') };
      case 'write':
        writeBatch(file, new Uint8Array(request.memory, 0, request.length), request.position);
        return { kind: 'written', file: request.file, memory: request.memory };
    }
  } catch (error) {
    file.failed = true;
    // A system error's words and code are what survive the trip between threads.
    const { message, code } = error as NodeJS.ErrnoException;
    return { kind: 'failed', file: request.file, message, code };
  }
}

function writeBatch(file: OpenFile, batch: Uint8Array, position: number): void {
  file.hash.update(batch);
  for (let done = 0; done < batch.length;) {
    const length = Math.min(WRITE_BYTES, batch.length - done);
    done += writeSync(file.fd, batch, done, length, position + done);
  }
}
