// Reading a build's log from the service. The logs endpoint returns the whole log every time: each
// read streams past the entries the BuildLog has and hands it only the new ones, and an answer as
// long as the last one is not read at all.
import type { LogRead, LogStreamOptions } from '../api/log-stream.ts';
import type { Sleep } from '../api/retry.ts';
import type { BuildLog } from './build-log.ts';
import type { Limiter } from './limit.ts';

export interface LogReader {
  readBuildLog(buildId: string, o: LogStreamOptions & { signal?: AbortSignal }): Promise<LogRead>;
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
 * A function that reads the build's log into `log` once per call. Reads of all builds take turns
 * through `limiter`: each is a large response to parse.
 */
export function logReads(
  client: LogReader,
  buildId: string,
  log: BuildLog,
  limiter: Limiter,
  signal?: AbortSignal,
): () => Promise<void> {
  let lastBytes: number | undefined;
  return () =>
    limiter(async () => {
      try {
        const read = await client.readBuildLog(buildId, {
          from: () => log.taken,
          onEntry: (entry, index) => log.add(entry, index),
          lastBytes,
          signal,
        });
        if (read.changed) lastBytes = read.bytes;
      } finally {
        await log.flush();
      }
    });
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
