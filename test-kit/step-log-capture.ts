// What the step's log printed during one test, read without touching process.stdout: the log's
// writer is swapped for a collector, and put back when the test ends (or at `restore()`).
// @actions/core and the libraries that print themselves still write to process.stdout, which
// __tests__/setup.ts routes to the test's console.
import { StringDecoder } from 'node:string_decoder';
import { onTestFinished } from 'vitest';
import { stepLog, type LogWriter, type StepLog } from '../src/runner/log.ts';

export interface StepLogCapture {
  /** Everything printed so far. */
  text(): string;
  /** The same split at line ends; the last element is what follows the last line end. */
  lines(): string[];
  /** Resolves to the first whole line, printed so far or later, that `matches` takes. */
  lineWhere(matches: (line: string) => boolean): Promise<string>;
  /** Puts the previous writer back (also done when the test ends). */
  restore(): void;
}

/** Call inside a test or its `beforeEach`. */
export function captureStepLog(log: StepLog = stepLog): StepLogCapture {
  const chunks: Buffer[] = [];
  const decoder = new StringDecoder('utf8');
  const whole: string[] = [];
  let partial = '';
  const waiting = new Set<{ matches: (line: string) => boolean; found: (line: string) => void }>();
  const take = (bytes: Buffer) => {
    const parts = (partial + decoder.write(bytes)).split(/\r?\n/);
    partial = parts.pop() ?? '';
    for (const line of parts) {
      whole.push(line);
      for (const waiter of waiting) {
        if (!waiter.matches(line)) continue;
        waiting.delete(waiter);
        waiter.found(line);
      }
    }
  };
  const collector: LogWriter = {
    write(text, written) {
      // A copy: a printer may reuse its buffer once the write is out.
      const bytes = Buffer.from(text);
      chunks.push(bytes);
      take(bytes);
      // Out at once, as on a stream that keeps up: a group's print waiting for it goes on.
      if (written) process.nextTick(written);
      return true;
    },
  };
  const putBack = log.writeTo(collector);
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    putBack();
  };
  onTestFinished(restore);
  const text = () => Buffer.concat(chunks).toString('utf8');
  return {
    text,
    lines: () => text().split(/\r?\n/),
    lineWhere: (matches) => {
      const printed = whole.find(matches);
      if (printed !== undefined) return Promise.resolve(printed);
      return new Promise((found) => waiting.add({ matches, found }));
    },
    restore,
  };
}
