// Preloaded into the measured process (`node --import`): at exit, its own peak RSS (VmHWM, this
// process image only) goes to the file named by BENCH_PEAK_RSS_FILE.
import { readFileSync, writeFileSync } from 'node:fs';

process.on('exit', () => {
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  if (kib !== undefined && process.env.BENCH_PEAK_RSS_FILE) {
    writeFileSync(process.env.BENCH_PEAK_RSS_FILE, String(Number(kib) * 1024));
  }
});
