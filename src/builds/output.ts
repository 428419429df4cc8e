// Where a build's log goes on the step's output. process.stdout queues writes in memory when the
// runner reads slower than a long log prints (a pipe is asynchronous on Node), so a log is written
// in chunks straight to the file descriptor, each waiting until the pipe takes it: the process
// holds one chunk, not the log. Only once nothing else is queued, so the order stays as printed.
import { once } from 'node:events';
import { writeSync } from 'node:fs';
import { EOL } from 'node:os';

export interface Output {
  /** Nothing printed earlier is still waiting to leave the process. */
  idle(): boolean;
  /** Resolves once idle. */
  settled(): Promise<void>;
  /** Prints at once, in full; only while idle. A buffer can be reused once this returns. */
  write(text: string | Buffer): void;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

function writeAll(fd: number, chunk: Buffer): void {
  for (let offset = 0; offset < chunk.length;) {
    try {
      offset += writeSync(fd, chunk, offset);
    } catch (error) {
      // A non-blocking pipe that is full: the reader will make room in a moment.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 1);
    }
  }
}

export const stdoutOutput: Output = {
  idle: () => process.stdout.writableLength === 0,
  async settled() {
    while (process.stdout.writableLength > 0) await once(process.stdout, 'drain');
  },
  write: (text) => writeAll(1, typeof text === 'string' ? Buffer.from(text) : text),
};

/** Through process.stdout, for tests that read what it was given. */
export const streamOutput: Output = {
  idle: () => true,
  settled: async () => {},
  // A copy: the caller reuses its buffer, and process.stdout may still hold this one.
  write: (text) => void process.stdout.write(typeof text === 'string' ? text : Buffer.from(text)),
};

export const lines = (texts: readonly string[]): string => `${texts.join(EOL)}${EOL}`;
