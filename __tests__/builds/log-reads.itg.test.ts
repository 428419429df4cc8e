// A build's log reads against the emulator, on a clock the test moves: an answer with the very
// bytes of the last one parsed is read and hashed, never parsed again, also once the build ended;
// an answer with other bytes (of the same length) is parsed.
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import type { LogFingerprint, LogRead } from '../../src/service/log-stream.ts';
import { BuildLog } from '../../src/builds/build-log.ts';
import { followBuild, type Follower } from '../../src/builds/follow-build.ts';
import { LogReads, readLogToEnd } from '../../src/builds/logs.ts';
import { resultOf, type BuildResult } from '../../src/builds/result.ts';
import type { BuildClient } from '../../src/builds/types.ts';
import { stepDeadline } from '../../src/runner/deadline.ts';
import { StepLog } from '../../src/runner/log.ts';
import { createTurns } from '../../src/shared/limit.ts';
import { createManualClock, startEmulator, type Emulator } from '../../emulator/index.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';
import { virtualClock } from '../support/virtual-clock.ts';
import { PROJECT_ID, clientFor, seedProject } from './support.ts';

const clock = createManualClock();
let emulator: Emulator;
let client: BuildServiceClient;

beforeAll(async () => {
  emulator = await startEmulator({
    clock,
    queuedMs: 100,
    buildingMs: 1_000,
    logLinesPerInterval: 5,
    seedProjects: [seedProject],
  });
  client = clientFor(emulator);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
afterEach(() => emulator.resetFaults());

/** What each logs answer was: parsed (with its fingerprint) or the one parsed before. */
type Answer = { parsed: false } | { parsed: true; fingerprint: LogFingerprint };

/**
 * The real client, telling what each of its logs answers was and when no read is under way. It
 * passes every call on as it is: only the test's sleep waits for the reads.
 */
function telling(real: BuildServiceClient) {
  const answers: Answer[] = [];
  const underWay = new Set<Promise<unknown>>();
  const tell = (answer: LogRead): Answer =>
    answer.changed ? { parsed: true, fingerprint: answer.fingerprint } : { parsed: false };
  const client: BuildClient = {
    getBuildOnce: (buildId, options) => real.getBuildOnce(buildId, options),
    getBuild: (buildId, options) => real.getBuild(buildId, options),
    getProject: (projectId, options) => real.getProject(projectId, options),
    listBuilds: (projectId, options) => real.listBuilds(projectId, options),
    triggerBuild: (projectId, body, options) => real.triggerBuild(projectId, body, options),
    downloadArtifact: (buildId, options) => real.downloadArtifact(buildId, options),
    readBuildLog: (buildId, options) => {
      const read = real.readBuildLog(buildId, options).then((answer) => {
        answers.push(tell(answer));
        return answer;
      });
      underWay.add(read);
      void read.catch(() => {}).finally(() => underWay.delete(read));
      return read;
    },
  };
  /** Once the reads under way ended (a live read starts a tick after its poll). */
  const readsDone = async () => {
    await new Promise(setImmediate);
    while (underWay.size > 0) await Promise.allSettled([...underWay]);
  };
  return { client, answers, readsDone };
}

const silent = new StepLog(new Writable({ write: (_chunk, _encoding, written) => written() }));
const inOrder = {
  onDisorder: (reason: string) => expect.fail(`unexpected disorder: ${reason}`),
  onSpoolFailure: (error: unknown) => expect.fail(`unexpected spool failure: ${String(error)}`),
};

describe('log reads of a build that ended', () => {
  it('parse the final log once: after the end, the same bytes are read and hashed, not parsed', async () => {
    const { client: reader, answers, readsDone } = telling(client);
    const triggered = await client.triggerBuild(PROJECT_ID, {
      platform: 'linux',
      version: '1.0.0',
    });
    let result: BuildResult = resultOf(triggered, 'triggered', clock.now());
    const log = BuildLog.live(triggered.id, silent, undefined, inOrder);
    const endWithinMs = 60_000;
    const follower: Follower = {
      client: reader,
      deadline: stepDeadline(new AbortController().signal, 600_000),
      // Each pause moves the emulator's time, then waits for the live read the last poll started:
      // the read of the poll before the end sees the final log, as the poll after sees the end.
      // The wait for the log's end (endWithinMs) runs beside the pauses, which never add up to
      // it: it ends only when its signal does.
      time: {
        clock: () => clock.now(),
        sleep: async (ms, signal) => {
          if (ms >= endWithinMs) {
            return new Promise((_, reject) => {
              signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
            });
          }
          clock.advance(ms);
          await readsDone();
        },
      },
      pollIntervalMs: 200,
      live: true,
      logReading: { turns: createTurns(1_000), endWithinMs },
      downloads: undefined,
    };

    await followBuild({ get: () => result, set: (next) => (result = next) }, log, follower);

    expect(result.status).toBe('success');
    const { logs } = await client.getBuildLogs(triggered.id);
    expect(log.taken).toBe(logs.length);
    const parsed = answers.flatMap((answer) => (answer.parsed ? [answer.fingerprint] : []));
    // Live reads while it ran, each parsed (the log grew), the last one the final log; then the
    // two reads after the end that bring nothing new, hashed only.
    expect(parsed.length).toBeGreaterThan(1);
    expect(new Set(parsed.map((fingerprint) => fingerprint.sha256)).size).toBe(parsed.length);
    expect(answers.slice(-3)).toEqual([
      { parsed: true, fingerprint: parsed.at(-1) },
      { parsed: false },
      { parsed: false },
    ]);
  });

  it('parse an answer with other bytes of the same length (a log rewritten in place)', async () => {
    const { client: reader, answers } = telling(client);
    const { id } = await client.triggerBuild(PROJECT_ID, { platform: 'linux', version: '1.0.0' });
    clock.advance(2_000);
    const disorders: string[] = [];
    const log = BuildLog.toFile(id, silent, undefined, {
      ...inOrder,
      onDisorder: (reason) => void disorders.push(reason),
    });
    const stop = new AbortController();
    const reads = new LogReads(reader, id, log, createTurns(1_000), stop.signal);
    await readLogToEnd(() => reads.read(), log, { pauseMs: 1, sleep: async () => {} });
    expect(answers.map((answer) => answer.parsed)).toEqual([true, false, false]);

    // Newest first: as long as before, other bytes: hashed, then parsed.
    emulator.faults.reverseLogs = true;
    await reads.read();
    expect(answers.map((answer) => answer.parsed)).toEqual([true, false, false, true]);
    expect(disorders).toEqual([
      `changed order: entry ${log.taken} is no longer the one shown there`,
    ]);
    stop.abort();
  });
});

describe('a finished build whose log never ends', () => {
  it('is given up on after endWithinMs of the run’s own time, said once', async () => {
    const { id } = await client.triggerBuild(PROJECT_ID, { platform: 'linux', version: '1.0.0' });
    clock.advance(2_000);
    // The emulator's clock stands still: its answer sends its headers and then never a byte.
    emulator.faults.trickleLogs = { rules: [{ platform: 'linux' }], byteIntervalMs: 1_000 };
    let result: BuildResult = resultOf(await client.getBuild(id), 'resumed', clock.now());
    expect(result.status).toBe('success');
    // The run's time passes only through its sleep: a real timer of a minute would hold the test.
    const time = virtualClock(clock.now());
    const follower: Follower = {
      client,
      deadline: stepDeadline(new AbortController().signal, 600_000),
      time: { clock: time.now, sleep: time.sleep },
      pollIntervalMs: 200,
      live: false,
      logReading: {
        turns: createTurns(1_000, (ms, signal) => time.sleep(ms, signal)),
        endWithinMs: 60_000,
      },
      downloads: undefined,
    };
    const log = BuildLog.toFile(id, silent, undefined, inOrder);
    const printed = captureStepLog();
    try {
      await followBuild({ get: () => result, set: (next) => (result = next) }, log, follower);
    } finally {
      printed.restore();
    }

    expect(time.sleeps).toContain(60_000);
    expect(printed.lines().filter((line) => line.includes('could not read the log'))).toEqual([
      `::warning::linux/x64: could not read the log of ${id}: no end within 1m00s`,
    ]);
  });
});
