// Where each entry of a disordered build's log lies in its file, when it was logged and what
// identifies it: enough to print it in time order, each entry once, without holding its text (a
// verbose build logs 100,000 lines). Pure; log-spool.ts and log-index.ts do the I/O.
import { createHash } from 'node:crypto';

/**
 * A number that identifies an entry: when it was logged and its lines as printed (`text`, in
 * pieces), 48 bits of a hash, so 100,000 entries collide with odds of about one in 50,000 (and a
 * collision costs one line). Computed only for a log that turned out disordered.
 */
export function recordKey(time: number, text: Iterable<string | Uint8Array>): number {
  const key = recordKeyOf(time);
  for (const piece of text) key.update(piece);
  return key.digest();
}

/** `recordKey` for text that comes in pieces over time (read back from a file). */
export function recordKeyOf(time: number): {
  update(piece: string | Uint8Array): void;
  digest(): number;
} {
  const hash = createHash('sha1').update(`${time}\n`);
  return {
    update: (piece) => void hash.update(piece),
    digest: () => hash.digest().readUIntBE(0, 6),
  };
}

/** One entry as it lies in the file: bytes `start` to `end`, `lines` printed lines. */
export interface LogRecord {
  readonly time: number;
  readonly key: number;
  readonly start: number;
  readonly end: number;
  readonly lines: number;
}

/** Numbers per entry: time, key, start, end, lines. */
const FIELDS = 5;

/**
 * The entries of one reading of a log, in the order they came: five numbers each in one growing
 * Float64Array (40 bytes an entry, 4 MB for a verbose build's 100,000), objects only when asked.
 */
export class LogRecords {
  #columns = new Float64Array(FIELDS * 1024);
  #length = 0;
  #lastTime = Number.NEGATIVE_INFINITY;

  /** `time` NaN (a timestamp that is not one) sorts right after the entry before it. */
  add({ time, key, start, end, lines }: LogRecord): void {
    const sortable = Number.isNaN(time) ? this.#lastTime : time;
    this.#lastTime = sortable;
    if ((this.#length + 1) * FIELDS > this.#columns.length) {
      const grown = new Float64Array(this.#columns.length * 2);
      grown.set(this.#columns);
      this.#columns = grown;
    }
    this.#columns.set([sortable, key, start, end, lines], this.#length * FIELDS);
    this.#length += 1;
  }

  get length(): number {
    return this.#length;
  }

  /** Keeps only the entries whose bytes are all within the first `bytes` of the file. */
  keepWithin(bytes: number): void {
    while (this.#length > 0 && this.#columns[(this.#length - 1) * FIELDS + 3]! > bytes) {
      this.#length -= 1;
    }
  }

  get records(): LogRecord[] {
    const records: LogRecord[] = [];
    for (let at = 0; at < this.#length * FIELDS; at += FIELDS) {
      const [time, key, start, end, lines] = this.#columns.subarray(at, at + FIELDS);
      records.push({ time: time!, key: key!, start: start!, end: end!, lines: lines! });
    }
    return records;
  }
}

/**
 * The entries of `final` (the whole log read again) that `shown` (the entries taken before) lacks,
 * matched one for one by key: a line logged twice and shown twice is not added a third time.
 */
export function missingFrom(shown: LogRecords, final: LogRecords): LogRecord[] {
  const counts = new Map<number, number>();
  for (const { key } of shown.records) counts.set(key, (counts.get(key) ?? 0) + 1);
  return final.records.filter(({ key }) => {
    const left = counts.get(key) ?? 0;
    if (left > 0) counts.set(key, left - 1);
    return left === 0;
  });
}

/** Records in time order; records of the same time keep the order they are given in. */
export const inTimeOrder = (records: readonly LogRecord[]): LogRecord[] =>
  records
    .map((record, order) => ({ record, order }))
    .sort((a, b) => a.record.time - b.record.time || a.order - b.order)
    .map(({ record }) => record);
