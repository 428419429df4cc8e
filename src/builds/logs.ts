// A build's log: read until it stops growing, then printed once as one group that cannot run
// workflow commands (the service's text is untrusted).
import { randomBytes } from 'node:crypto';
import type { LogEntry } from '../api/schemas.ts';
import type { Sleep } from '../api/retry.ts';
import { labelOf, type TrackedBuild } from './types.ts';

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

/** Reads a finished build's log until `quietReads` reads in a row bring nothing new. */
export async function readSettledLogs(
  client: LogReader,
  buildId: string,
  options: SettleOptions,
): Promise<LogEntry[]> {
  const quietReads = options.quietReads ?? 2;
  const maxReads = options.maxReads ?? 40;
  let entries: LogEntry[] = [];
  let quiet = 0;
  for (let reads = 1; ; reads += 1) {
    const { logs } = await client.getBuildLogs(buildId, { signal: options.signal });
    quiet = logs.length > entries.length ? 0 : quiet + 1;
    if (logs.length >= entries.length) entries = logs;
    if (quiet >= quietReads || reads >= maxReads || options.signal?.aborted) return entries;
    await options.sleep(options.pauseMs, options.signal);
  }
}

export const newStopToken = (): string => randomBytes(16).toString('hex');

const clockTime = (timestamp: string): string => {
  const time = /T(\d\d:\d\d:\d\d)/.exec(timestamp);
  return time?.[1] ?? timestamp;
};

/** One printed line per line of text; `\r` would let a line rewrite what the runner shows. */
export const formatLogEntry = (entry: LogEntry): string[] =>
  entry.message
    .split(/\r\n|\r|\n/)
    .map((line) => `${clockTime(entry.timestamp)} ${entry.level.padEnd(7)} ${line}`);

/**
 * The lines of one build's log group. Everything between `::stop-commands::<token>` and
 * `::<token>::` is printed as plain text by the runner, whatever it looks like.
 */
export function formatLogGroup(
  build: TrackedBuild,
  entries: readonly LogEntry[],
  token: string,
): string[] {
  const body = entries.flatMap(formatLogEntry);
  return [
    `::group::${labelOf(build)} · ${build.status}`,
    `::stop-commands::${token}`,
    ...(body.length > 0 ? body : ['(the service returned no log lines)']),
    `::${token}::`,
    '::endgroup::',
  ];
}

/** The last error lines of a log (or its last lines when none says error), for an annotation. */
export function lastErrorLines(entries: readonly LogEntry[], count = 5): string[] {
  const errors = entries.filter(
    (entry) =>
      /^(error|fatal|failed|failure)$/i.test(entry.level) || /\berror\b/i.test(entry.message),
  );
  return (errors.length > 0 ? errors : entries).slice(-count).map((entry) => entry.message);
}
