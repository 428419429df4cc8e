// A child for runner/log.test.ts, whose stdout the test reads slowly: prints one build's long log group
// through the step's real output while a timer ticks and prints `tick <n>` as another build would,
// then says on stderr, as one JSON line, when each tick came and the most memory held in buffers.
// Arguments: how many log lines, and the tick interval in ms.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BuildLog } from '../../src/builds/build-log.ts';
import { stepLog } from '../../src/runner/log.ts';

export interface PrinterReport {
  printStart: number;
  printEnd: number;
  ticks: number[];
  /** `process.memoryUsage().arrayBuffers` once the log was in its file, before printing. */
  buffersBefore: number;
  buffersPeak: number;
}

const [lineCount, tickMs] = process.argv.slice(2).map(Number) as [number, number];
const folder = mkdtempSync(path.join(os.tmpdir(), 'slow-stdout-'));
try {
  const fail = (what: string) => (reason: unknown) => {
    throw new Error(`unexpected ${what}: ${String(reason)}`);
  };
  const log = BuildLog.toFile('linux/x64', stepLog, path.join(folder, 'build.log'), {
    onDisorder: fail('disorder'),
    onSpoolFailure: fail('spool failure'),
  });
  for (let index = 0; index < lineCount; index += 1) {
    const message = `line ${index} ${'x'.repeat(40)}`;
    log.add({ timestamp: '2026-03-01T10:11:12.000Z', level: 'info', message }, index);
  }
  // Printing starts once every line is in the log's file.
  await log.flush();
  const buffersBefore = process.memoryUsage().arrayBuffers;
  const report: PrinterReport = {
    printStart: performance.now(),
    printEnd: 0,
    ticks: [],
    buffersBefore,
    buffersPeak: buffersBefore,
  };
  // real time: this child's event loop must really tick while its stdout is read slowly
  const ticker = setInterval(() => {
    report.buffersPeak = Math.max(report.buffersPeak, process.memoryUsage().arrayBuffers);
    stepLog.info(`tick ${report.ticks.length}`);
    report.ticks.push(performance.now());
  }, tickMs);
  await log.printGroup('success');
  report.printEnd = performance.now();
  clearInterval(ticker);
  process.stderr.write(`${JSON.stringify(report)}\n`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
