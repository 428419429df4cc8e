// How a build's log reads in the step's output (pure). The service's text is untrusted: printed
// lines sit between `::stop-commands::<token>` and `::<token>::`, and a quoted line is made inert.
import { randomBytes } from 'node:crypto';
import type { LogEntry } from '../api/schemas.ts';

export const newStopToken = (): string => randomBytes(16).toString('hex');

/** The runner prints everything between these two lines as text, whatever it looks like. */
export const stopCommands = (token: string): [string, string] => [
  `::stop-commands::${token}`,
  `::${token}::`,
];

const clockTime = (timestamp: string): string => {
  const time = /T(\d\d:\d\d:\d\d)/.exec(timestamp);
  return time?.[1] ?? timestamp;
};

/** One printed line per line of text; `\r` would let a line rewrite what the runner shows. */
export const formatLogEntry = (entry: LogEntry): string[] =>
  entry.message
    .split(/\r\n|\r|\n/)
    .map((line) => `${clockTime(entry.timestamp)} ${entry.level.padEnd(7)} ${line}`);

// Control characters and bidirectional controls: a quoted line must not break the line it sits
// in, nor display as something else.
// eslint-disable-next-line no-control-regex
const NOT_INERT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** A log line made safe to quote inside one of our own lines: one line, no controls, cut short. */
export function inert(text: string, maxChars = 80): string {
  const flat = text.replace(NOT_INERT, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > maxChars ? `${flat.slice(0, maxChars - 1)}…` : flat;
}

const isErrorEntry = (entry: LogEntry): boolean =>
  /^(error|fatal|failed|failure)$/i.test(entry.level) || /\berror\b/i.test(entry.message);

/**
 * The lines a failure annotation quotes, kept as the log goes by: the last error lines, or the
 * last lines when none says error. Holds at most `count` of each, whatever the log's length.
 */
export class QuoteTail {
  readonly #count: number;
  #errors: string[] = [];
  #last: string[] = [];

  constructor(count = 5) {
    this.#count = count;
  }

  add(entry: LogEntry): void {
    this.#last = keepLast(this.#last, entry.message, this.#count);
    if (isErrorEntry(entry)) this.#errors = keepLast(this.#errors, entry.message, this.#count);
  }

  lines(): string[] {
    return (this.#errors.length > 0 ? this.#errors : this.#last).slice(-this.#count);
  }
}

function keepLast(lines: string[], line: string, count: number): string[] {
  lines.push(line);
  if (lines.length > count * 2) return lines.slice(-count);
  return lines;
}
