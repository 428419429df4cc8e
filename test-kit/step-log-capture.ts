// What the step's log printed during one test, read without touching process.stdout: the log's
// writer is swapped for a collector, and put back when the test ends (or at `restore()`).
// @actions/core and the libraries that print themselves still write to process.stdout, which
// __tests__/setup.ts routes to the test's console.
import { onTestFinished } from 'vitest';
import { stepLog, type LogWriter, type StepLog } from '../src/runner/log.ts';

export interface StepLogCapture {
  /** Everything printed so far. */
  text(): string;
  /** The same split at line ends; the last element is what follows the last line end. */
  lines(): string[];
  /** Puts the previous writer back (also done when the test ends). */
  restore(): void;
}

/** Call inside a test or its `beforeEach`. */
export function captureStepLog(log: StepLog = stepLog): StepLogCapture {
  const chunks: Buffer[] = [];
  const collector: LogWriter = {
    write(text, written) {
      // A copy: a printer may reuse its buffer once the write is out.
      chunks.push(Buffer.from(text));
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
  return { text, lines: () => text().split(/\r?\n/), restore };
}
