// Reading a build's log from the service. The logs endpoint returns the whole log every time: each
// read streams past the entries the BuildLog has and hands it the last one it took (to check it is
// still there) and the new ones; an answer with the very bytes of the last one parsed (its length
// and sha256) holds the very entries, and is hashed but not parsed again, after the build ended
// too. A log that stopped making sense is handed over whole, and only once the build ended.
import type { LogFingerprint, LogRead, LogStreamOptions } from '../service/log-stream.ts';
import type { Sleep } from '../http/retry.ts';
import type { BuildLog } from './build-log.ts';
import { createLimiter, type Turns } from '../shared/limit.ts';

export interface LogReader {
  readBuildLog(
    buildId: string,
    options: LogStreamOptions & { signal?: AbortSignal },
  ): Promise<LogRead>;
}

const QUIET_READS = 2;

export interface ReadToEndOptions {
  pauseMs: number;
  /** Upper bound on reads, so a log that never stops growing cannot hold the step. */
  maxReads?: number;
  sleep: Sleep;
  signal?: AbortSignal;
}

/**
 * Reads of one build's log, one at a time. Reads of all builds take `turns`, so that large logs are
 * not parsed all at once (bench/README.md, Logs). A read still going after its turn goes on beside
 * the next, so a slow logs endpoint costs only its own log. `signal` ends them all, a read under
 * way included. The first live read (`poke`) that fails is handed to `onLiveReadFailed`; later
 * ones are not, and a read that `signal` ended is no failure.
 */
export class LogReads {
  readonly #client: LogReader;
  readonly #buildId: string;
  readonly #log: BuildLog;
  readonly #turns: Turns;
  readonly #signal: AbortSignal;
  readonly #onLiveReadFailed: (error: unknown) => void;
  readonly #turn = createLimiter(1);
  /** The last answer parsed; none when the next one is to be parsed whatever it holds. */
  #last: LogFingerprint | undefined;
  #pending = 0;
  #liveFailureTold = false;

  constructor(
    client: LogReader,
    buildId: string,
    log: BuildLog,
    turns: Turns,
    signal: AbortSignal,
    onLiveReadFailed: (error: unknown) => void = () => {},
  ) {
    this.#client = client;
    this.#buildId = buildId;
    this.#log = log;
    this.#turns = turns;
    this.#signal = signal;
    this.#onLiveReadFailed = onLiveReadFailed;
  }

  /** Reads the log into the BuildLog once, after any read of this build still under way. */
  async read(): Promise<void> {
    this.#pending += 1;
    try {
      await this.#turn(() => this.#readOnce());
    } finally {
      this.#pending -= 1;
    }
  }

  /**
   * Starts a read unless one is under way, without waiting for it; a failure is made up later. A
   * disordered log is not read while the build runs: it is read whole once it ended.
   */
  poke(): void {
    if (this.#pending > 0 || this.#log.disordered) return;
    this.read().catch((error: unknown) => {
      if (this.#signal.aborted || this.#liveFailureTold) return;
      this.#liveFailureTold = true;
      this.#onLiveReadFailed(error);
    });
  }

  /** Resolves once no read of this build is under way (its signal ends one first). */
  settled(): Promise<void> {
    return this.#turn(async () => {});
  }

  async #readOnce(): Promise<void> {
    const log = this.#log;
    const wasDisordered = log.disordered;
    try {
      const answer = await this.#turns(() =>
        this.#client.readBuildLog(this.#buildId, {
          from: () => log.from,
          onEntry: (entry, index) => log.add(entry, index),
          last: this.#last,
          signal: this.#signal,
        }),
      );
      if (answer.changed) {
        log.counted(answer.entries);
        // The read that found the disorder left the rest of its answer untaken: the next one
        // is read whole, whatever it holds.
        this.#last = log.disordered && !wasDisordered ? undefined : answer.fingerprint;
      }
    } finally {
      await log.flush();
    }
  }
}

/**
 * Reads a finished build's log until `QUIET_READS` reads in a row bring nothing new. A read that
 * fails ends it: the caller says so and goes on.
 */
export async function readLogToEnd(
  read: () => Promise<void>,
  log: BuildLog,
  options: ReadToEndOptions,
): Promise<void> {
  const maxReads = options.maxReads ?? 40;
  let quiet = 0;
  for (let reads = 1; ; reads += 1) {
    const before = log.progress;
    await read();
    quiet = log.progress !== before ? 0 : quiet + 1;
    if (quiet >= QUIET_READS || reads >= maxReads || options.signal?.aborted) return;
    await options.sleep(options.pauseMs, options.signal);
  }
}
