// How a build's log reads in the step's output (pure). The service's text is untrusted: printed
// lines sit between `::stop-commands::<token>` and `::<token>::`, and a quoted line is made inert.
import type { LogEntry } from '../service/schemas.ts';
import { commandText, cut } from '../text/escape.ts';

/** A level is a short word (`info`, `error`); anything longer is cut to this. */
const MAX_LEVEL_CHARS = 16;
/** One printed line of a message at most this long: a 50 MB line must not become a 50 MB line. */
export const MAX_LINE_CHARS = 64 * 1024;
/** A line an annotation may quote is kept this long at most. */
export const MAX_QUOTE_CHARS = 300;

const clockTime = (timestamp: string): string => {
  const time = /T(\d\d:\d\d:\d\d)/.exec(timestamp);
  return time?.[1] ?? commandText(timestamp, 30);
};

/** `line`, or its first `maxChars` characters and how many more were cut. */
export function boundLine(line: string, maxChars = MAX_LINE_CHARS): string {
  if (line.length <= maxChars) return line;
  // Never half of a surrogate pair: the cut line stays valid text.
  const end = /[\ud800-\udbff]/.test(line[maxChars - 1]!) ? maxChars - 1 : maxChars;
  return `${line.slice(0, end)} … (${line.length - end} more characters cut)`;
}

/** One printed line per line of text; `\r` would let a line rewrite what the runner shows. */
export function formatLogEntry(entry: LogEntry): string[] {
  const prefix = `${clockTime(entry.timestamp)} ${commandText(entry.level, MAX_LEVEL_CHARS).padEnd(7)}`;
  return entry.message.split(/\r\n|\r|\n/).map((line) => `${prefix} ${boundLine(line)}`);
}

const isErrorEntry = (entry: LogEntry): boolean =>
  /^(error|fatal|failed|failure)$/i.test(entry.level) || /\berror\b/i.test(entry.message);

interface Quoted {
  readonly line: string;
  readonly time: number;
}

/**
 * The lines a failure annotation quotes, kept as the log goes by: the last error lines, or the
 * last lines when none says error; "last" by time, so a log read out of order quotes the same
 * lines. Holds at most `count` of each, whatever the log's length.
 */
export class QuoteTail {
  readonly #count: number;
  #errors: Quoted[] = [];
  #last: Quoted[] = [];
  #lastTime = Number.NEGATIVE_INFINITY;

  constructor(count = 5) {
    this.#count = count;
  }

  /**
   * `time`: when it was logged (default: right after the entry before); `again`: the entry comes
   * from the log read again, so one of the same time and line is already quoted and not twice.
   */
  add(entry: LogEntry, time = this.#lastTime, again = false): void {
    this.#lastTime = Number.isNaN(time) ? this.#lastTime : time;
    const quoted = { line: cut(entry.message, MAX_QUOTE_CHARS), time: this.#lastTime };
    this.#last = keepLatest(this.#last, quoted, this.#count, again);
    if (isErrorEntry(entry)) this.#errors = keepLatest(this.#errors, quoted, this.#count, again);
  }

  lines(): string[] {
    return (this.#errors.length > 0 ? this.#errors : this.#last).map((quoted) => quoted.line);
  }
}

/** The `count` latest of `kept` and `quoted` (`again`: not if one of its time and line is kept). */
function keepLatest(kept: Quoted[], quoted: Quoted, count: number, again: boolean): Quoted[] {
  const same = (other: Quoted) => other.time === quoted.time && other.line === quoted.line;
  if (again && kept.some(same)) return kept;
  let at = kept.length;
  while (at > 0 && kept[at - 1]!.time > quoted.time) at -= 1;
  if (at === 0 && kept.length >= count) return kept;
  kept.splice(at, 0, quoted);
  if (kept.length > count) kept.shift();
  return kept;
}
