// The suite's rule on time (CONTRIBUTING.md, "Develop and test"): a test that waits uses an
// injected clock where the code takes one; a wait that is real by nature (a socket that must
// really stall, a child process, the event loop reaching another turn) says why with a
// `real time:` comment on its line or the line above. This test reads every test file for a real
// timer without that reason.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A call that waits on the process's own clock (`clock.sleep(…)` is an injected one). */
const REAL_TIMER = /(?<![\w$.])(?:setTimeout|setInterval|sleep|delay)\s*\(/;
const REASON = /\/\/.*\breal time: \S/;

/** e2e tests run the bundle as the runner does, in a process of its own on the real clock. */
const isEndToEnd = (file: string): boolean =>
  file.endsWith('.e2e.test.ts') || file.split(path.sep).includes('e2e');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !isEndToEnd(path.relative(dir, file)))
    .sort();
}

/** `file:line: text` of each real timer under `root`/__tests__ with no reason beside it. */
export function unexplainedRealTimers(root: string): string[] {
  const tests = path.join(root, '__tests__');
  return testFiles(tests).flatMap((file) => {
    const lines = readFileSync(file, 'utf8').split('\n');
    return lines.flatMap((line, index) => {
      if (!REAL_TIMER.test(line)) return [];
      if (REASON.test(line) || REASON.test(lines[index - 1] ?? '')) return [];
      return [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`];
    });
  });
}

describe('real timers in tests', () => {
  it('each one in the suite says why it is real', () => {
    expect(unexplainedRealTimers(ROOT)).toEqual([]);
  });

  describe('on a planted tree', () => {
    const plant = (files: Record<string, string>): string => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'test-rules-'));
      for (const [name, text] of Object.entries(files)) {
        const file = path.join(root, '__tests__', name);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
      return root;
    };
    // Spelled in pieces, so this file holds no timer itself.
    const wait = (ms: number) => `await new Promise((resolve) => set${'Timeout'}(resolve, ${ms}));`;

    it('catches a short real wait without a reason, and each spelling of one', () => {
      const root = plant({
        'builds/planted.test.ts': `it('waits', async () => {\n  ${wait(50)}\n});\n`,
        'support/helpers.ts': [
          `const pause = () => ${'sl'}eep(10);`,
          `setInt${'erval'}(tick, 5);`,
          `await de${'lay'}(20);`,
        ].join('\n'),
      });
      try {
        expect(unexplainedRealTimers(root)).toEqual([
          `__tests__/builds/planted.test.ts:2: ${wait(50)}`,
          `__tests__/support/helpers.ts:1: const pause = () => ${'sl'}eep(10);`,
          `__tests__/support/helpers.ts:2: setInt${'erval'}(tick, 5);`,
          `__tests__/support/helpers.ts:3: await de${'lay'}(20);`,
        ]);
      } finally {
        rmSync(root, { recursive: true });
      }
    });

    it('takes one with its reason, an injected clock, and an e2e file', () => {
      const root = plant({
        'a.test.ts': [
          `// real time: the socket must really stall`,
          wait(50),
          `${wait(5)} // real time: a child process`,
          `await clock.${'sl'}eep(1_000);`,
        ].join('\n'),
        'e2e/run.e2e.test.ts': wait(100),
        'config/file.e2e.test.ts': wait(100),
      });
      try {
        expect(unexplainedRealTimers(root)).toEqual([]);
      } finally {
        rmSync(root, { recursive: true });
      }
    });
  });
});
