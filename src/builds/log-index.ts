// Where each entry of a log taken in order ends in its file and when it was logged, kept in a file
// beside it (16 bytes an entry), not in memory: a log in order, the usual case, holds nothing per
// entry (bench/README.md, Logs). Read back only if the log turns out disordered, to tell the
// entries already shown apart from those of its last reading (log-records.ts).
import { appendFileSync, closeSync, openSync, readSync, writeFileSync } from 'node:fs';
import { LogRecords, recordKey } from './log-records.ts';

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
  records(logFile: string, limit: number): LogRecords {
    const records = new LogRecords();
    const index = openSync(this.#file, 'r');
    const log = openSync(logFile, 'r');
    try {
      const chunk = Buffer.allocUnsafe(READ_BYTES);
      let [chunkStart, chunkEnd] = [0, 0];
      /** Bytes `start` to `end` of the log's file, in pieces no longer than a chunk. */
      function* bytes(start: number, end: number): Generator<Buffer> {
        for (let position = start; position < end;) {
          if (position < chunkStart || position >= chunkEnd) {
            const read = readSync(log, chunk, 0, chunk.length, position);
            if (read === 0) return;
            [chunkStart, chunkEnd] = [position, position + read];
          }
          const piece = chunk.subarray(position - chunkStart, Math.min(end, chunkEnd) - chunkStart);
          yield piece;
          position += piece.length;
        }
      }
      let start = 0;
      for (const [time, end] of this.#entries(index)) {
        if (end > limit) break;
        let lines = 0;
        const counted = function* () {
          for (const piece of bytes(start, end)) {
            for (let at = piece.indexOf(10); at !== -1; at = piece.indexOf(10, at + 1)) lines += 1;
            yield piece;
          }
        };
        const key = recordKey(time, counted());
        records.add({ time, key, start, end, lines });
        start = end;
      }
    } finally {
      closeSync(index);
      closeSync(log);
    }
    return records;
  }

  /** The file's entries, then the pending ones. */
  *#entries(index: number): Generator<[number, number]> {
    const batch = Buffer.allocUnsafe(ENTRY_BYTES * BATCH_ENTRIES);
    for (let position = 0; position < this.#fileBytes;) {
      const length = Math.min(batch.length, this.#fileBytes - position);
      const read = readSync(index, batch, 0, length, position);
      const whole = read - (read % ENTRY_BYTES);
      if (whole === 0) break;
      yield* entriesOf(batch.subarray(0, whole));
      position += whole;
    }
    yield* entriesOf(this.#pending.subarray(0, this.#pendingBytes));
  }
}

function* entriesOf(batch: Buffer): Generator<[number, number]> {
  for (let at = 0; at < batch.length; at += ENTRY_BYTES) {
    yield [batch.readDoubleLE(at), batch.readDoubleLE(at + 8)];
  }
}
