// A service that gets things wrong, over real sockets: a logs endpoint that trickles, a log listed
// newest first, one build id given for two triggers, a build reported as another target, an
// unknown id among `build-ids`, statuses that carry workflow commands. Each costs at most the one
// build it concerns; the others are read and downloaded as usual. The emulator's fault switches
// make each mistake.
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { BuildServiceClient } from '../../src/service/client.ts';
import { NotFoundError } from '../../src/service/errors.ts';
import { BuildLog } from '../../src/builds/build-log.ts';
import { LogReads } from '../../src/builds/logs.ts';
import { BuildNotResumedError } from '../../src/builds/start-builds.ts';
import { StepLog } from '../../src/runner/log.ts';
import { createTurns } from '../../src/shared/limit.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import type { BuildResult } from '../../src/builds/result.ts';
import {
  PROJECT_ID,
  clientFor,
  executedCommands,
  groups,
  planFor,
  runCaptured,
  seedProject,
} from './support.ts';

let emulator: Emulator;
let client: BuildServiceClient;

beforeAll(async () => {
  emulator = await startEmulator({
    queuedMs: 40,
    buildingMs: 250,
    artifactSize: 16 * 1024,
    seedProjects: [seedProject],
  });
  client = clientFor(emulator);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
afterEach(() => emulator.resetFaults());

const byLabel = (builds: readonly BuildResult[]) =>
  Object.fromEntries(builds.map((build) => [`${build.platform}/${build.arch}`, build]));
/** The messages of a printed log group, without time and level. */
const messagesOf = (group: readonly string[]) =>
  group
    .filter((line) => /^\d\d:\d\d:\d\d /.test(line))
    .map((line) => line.replace(/^\S+ \S+\s+/, ''));
/** How often each line occurs. */
const counts = (lines: readonly string[]) => {
  const found = new Map<string, number>();
  for (const line of lines) found.set(line, (found.get(line) ?? 0) + 1);
  return found;
};

describe('a slow logs endpoint', () => {
  it('costs only its own log: the other build is read and downloaded meanwhile, and it is downloaded too', async () => {
    // One byte every 100 ms: never silent long enough for an idle timeout, never done.
    emulator.faults.trickleLogs = { rules: [{ platform: 'mac' }], byteIntervalMs: 100 };
    const start = emulator.requests.length;
    const logEndWithinMs = 3_000;
    const { state, lines } = await runCaptured(
      client,
      planFor(emulator, { platforms: 'mac, linux' }),
      undefined,
      // One turn of mac's read holds linux's for at most this long.
      { logEndWithinMs, logTurnMs: 300 },
    );
    const { 'mac/x64': mac, 'linux/x64': linux } = byLabel(state.builds);
    const seen = emulator.requests.slice(start);
    const logReadsOf = (build: BuildResult) =>
      seen.filter(
        (request) => request.method === 'GET' && request.path === `/v1/builds/${build.id}/logs`,
      );
    const artifactOf = (build: BuildResult) =>
      seen.find((request) => request.origin === 'artifact' && request.path.includes(build.id!))!;

    // mac's log was asked for once, and that read trickled until the client gave up on it (it was
    // never answered whole): one build's reads never overlap, or a second read would show here.
    // The rest is told by the order of what the service saw, not by times: how long each step
    // takes depends on the machine's load.
    const [macRead, ...otherMacReads] = logReadsOf(mac!);
    expect(otherMacReads).toEqual([]);
    expect(macRead!.status).toBe(0);
    const trickleEnded = macRead!.endedAt!;
    expect(trickleEnded).toBeGreaterThanOrEqual(macRead!.at);

    // linux was read whole and downloaded while mac's log still trickled.
    expect(linux).toMatchObject({ status: 'success', problem: undefined });
    expect(linux!.download?.sha256).toBe(emulator.artifactFor(linux!.id!).sha256);
    expect(logReadsOf(linux!).length).toBeGreaterThan(0);
    expect(logReadsOf(linux!).every((request) => request.status === 200)).toBe(true);
    expect(artifactOf(linux!).at).toBeLessThan(trickleEnded);
    expect(messagesOf(groups(lines).get('linux/x64 · success')!)).toEqual(
      (await client.getBuildLogs(linux!.id!)).logs.map((entry) => entry.message),
    );

    // mac's log cost its log, said once, and mac was downloaded all the same, once it gave up.
    expect(mac).toMatchObject({ status: 'success', problem: undefined });
    expect(mac!.download?.sha256).toBe(emulator.artifactFor(mac!.id!).sha256);
    expect(artifactOf(mac!).at).toBeGreaterThanOrEqual(trickleEnded);
    expect(
      lines.filter((line) => line.startsWith('::warning::mac/x64: could not read the log')),
    ).toEqual([`::warning::mac/x64: could not read the log of ${mac!.id}: no end within 3s`]);
  });
});

/** Printed log lines' clock times never go back. */
const inClockOrder = (group: readonly string[]) => {
  const times = group.filter((line) => /^\d\d:\d\d:\d\d /.test(line)).map((l) => l.slice(0, 8));
  return times.every((time, i) => i === 0 || time >= times[i - 1]!);
};

describe('a log listed newest first', () => {
  it('while it grows (live): said once, then shown whole once the build ended, each line once', async () => {
    emulator.faults.reverseLogs = true;
    const { state, lines } = await runCaptured(
      client,
      planFor(emulator, { platforms: 'mac', download: 'false' }),
    );
    const build = state.builds[0]!;
    const log = (await client.getBuildLogs(build.id!)).logs.map((entry) => entry.message);
    const printed = messagesOf(groups(lines).get(`mac/x64 · ${build.id}`)!);
    expect(counts(printed)).toEqual(counts(log));
    expect(
      lines.filter((line) => line.startsWith('::warning title=mac/x64%3A log out of order::')),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::warning title=[^:]+::mac/x64: the log of ${build.id} .*; it is read again once ` +
            'the build ended, and its lines are shown then, in time order, each once$',
        ),
      ),
    ]);
    // Only the log suffered.
    expect(build).toMatchObject({ status: 'success', problem: undefined });
    expect(build.log?.lines).toBe(log.length);
  });

  it('for two builds, each to its file: said once per build, shown whole in time order', async () => {
    emulator.faults.reverseLogs = true;
    const { state, lines } = await runCaptured(
      client,
      planFor(emulator, { platforms: 'mac, linux', download: 'false' }),
    );
    for (const build of state.builds) {
      const label = `${build.platform}/${build.arch}`;
      const log = (await client.getBuildLogs(build.id!)).logs.map((entry) => entry.message);
      const group = groups(lines).get(`${label} · success`)!;
      expect(counts(messagesOf(group))).toEqual(counts(log));
      expect(inClockOrder(group)).toBe(true);
      expect(
        lines.filter((line) =>
          line.startsWith(`::warning title=${label.replace(':', '%3A')}%3A log out`),
        ),
      ).toEqual([expect.stringContaining(`${label}: the log of ${build.id} `)]);
    }
  });
});

describe('one build id given for two triggers', () => {
  it('is followed once, under the first target; the later target has no build', async () => {
    // Every trigger from now on is answered with the id of the first build made after this. That
    // build is made here, so the run's two triggers (sent together) both get its id whichever
    // reaches the service first.
    emulator.faults.duplicateTriggerIds = true;
    const { id } = await client.triggerBuild(PROJECT_ID, {
      platform: 'mac',
      arch: 'x64',
      version: '1.4.2',
    });
    const before = new Set(emulator.builds().map((build) => build.id));
    const start = emulator.requests.length;
    const plan = planFor(emulator, { platforms: 'mac, windows' });
    const { state, lines } = await runCaptured(client, plan);
    const { 'mac/x64': mac, 'windows/x64': windows } = byLabel(state.builds);

    expect(mac).toMatchObject({ id, status: 'success', problem: undefined });
    expect(mac!.download?.sha256).toBe(emulator.artifactFor(id).sha256);
    expect(windows).toMatchObject({ id: null, download: undefined });
    expect(windows!.problem?.stage).toBe('trigger');
    expect(lines).toContain(
      `::warning title=windows/x64%3A build id given twice::windows/x64: the service answered with build ${id}, which it also gave mac/x64; not followed`,
    );
    // The builds the service really made for the two triggers are never asked about, nor downloaded.
    const own = emulator.builds().filter((build) => !before.has(build.id));
    expect(own.map((build) => build.platform).sort()).toEqual(['mac', 'windows']);
    for (const build of own) {
      expect(
        emulator.requests.slice(start).filter((request) => request.path.includes(build.id)),
      ).toEqual([]);
    }
    expect(readdirSync(plan.builds.download!.directory)).toEqual(['mac-x64']);
    expect([...groups(lines).keys()]).toEqual(['mac/x64 · success']);
  });
});

describe('a build reported as another target', () => {
  it('has a problem, said once, and its installer is not taken as its target’s', async () => {
    emulator.faults.reportTarget = { rules: [{ platform: 'linux' }], platform: 'windows' };
    const plan = planFor(emulator, { platforms: 'mac, linux' });
    const { state, lines } = await runCaptured(client, plan);
    const { 'mac/x64': mac, 'linux/x64': linux } = byLabel(state.builds);

    expect(mac).toMatchObject({ status: 'success', problem: undefined });
    expect(mac!.download).toBeDefined();
    expect(linux).toMatchObject({ status: 'success', download: undefined });
    expect(linux!.problem).toEqual({
      stage: 'follow',
      message:
        "the service reports this build as windows/x64, not linux/x64; its installer is not taken as linux/x64's",
    });
    expect(lines.filter((line) => line.includes('the service reports this build as'))).toHaveLength(
      1,
    );
    expect(groups(lines).has('linux/x64 · success')).toBe(true);
    expect(readdirSync(plan.builds.download!.directory)).toEqual(['mac-x64']);
  });
});

describe('an unknown id among build-ids', () => {
  it('is one of the errors, naming it; the other builds are followed and downloaded', async () => {
    const detach = planFor(emulator, { platforms: 'mac, linux', wait: 'false' });
    const ids = (await runCaptured(client, detach)).state.builds.map((build) => build.id!);
    const plan = planFor(emulator, {
      'build-ids': [ids[0], 'build_unknown0', ids[1]].join('\n'),
      version: '',
    });
    const { state } = await runCaptured(client, plan);

    expect(state.builds.map((build) => `${build.id}:${build.status}`)).toEqual(
      ids.map((id) => `${id}:success`),
    );
    expect(state.builds.every((build) => build.download !== undefined)).toBe(true);
    expect(state.errors).toHaveLength(1);
    const [error] = state.errors;
    expect(error).toBeInstanceOf(BuildNotResumedError);
    expect(error).toMatchObject({ name: 'BuildNotResumedError', buildId: 'build_unknown0' });
    expect(error!.cause).toBeInstanceOf(NotFoundError);
    expect(error!.message).toMatch(/^build-ids: build_unknown0 could not be resumed: .*not found/i);
  });
});

describe('statuses that carry workflow commands', () => {
  it('are refused at the client, never printed, and cost only their build', async () => {
    emulator.faults.triggerStatus = {
      rules: [{ platform: 'linux' }],
      status: 'queued\r\n::error title=pwned::pwned',
    };
    const plan = planFor(emulator, { platforms: 'mac, linux' });
    const { state, lines } = await runCaptured(client, plan);
    const executed = executedCommands(lines);
    expect(executed.filter((line) => line.startsWith('::error'))).toEqual([]);
    expect(lines.filter((line) => /^::error|^::add-mask/.test(line))).toEqual([]);
    expect(lines.filter((line) => line.includes('pwned'))).toEqual([]);
    const { 'mac/x64': mac, 'linux/x64': linux } = byLabel(state.builds);
    expect(linux!.problem).toMatchObject({ stage: 'trigger' });
    expect(linux!.problem!.message).toMatch(/status is not a status/);
    expect(mac).toMatchObject({ status: 'success', problem: undefined });
    expect(mac!.download).toBeDefined();
    expect(existsSync(plan.builds.download!.directory)).toBe(true);
  });
});

describe('a live log read that fails', () => {
  it('is handed on once, later ones not; a read the signal ended is no failure', async () => {
    const id = 'build_unknown1';
    const logRequests = () =>
      emulator.requests.filter((request) => request.path === `/v1/builds/${id}/logs`).length;
    const before = logRequests();
    const told: unknown[] = [];
    let firstTold!: () => void;
    const toldOnce = new Promise<void>((resolve) => (firstTold = resolve));
    const stop = new AbortController();
    const log = BuildLog.toFile(
      id,
      new StepLog(new Writable({ write: (_c, _e, done) => done() })),
      undefined,
      {
        onDisorder: () => {},
        onSpoolFailure: () => {},
      },
    );
    const reads = new LogReads(client, id, log, createTurns(1_000), stop.signal, (error) => {
      told.push(error);
      firstTold();
    });

    reads.poke();
    await toldOnce;
    reads.poke();
    await reads.settled();
    await new Promise(setImmediate);
    expect(logRequests() - before).toBe(2);
    expect(told).toHaveLength(1);
    expect(told[0]).toBeInstanceOf(NotFoundError);

    const aborted = new LogReads(
      client,
      id,
      log,
      createTurns(1_000),
      AbortSignal.abort(),
      (error) => told.push(error),
    );
    aborted.poke();
    await aborted.settled();
    await new Promise(setImmediate);
    expect(told).toHaveLength(1);
    stop.abort();
  });
});
