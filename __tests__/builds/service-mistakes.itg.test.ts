// A service that gets things wrong, over real sockets: a logs endpoint that trickles, a log listed
// newest first, one build id given for two triggers, a build reported as another target, an
// unknown id among `build-ids`, statuses that carry workflow commands. Each costs at most the one
// build it concerns; the others are read and downloaded as usual. The emulator is fronted by a
// raw server that meddles with its answers where it has no switch of its own yet.
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/api/client.ts';
import { startEmulator, type Emulator } from '../../src/emulator/index.ts';
import type { BuildResult } from '../../src/builds/result.ts';
import { editJson, send, startMeddlingService, type MeddlingService } from './meddling-service.ts';
import { executedCommands, groups, planFor, runCaptured, seedProject } from './support.ts';

let emulator: Emulator;
let service: MeddlingService;
let client: BuildServiceClient;

beforeAll(async () => {
  emulator = await startEmulator({
    queuedMs: 40,
    buildingMs: 250,
    artifactSize: 16 * 1024,
    seedProjects: [seedProject],
  });
  service = await startMeddlingService(emulator);
  client = new BuildServiceClient({
    baseUrl: service.baseUrl,
    apiKey: emulator.apiKey,
    retry: { maxAttempts: 6, baseDelayMs: 10, maxDelayMs: 50, maxElapsedMs: 5_000 },
  });
});
afterAll(async () => {
  await client.close();
  await service.close();
  await emulator.close();
});
afterEach(() => {
  service.meddle = null;
  emulator.resetFaults();
});

const platformOf = (buildId: string) => emulator.builds().find((b) => b.id === buildId)?.platform;
const byLabel = (builds: readonly BuildResult[]) =>
  Object.fromEntries(builds.map((b) => [`${b.platform}/${b.arch}`, b]));
const logPath = /^\/builds\/([^/]+)\/logs$/;
const buildPath = /^\/builds\/([^/]+)$/;
const triggerPath = /^\/projects\/[^/]+\/builds$/;
/** The messages of a printed log group, without time and level. */
const messagesOf = (group: readonly string[]) =>
  group.filter((line) => /^\d\d:\d\d:\d\d /.test(line)).map((l) => l.replace(/^\S+ \S+\s+/, ''));
/** How often each line occurs. */
const counts = (lines: readonly string[]) => {
  const found = new Map<string, number>();
  for (const line of lines) found.set(line, (found.get(line) ?? 0) + 1);
  return found;
};

describe('a slow logs endpoint', () => {
  it('costs only its own log: the other build is read and downloaded meanwhile, and it is downloaded too', async () => {
    const inFlight = new Map<string, number>();
    const peak = new Map<string, number>();
    let trickleEnded: number | undefined;
    service.meddle = async ({ method, path, upstream, res }) => {
      const id = logPath.exec(path)?.[1];
      if (method !== 'GET' || id === undefined) return false;
      inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
      peak.set(id, Math.max(peak.get(id) ?? 0, inFlight.get(id)!));
      const answer = await upstream();
      if (platformOf(id) === 'mac') {
        // One byte every 100 ms: never silent long enough for an idle timeout, never done.
        res.writeHead(200, { 'content-type': 'application/json' });
        await new Promise<void>((resolve) => {
          let sent = 0;
          const timer = setInterval(() => res.write(answer.body.subarray(sent, ++sent)), 100);
          res.on('close', () => {
            clearInterval(timer);
            resolve();
          });
        });
        trickleEnded = Date.now();
      } else {
        send(res, answer);
      }
      inFlight.set(id, inFlight.get(id)! - 1);
      return true;
    };
    const { state, lines } = await runCaptured(
      client,
      planFor(emulator, { platforms: 'mac, linux' }),
      undefined,
      { settleLogMs: 3_000 },
    );
    const { 'mac/x64': mac, 'linux/x64': linux } = byLabel(state.builds);

    // linux was read whole and downloaded while mac's log still trickled.
    expect(linux).toMatchObject({ status: 'success', problem: undefined });
    expect(linux!.download?.sha256).toBe(emulator.artifactFor(linux!.id!).sha256);
    const artifactOf = (build: BuildResult) =>
      emulator.requests.find((r) => r.origin === 'artifact' && r.path.includes(build.id!))!;
    expect(artifactOf(linux!).at).toBeLessThan(trickleEnded!);
    expect(messagesOf(groups(lines).get('linux/x64 · success')!)).toEqual(
      (await client.getBuildLogs(linux!.id!)).logs.map((e) => e.message),
    );

    // mac's log cost its log, said once, and mac was downloaded all the same.
    expect(mac).toMatchObject({ status: 'success', problem: undefined });
    expect(mac!.download?.sha256).toBe(emulator.artifactFor(mac!.id!).sha256);
    expect(artifactOf(mac!).at).toBeGreaterThanOrEqual(trickleEnded! - 50);
    expect(lines.filter((l) => l.startsWith('::warning::mac/x64: could not read the log'))).toEqual(
      [`::warning::mac/x64: could not read the log of ${mac!.id}: no end within 3s`],
    );
    // One build's reads never overlap.
    expect(peak.get(mac!.id!)).toBe(1);
    expect(peak.get(linux!.id!)).toBe(1);
  });
});

describe('a log that changes order', () => {
  it('newest first while it grows (live): said once, no line printed twice', async () => {
    service.meddle = async ({ method, path, upstream, res }) => {
      if (method !== 'GET' || !logPath.test(path)) return false;
      send(
        res,
        editJson(await upstream(), (value) => ({
          ...value,
          logs: (value.logs as unknown[]).reverse(),
        })),
      );
      return true;
    };
    const { state, lines } = await runCaptured(
      client,
      planFor(emulator, { platforms: 'mac', download: 'false' }),
    );
    const build = state.builds[0]!;
    const log = (await client.getBuildLogs(build.id!)).logs.map((e) => e.message);
    const printed = messagesOf(groups(lines).get(`mac/x64 · ${build.id}`)!);
    expect(printed.length).toBeGreaterThan(0);
    const inLog = counts(log);
    for (const [line, times] of counts(printed))
      expect(times).toBeLessThanOrEqual(inLog.get(line)!);
    expect(
      lines.filter((l) => l.startsWith('::warning title=mac/x64%3A log out of order::')),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          `^::warning title=[^:]+::mac/x64: the log of ${build.id} .*; no more of it is shown$`,
        ),
      ),
    ]);
    // Only the log suffered.
    expect(build).toMatchObject({ status: 'success', problem: undefined });
  });

  // NEEDS the emulator's `reverseLogs` switch (the emulator helper's branch): until that is merged
  // the emulator lists entries oldest first, and this test fails for want of the warning.
  it('with the emulator listing entries newest first: said once per build, no line printed twice', async () => {
    emulator.faults.reverseLogs = true;
    const { state, lines } = await runCaptured(
      client,
      planFor(emulator, { platforms: 'mac, linux', download: 'false' }),
    );
    for (const build of state.builds) {
      const label = `${build.platform}/${build.arch}`;
      const log = (await client.getBuildLogs(build.id!)).logs.map((e) => e.message);
      const printed = messagesOf(groups(lines).get(`${label} · success`)!);
      const inLog = counts(log);
      for (const [line, times] of counts(printed)) {
        expect(times).toBeLessThanOrEqual(inLog.get(line)!);
      }
      expect(
        lines.filter((l) =>
          l.startsWith(`::warning title=${label.replace(':', '%3A')}%3A log out`),
        ),
      ).toEqual([expect.stringContaining(`${label}: the log of ${build.id} `)]);
    }
  });
});

describe('one build id given for two triggers', () => {
  it('is followed once, under the first target; the later target has no build', async () => {
    let answerMac: (id: string) => void = () => {};
    const macId = new Promise<string>((resolve) => (answerMac = resolve));
    const ownIds: string[] = [];
    service.meddle = async ({ method, path, body, upstream, res }) => {
      if (method !== 'POST' || !triggerPath.test(path)) return false;
      const answer = await upstream();
      const { id } = JSON.parse(answer.body.toString('utf8')) as { id: string };
      ownIds.push(id);
      if ((body as { platform: string }).platform === 'mac') {
        answerMac(id);
        send(res, answer);
      } else {
        const first = await macId;
        send(
          res,
          editJson(answer, (value) => ({ ...value, id: first })),
        );
      }
      return true;
    };
    const start = emulator.requests.length;
    const plan = planFor(emulator, { platforms: 'mac, windows' });
    const { state, lines } = await runCaptured(client, plan);
    const { 'mac/x64': mac, 'windows/x64': windows } = byLabel(state.builds);
    const id = await macId;

    expect(mac).toMatchObject({ id, status: 'success', problem: undefined });
    expect(mac!.download?.sha256).toBe(emulator.artifactFor(id).sha256);
    expect(windows).toMatchObject({ id: null, download: undefined });
    expect(windows!.problem?.stage).toBe('trigger');
    expect(lines).toContain(
      `::warning title=windows/x64%3A build id given twice::windows/x64: the service answered with build ${id}, which it also gave mac/x64; not followed`,
    );
    // The build the service really made for windows is never asked about, nor downloaded.
    const windowsOwn = ownIds.find((own) => own !== id)!;
    expect(emulator.requests.slice(start).filter((r) => r.path.includes(windowsOwn))).toEqual([]);
    expect(readdirSync(plan.builds.download!.directory)).toEqual(['mac-x64']);
    expect([...groups(lines).keys()]).toEqual(['mac/x64 · success']);
  });
});

describe('a build reported as another target', () => {
  it('has a problem, said once, and its installer is not taken as its target’s', async () => {
    service.meddle = async ({ method, path, upstream, res }) => {
      const id = buildPath.exec(path)?.[1];
      if (method !== 'GET' || id === undefined || platformOf(id) !== 'linux') return false;
      send(
        res,
        editJson(await upstream(), (value) => ({ ...value, platform: 'windows' })),
      );
      return true;
    };
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
    expect(lines.filter((l) => l.includes('the service reports this build as'))).toHaveLength(1);
    expect(groups(lines).has('linux/x64 · success')).toBe(true);
    expect(readdirSync(plan.builds.download!.directory)).toEqual(['mac-x64']);
  });
});

describe('an unknown id among build-ids', () => {
  it('is one of the errors, naming it; the other builds are followed and downloaded', async () => {
    const detach = planFor(emulator, { platforms: 'mac, linux', wait: 'false' });
    const ids = (await runCaptured(client, detach)).state.builds.map((b) => b.id!);
    const plan = planFor(emulator, {
      'build-ids': [ids[0], 'build_unknown0', ids[1]].join('\n'),
      version: '',
    });
    const { state } = await runCaptured(client, plan);

    expect(state.builds.map((b) => `${b.id}:${b.status}`)).toEqual(
      ids.map((id) => `${id}:success`),
    );
    expect(state.builds.every((b) => b.download !== undefined)).toBe(true);
    expect(state.errors).toEqual([
      expect.stringMatching(/^build-ids: build_unknown0 could not be resumed: .*not found/i),
    ]);
  });
});

describe('statuses that carry workflow commands', () => {
  it('are printed inertly, and cost only their build', async () => {
    const hostile = (status: string) => `${status}\r\n::error title=pwned::pwned`;
    service.meddle = async ({ method, path, body, upstream, res }) => {
      const id = buildPath.exec(path)?.[1];
      const linuxTrigger =
        method === 'POST' &&
        triggerPath.test(path) &&
        (body as { platform: string }).platform === 'linux';
      const linuxBuild = method === 'GET' && id !== undefined && platformOf(id) === 'linux';
      if (!linuxTrigger && !linuxBuild) return false;
      send(
        res,
        editJson(await upstream(), (value) => ({
          ...value,
          status: hostile(String(value.status)),
        })),
      );
      return true;
    };
    const plan = planFor(emulator, { platforms: 'mac, linux' });
    const { state, lines } = await runCaptured(client, plan);
    const executed = executedCommands(lines);
    expect(executed.filter((l) => l.startsWith('::error'))).toEqual([]);
    expect(lines.filter((l) => /^::error|^::add-mask/.test(l))).toEqual([]);
    const { 'mac/x64': mac } = byLabel(state.builds);
    expect(mac).toMatchObject({ status: 'success', problem: undefined });
    expect(mac!.download).toBeDefined();
    expect(existsSync(plan.builds.download!.directory)).toBe(true);
  });
});
