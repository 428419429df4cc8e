// Where each entry of a log taken in order ends in its file and when it was logged, kept in a file
// beside it (16 bytes an entry), not in memory: a log in order, the usual case, holds nothing per
// entry (bench/README.md, Logs). Read back only if the log turns out disordered, to tell the
// entries already shown apart from those of its last reading (log-records.ts). Written as the
// log's own file is (log-spool.ts says why synchronously), read back asynchronously.
import { appendFileSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { LogRecords, recordKeyOf } from './log-records.ts';

/** Bytes per entry: its time and where it ends in the log's file, two doubles. */
const ENTRY_BYTES = 16;
const BATCH_ENTRIES = 1024;
const READ_BYTES = 64 * 1024;

export class LogIndex {
  readonly #file: string;
  readonly #pending = Buffer.allocUnsafe(ENTRY_BYTES * BATCH_ENTRIES);
  #pendingBytes = 0;
  /** Bytes of whole entries in the file: a write that broke off leaves its batch pending. */
  #fileBytes = 0;

  /** Throws when the file cannot be made. */
  constructor(file: string) {
    this.#file = file;
    writeFileSync(file, '');
  }

  /** The next entry: it follows the one before in the log's file and ends at byte `end`. */
  add(time: number, end: number): void {
    if (this.#pendingBytes === this.#pending.length) this.write();
    this.#pending.writeDoubleLE(time, this.#pendingBytes);
    this.#pending.writeDoubleLE(end, this.#pendingBytes + 8);
    this.#pendingBytes += ENTRY_BYTES;
  }

  /** Writes the pending entries; throws when the file cannot be written (they stay pending). */
  write(): void {
    if (this.#pendingBytes === 0) return;
    appendFileSync(this.#file, this.#pending.subarray(0, this.#pendingBytes));
    this.#fileBytes += this.#pendingBytes;
    this.#pendingBytes = 0;
  }

  /**
   * The entries whose bytes all lie within the first `limit` bytes of `logFile`, each with its key
   * (from its bytes there): read from both files, one chunk at a time.
   */
  async records(logFile: string, limit: number): Promise<LogRecords> {
    const records = new LogRecords();
    const index = await open(this.#file, 'r');
    try {
      const log = await open(logFile, 'r');
      try {
        const bytes = chunkedReader(log);
        let start = 0;
        for await (const [time, end] of this.#entries(index)) {
          if (end > limit) break;
          let lines = 0;
          const key = recordKeyOf(time);
          for await (const piece of bytes(start, end)) {
            for (let at = piece.indexOf(10); at !== -1; at = piece.indexOf(10, at + 1)) lines += 1;
            key.update(piece);
          }
          records.add({ time, key: key.digest(), start, end, lines });
          start = end;
        }
      } finally {
        await log.close();
      }
    } finally {
      await index.close();
    }
    return records;
  }

  /** The file's entries, then the pending ones. */
  async *#entries(index: FileHandle): AsyncGenerator<[number, number]> {
    const batch = Buffer.allocUnsafe(ENTRY_BYTES * BATCH_ENTRIES);
    for (let position = 0; position < this.#fileBytes;) {
      const length = Math.min(batch.length, this.#fileBytes - position);
      const { bytesRead } = await index.read(batch, 0, length, position);
      const whole = bytesRead - (bytesRead % ENTRY_BYTES);
      if (whole === 0) break;
      yield* entriesOf(batch.subarray(0, whole));
      position += whole;
    }
    yield* entriesOf(this.#pending.subarray(0, this.#pendingBytes));
  }
}

/**
 * Bytes `start` to `end` of the file, in pieces no longer than a chunk, through one buffer that the
 * next read fills: entries next to each other are read in one chunk. A piece is valid until the
 * next is asked for; a file that ends early ends the pieces.
 */
function chunkedReader(file: FileHandle) {
  const chunk = Buffer.allocUnsafe(READ_BYTES);
  let [chunkStart, chunkEnd] = [0, 0];
  return async function* bytes(start: number, end: number): AsyncGenerator<Buffer> {
    for (let position = start; position < end;) {
      if (position < chunkStart || position >= chunkEnd) {
        const { bytesRead } = await file.read(chunk, 0, chunk.length, position);
        if (bytesRead === 0) return;
        [chunkStart, chunkEnd] = [position, position + bytesRead];
      }
      const piece = chunk.subarray(position - chunkStart, Math.min(end, chunkEnd) - chunkStart);
      yield piece;
      position += piece.length;
    }
  };
}

function* entriesOf(batch: Buffer): Generator<[number, number]> {
  for (let at = 0; at < batch.length; at += ENTRY_BYTES) {
    yield [batch.readDoubleLE(at), batch.readDoubleLE(at + 8)];
  }
}
