// Which entries of a build's log are taken, and when it stops making sense (pure). The logs endpoint
// lists the whole log every time, chronologically (spec §4.2): each read hands over the last entry
// taken, to check it is still there, and the new ones; each is taken once, in order. A log that
// shrinks or changes order (newest first, rotated) is disordered, once: from then on each read
// hands it over whole, as a new reading, and the latest reading is what is reconciled with the
// entries taken before (log-records.ts) when the build ends.
import type { LogEntry } from '../service/schemas.ts';

/** What to do with an entry a read hands over. */
export type Placement =
  | { readonly kind: 'skip' }
  /** The next entry in order, logged at `time` (NaN: no time). */
  | { readonly kind: 'take'; readonly time: number }
  /** An entry of the whole reading under way; `begins`: the first one, the reading before is done. */
  | { readonly kind: 'reread'; readonly time: number; readonly begins: boolean }
  /** The log stopped making sense just now; `reason` says how. */
  | { readonly kind: 'disorder'; readonly reason: string };

/** What a read's count of entries means: nothing new, the disorder, or an empty whole reading. */
export type Count = { readonly kind: 'skip' | 'begin' } | Extract<Placement, { kind: 'disorder' }>;

const SKIP = { kind: 'skip' } as const;

export class LogOrder {
  /** Entries of the service's log already taken: each read's entries from here on are new. */
  #taken = 0;
  /** The entry at `#taken - 1`: the next read must still have it there. */
  #lastEntry: LogEntry | undefined;
  #lastTime = Number.NEGATIVE_INFINITY;
  /** Why the log stopped making sense; from then on it is read whole. */
  #disorder: string | undefined;
  /** The index the whole reading under way expects next; undefined when none is under way. */
  #readingNext: number | undefined;
  /** Entries of the last whole reading. */
  #readingCount: number | undefined;
  #progress = 0;

  get taken(): number {
    return this.#taken;
  }

  /** Where a read hands entries from: the last one taken, to check it is still there; or 0. */
  get from(): number {
    return this.#disorder === undefined ? Math.max(0, this.#taken - 1) : 0;
  }

  /** Why the log stopped making sense; undefined while it makes sense. */
  get disorder(): string | undefined {
    return this.#disorder;
  }

  /** A number that changes whenever a read brings something new, and only then. */
  get progress(): number {
    return this.#progress;
  }

  /**
   * The entry at `index` of the service's log. The entry at `from` must be the last one taken, and
   * a new entry must not be older than it: otherwise the log is disordered.
   */
  place(entry: LogEntry, index: number): Placement {
    if (this.#disorder !== undefined) return this.#reread(entry, index);
    if (index === this.#taken - 1) {
      if (sameEntry(entry, this.#lastEntry)) return SKIP;
      return this.#disordered(`changed order: entry ${index + 1} is no longer the one shown there`);
    }
    if (index !== this.#taken) return SKIP;
    const time = Date.parse(entry.timestamp);
    if (time < this.#lastTime) {
      return this.#disordered(
        `is not in chronological order: entry ${index + 1} is older than entry ${index}`,
      );
    }
    if (!Number.isNaN(time)) this.#lastTime = time;
    this.#taken = index + 1;
    this.#progress += 1;
    this.#lastEntry = entry;
    return { kind: 'take', time };
  }

  /** After a read: the service's log holds `entries` entries; fewer than taken is a shrink. */
  counted(entries: number): Count {
    if (this.#disorder === undefined) {
      if (entries >= this.#taken) return SKIP;
      return this.#disordered(
        `shrank: it has ${entries} entries, fewer than the ${this.#taken} already shown`,
      );
    }
    // A log emptied by a rotation hands over no entry that would begin a reading.
    const begins = entries === 0 && this.#readingNext === undefined;
    if (this.#readingNext === undefined && !begins) return SKIP;
    this.#readingNext = undefined;
    if (entries !== this.#readingCount) this.#progress += 1;
    this.#readingCount = entries;
    return begins ? { kind: 'begin' } : SKIP;
  }

  #disordered(reason: string): Extract<Placement, { kind: 'disorder' }> {
    this.#disorder = reason;
    this.#progress += 1;
    return { kind: 'disorder', reason };
  }

  /** A whole reading after the disorder: it replaces the one before, from its first entry on. */
  #reread(entry: LogEntry, index: number): Placement {
    if (index !== 0 && index !== this.#readingNext) return SKIP;
    this.#readingNext = index + 1;
    return { kind: 'reread', time: Date.parse(entry.timestamp), begins: index === 0 };
  }
}

/** Whether `entry` is `other`, as the service listed it. */
const sameEntry = (entry: LogEntry, other: LogEntry | undefined): boolean =>
  other !== undefined &&
  entry.timestamp === other.timestamp &&
  entry.level === other.level &&
  entry.message === other.message;
