// The thread behind a `.part` file: it hashes each batch it is handed, in order, and writes it at
// its offset. Its code is a string run with `eval: true`, so the bundles need no second entry
// file and ncc leaves its `require` calls alone. Batch memory moves between the threads by
// transfer: nothing is copied, only these small messages.

export type PartFileRequest =
  | { kind: 'write'; batch: number; memory: ArrayBuffer; length: number; position: number }
  /** Start the hash again from zero (the transfer restarts). */
  | { kind: 'reset' }
  | { kind: 'digest' };

export type PartFileReply =
  | { kind: 'written'; batch: number; memory: ArrayBuffer }
  | { kind: 'digest'; sha256: string }
  | { kind: 'failed'; message: string; code: string | undefined };

export interface PartFileThreadData {
  fd: number;
  /** Length of each write call. */
  writeBytes: number;
}

// Writes are synchronous: this thread has nothing else to do meanwhile, and a hop through libuv's
// pool for each write measured slower (another thread to wake for every slice).
export const PART_FILE_THREAD_SOURCE = `
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
      parentPort.postMessage(
        { kind: 'written', batch: request.batch, memory: request.memory },
        [request.memory],
      );
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
