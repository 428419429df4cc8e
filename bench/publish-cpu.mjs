// Preloaded into the measured process (`node --import`) by the publish bench: at exit, the CPU
// time it used (user + system, every thread of it: the download's hashing thread too), in µs, goes
// to the file named by BENCH_CPU_FILE. At these speeds the uploader is CPU-bound, and on a machine
// shared with other work its CPU time moves less than its wall time.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const { userCPUTime, systemCPUTime } = process.resourceUsage();
  if (process.env.BENCH_CPU_FILE) {
    writeFileSync(process.env.BENCH_CPU_FILE, String(userCPUTime + systemCPUTime));
  }
});
