// Reading a build's log from the service. The logs endpoint returns the whole log every time, so
// each read hands its entries to the BuildLog, which keeps only what is new.
import type { LogEntry } from '../api/schemas.ts';
import type { Sleep } from '../api/retry.ts';
import type { BuildLog } from './build-log.ts';
import type { Limiter } from './limit.ts';

export interface LogReader {
  getBuildLogs(buildId: string, o?: { signal?: AbortSignal }): Promise<{ logs: LogEntry[] }>;
}

export interface SettleOptions {
  /** Pause between reads. */
  pauseMs: number;
  /** Consecutive reads without a new entry that count as "stopped growing". */
  quietReads?: number;
  /** Upper bound on reads, so a log that never stops growing cannot hold the step. */
  maxReads?: number;
  sleep: Sleep;
  signal?: AbortSignal;
}

/**
 * One read into the log. Reads of all builds go through one limiter: a long log's response is
 * large, and only one at a time is held in memory.
 */
export async function readInto(
  client: LogReader,
  buildId: string,
  log: BuildLog,
  limiter: Limiter,
  signal?: AbortSignal,
): Promise<void> {
  await limiter(async () => log.take((await client.getBuildLogs(buildId, { signal })).logs));
}

/** Reads a finished build's log until `quietReads` reads in a row bring nothing new. */
export async function settleLog(
  read: () => Promise<void>,
  log: BuildLog,
  options: SettleOptions,
): Promise<void> {
  const quietReads = options.quietReads ?? 2;
  const maxReads = options.maxReads ?? 40;
  let quiet = 0;
  for (let reads = 1; ; reads += 1) {
    const before = log.taken;
    await read();
    quiet = log.taken > before ? 0 : quiet + 1;
    if (quiet >= quietReads || reads >= maxReads || options.signal?.aborted) return;
    await options.sleep(options.pauseMs, options.signal);
  }
}
