// The orchestrator against the emulator over real sockets: every fault the issue lists.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BuildServiceClient } from '../../src/service/client.ts';
import { systemClock, systemSleep } from '../../src/http/retry.ts';
import { resolveSelection } from '../../src/builds/matrix.ts';
import { runBuilds } from '../../src/builds/run-builds.ts';
import { stepDeadline } from '../../src/runner/deadline.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import type { Plan } from '../../src/inputs.ts';
import { annotateFailures } from '../../src/report/annotations.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';
import {
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
    artifactSize: 64 * 1024,
    seedProjects: [seedProject],
  });
  client = clientFor(emulator);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
afterEach(() => emulator.resetFaults());

const runWith = (plan: Plan, signal?: AbortSignal) => runCaptured(client, plan, signal);

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const requestsSince = (start: number) => emulator.requests.slice(start);
const logOf = async (id: string) => (await client.getBuildLogs(id)).logs;

describe('runBuilds against the emulator', () => {
  it('loses the logs, not the builds, when RUNNER_TEMP cannot hold them: said once', async () => {
    emulator.faults.failBuilds = [{ platform: 'linux' }];
    try {
      // A file where RUNNER_TEMP should be a folder: no log file can be made under it.
      const { state, lines } = await runCaptured(
        client,
        planFor(emulator, { platforms: 'mac, linux' }),
        undefined,
        { tempDir: '/dev/null' },
      );
      const [mac, linux] = state.builds;
      expect(mac).toMatchObject({ status: 'success', problem: undefined });
      expect(mac!.download?.sha256).toBe(emulator.artifactFor(mac!.id!).sha256);
      expect(linux).toMatchObject({ status: 'failed' });
      expect(linux!.log?.quote).toContain('Build failed for linux/x64');
      expect(lines.filter((line) => line.startsWith('::warning'))).toEqual([
        expect.stringMatching(
          /^::warning title=Build logs not kept::The build logs could not be kept under RUNNER_TEMP \(\/dev\/null\): .*the builds are still followed, downloaded and reported/,
        ),
      ]);
      expect(groups(lines).get('mac/x64 · success')).toContain(
        '(the service returned no log lines)',
      );
    } finally {
      emulator.resetFaults();
    }
  });

  it('builds a 3×2 matrix concurrently: grouped logs, downloads with sha256', async () => {
    const start = emulator.requests.length;
    const { state, lines, known } = await runWith(planFor(emulator, { arches: 'x64, arm64' }));

    expect(state.builds.map((build) => `${build.platform}/${build.arch}:${build.status}`)).toEqual([
      'mac/x64:success',
      'mac/arm64:success',
      'windows/x64:success',
      'windows/arm64:success',
      'linux/x64:success',
      'linux/arm64:success',
    ]);
    expect(state.timedOut).toBe(false);
    // Outputs can be written before any waiting: the ids are known first.
    expect(known).toHaveLength(1);
    expect(known[0]!.map((build) => build.id)).toEqual(state.builds.map((build) => build.id));

    const triggers = requestsSince(start).filter((request) => request.method === 'POST');
    expect(triggers).toHaveLength(6);
    // Concurrent: every trigger went out before the first build ended.
    const firstEnd = Math.min(...state.builds.map((build) => build.phases.ended!));
    expect(Math.max(...triggers.map((request) => request.at))).toBeLessThan(firstEnd);

    const printed = groups(lines);
    for (const build of state.builds) {
      const entries = await logOf(build.id!);
      const group = printed.get(`${build.platform}/${build.arch} · success`);
      expect(group, `group of ${build.platform}/${build.arch}`).toBeDefined();
      const body = group!.slice(1, -1);
      expect(body.map((line) => line.replace(/^\S+ \S+\s+/, ''))).toEqual(
        entries.map((entry) => entry.message),
      );
      const info = emulator.artifactFor(build.id!);
      expect(build.download).toMatchObject({ size: info.size, sha256: info.sha256 });
      expect(sha256(build.download!.path)).toBe(info.sha256);
      expect(build.download!.path).toContain(`${build.platform}-${build.arch}`);
    }
    // One group per build, each opened and closed with nothing of another build inside.
    expect(lines.filter((line) => line.startsWith('::group::'))).toHaveLength(6);
    expect(lines.filter((line) => line === '::endgroup::')).toHaveLength(6);
    // A line per status change seen. Which status comes after `queued` is the first poll's: on a
    // loaded machine it may come after the 250 ms of `building` (real time, shared by every test
    // here).
    expect(lines.some((line) => /^mac\/x64 queued → (building|success) \(build_/.test(line))).toBe(
      true,
    );
  });

  it('takes the platforms from the project when none are given', async () => {
    const { state } = await runWith(planFor(emulator, { download: 'false' }));
    expect(state.builds.map((build) => build.platform)).toEqual(['mac', 'windows', 'linux']);
  });

  it('reports a failing build with its error lines while the others carry on', async () => {
    emulator.faults.failBuilds = [{ platform: 'windows', arch: 'arm64' }];
    const { state, lines } = await runWith(
      planFor(emulator, { platforms: 'windows, linux', arches: 'x64,arm64' }),
    );
    const byLabel = Object.fromEntries(
      state.builds.map((build) => [`${build.platform}/${build.arch}`, build]),
    );
    expect(byLabel['windows/arm64']!.status).toBe('failed');
    expect(byLabel['windows/arm64']!.download).toBeUndefined();
    for (const label of ['windows/x64', 'linux/x64', 'linux/arm64']) {
      expect(byLabel[label]!.status).toBe('success');
      expect(byLabel[label]!.download).toBeDefined();
    }
    expect(groups(lines).has('windows/arm64 · failed')).toBe(true);

    const captured = captureStepLog();
    annotateFailures(state.builds);
    captured.restore();
    const annotations = captured.lines().filter((line) => line.startsWith('::error'));
    expect(annotations).toHaveLength(1);
    expect(annotations[0]).toMatch(/^::error title=windows\/arm64 build failed::build_/);
    expect(annotations[0]).toContain("cannot find module 'native-addon-arm64'");
    expect(annotations[0]).toContain('Build failed for windows/arm64');
  });

  it('rides out 429s and 5xx bursts', async () => {
    const start = emulator.requests.length;
    emulator.faults.rateLimit = { count: 5, retryAfter: '0' };
    const { state } = await runWith(planFor(emulator, { platforms: 'mac,linux' }));
    // Five in a row: the run's first request (the build list taken before the triggers) alone
    // rides them out within the client's six attempts.
    emulator.faults.serverErrors = { count: 5, status: 503 };
    const again = await runWith(planFor(emulator, { platforms: 'mac,linux' }));
    expect(state.builds.map((build) => build.status)).toEqual(['success', 'success']);
    expect(again.state.builds.map((build) => build.status)).toEqual(['success', 'success']);
    const statuses = requestsSince(start).map((request) => request.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(statuses.filter((status) => status === 503)).toHaveLength(5);
    expect(emulator.builds().filter((build) => build.version === '1.4.2').length).toBeGreaterThan(
      0,
    );
  });

  it('ends at the timeout, leaving unfinished builds with their ids and status', async () => {
    emulator.faults.hangBuilds = [{ platform: 'linux' }];
    const { state, known } = await runWith(
      planFor(emulator, { platforms: 'mac, linux', timeout: String(1.2 / 60) }),
    );
    expect(state.timedOut).toBe(true);
    const linux = state.builds.find((build) => build.platform === 'linux')!;
    expect(linux.status).toBe('building');
    expect(linux.id).toMatch(/^build_/);
    expect(known[0]!.map((build) => build.id)).toContain(linux.id);
    expect(state.builds.find((build) => build.platform === 'mac')!.status).toBe('success');
  });

  it('does not build twice when a trigger response is lost', async () => {
    const before = emulator.builds().length;
    emulator.faults.loseTriggerResponses = 2;
    const { state } = await runWith(
      planFor(emulator, { platforms: 'mac, windows', arches: 'x64, arm64', download: 'false' }),
    );
    expect(emulator.builds().length - before).toBe(4);
    expect(new Set(state.builds.map((build) => build.id)).size).toBe(4);
    expect(state.builds.every((build) => build.status === 'success')).toBe(true);
  });

  it('keeps reading logs that grow after the build ended, printing each line once', async () => {
    emulator.faults.lateLogLines = 3;
    emulator.faults.lateLogIntervalMs = 60;
    const { state, lines } = await runWith(
      planFor(emulator, { platforms: 'mac', download: 'false' }),
    );
    const build = state.builds[0]!;
    // A single build streams live, in a group named by its id, with its status lines among them.
    const body = groups(lines)
      .get(`mac/x64 · ${build.id}`)!
      .filter((line) => /^\d\d:\d\d:\d\d /.test(line));
    const late = body.filter((line) => line.includes('Post-build cleanup step'));
    expect(late.map((line) => line.replace(/^.*step /, ''))).toEqual(['1', '2', '3']);
    expect(body.map((line) => line.replace(/^\S+ \S+\s+/, ''))).toEqual(
      (await logOf(build.id!)).map((entry) => entry.message),
    );
  });

  it('prints hostile log lines so that no workflow command runs', async () => {
    emulator.faults.injectLogLines = [
      '::error::pwned',
      '::add-mask::dbs_secret',
      '::set-output name=status::success',
      '::endgroup::',
      '::stop-commands::guess',
    ];
    const { lines } = await runWith(
      planFor(emulator, { platforms: 'mac, linux', download: 'false' }),
    );
    expect(lines.some((line) => line.includes('::error::pwned'))).toBe(true);
    const executed = executedCommands(lines);
    expect(executed.filter((line) => !/^::(group::|endgroup::$)/.test(line))).toEqual([]);
    expect(executed.filter((line) => line === '::endgroup::')).toHaveLength(2);
  });

  it('detaches with wait: false, then resumes the same builds by id', async () => {
    const start = emulator.requests.length;
    const detached = await runWith(planFor(emulator, { platforms: 'mac, windows', wait: 'false' }));
    const ids = detached.state.builds.map((build) => build.id!);
    expect(detached.state.builds.map((build) => build.status)).toEqual(['queued', 'queued']);
    expect(
      requestsSince(start).filter(
        (request) => request.method === 'GET' && request.path.startsWith('/v1/builds/'),
      ),
    ).toEqual([]);
    expect(detached.known[0]!.map((build) => build.id)).toEqual(ids);

    const resumeStart = emulator.requests.length;
    const resumed = await runWith(
      planFor(emulator, { 'build-ids': ids.join('\n'), version: '', platforms: '' }),
    );
    expect(resumed.state.builds.map((build) => build.id)).toEqual(ids);
    expect(
      resumed.state.builds.map((build) => `${build.platform}:${build.status}:${build.version}`),
    ).toEqual(['mac:success:1.4.2', 'windows:success:1.4.2']);
    expect(resumed.state.builds.every((build) => build.download !== undefined)).toBe(true);
    expect(requestsSince(resumeStart).filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('downloads resumed builds of one target into their own directories', async () => {
    const detach = planFor(emulator, { platforms: 'mac', wait: 'false' });
    const ids = [(await runWith(detach)).state, (await runWith(detach)).state].map(
      (state) => state.builds[0]!.id!,
    );
    const { state } = await runWith(planFor(emulator, { 'build-ids': ids.join(','), version: '' }));
    const paths = state.builds.map((build) => build.download!.path);
    expect(new Set(paths).size).toBe(2);
    for (const build of state.builds) {
      expect(sha256(build.download!.path)).toBe(emulator.artifactFor(build.id!).sha256);
    }
  });

  it('reuses successful builds of the same version on a re-run', async () => {
    const plan = planFor(emulator, { platforms: 'linux', arches: 'x64,arm64', version: '7.0.0' });
    const first = await runWith(plan);
    const start = emulator.requests.length;
    const rerun = await runWith(
      planFor(emulator, {
        platforms: 'linux',
        arches: 'x64,arm64',
        version: '7.0.0',
        'reuse-builds': 'true',
      }),
    );
    expect(rerun.state.builds.map((build) => build.id)).toEqual(
      first.state.builds.map((build) => build.id),
    );
    expect(rerun.state.builds.every((build) => build.origin === 'reused' && build.download)).toBe(
      true,
    );
    expect(requestsSince(start).filter((request) => request.method === 'POST')).toEqual([]);
    // A different version is built afresh.
    const other = await runWith(
      planFor(emulator, {
        platforms: 'linux',
        version: '7.0.1',
        download: 'false',
        'reuse-builds': 'true',
      }),
    );
    expect(other.state.builds[0]!.origin).toBe('triggered');
  });

  it('reports a build the service stops knowing on that build alone, after the others finished', async () => {
    const project = await client.createProject({
      name: 'Vanishing',
      url: 'https://vanishing.example',
      platforms: ['mac', 'linux'],
    });
    emulator.faults.hangBuilds = [{ platform: 'mac' }];
    const captured = captureStepLog();
    const linuxDownloaded = async () => {
      await captured.lineWhere((line) => line.startsWith('linux/x64: downloaded'));
      // Deleting the project deletes its builds: from now on Get Build answers 404 for mac.
      await client.deleteProject(project.id);
    };
    const plan = planFor(emulator, { 'project-id': project.id });
    let state;
    try {
      [state] = await Promise.all([
        runBuilds(
          {
            ...plan.builds,
            selection: await resolveSelection(
              plan.builds.selection,
              project.id,
              client,
              AbortSignal.timeout(60_000),
            ),
            projectId: project.id,
          },
          {
            client,
            clock: systemClock,
            sleep: systemSleep,
            deadline: stepDeadline(new AbortController().signal, plan.builds.timeoutMs),
            subscribers: [],
          },
        ),
        linuxDownloaded(),
      ]);
    } finally {
      captured.restore();
    }
    const [mac, linux] = state.builds;
    expect(linux).toMatchObject({ status: 'success', problem: undefined });
    expect(linux?.download?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(mac?.status).toBe('building');
    expect(mac?.problem?.message).toMatch(/could not follow the build: .*not found/i);
    expect(captured.lines().some((line) => line.startsWith('::warning title=mac/x64 lost::'))).toBe(
      true,
    );
  });

  it('stops promptly on cancellation (SIGTERM), keeping what it knows', async () => {
    emulator.faults.hangBuilds = [{}];
    const cancel = new AbortController();
    const pending = runWith(
      planFor(emulator, { platforms: 'mac, windows', timeout: '5' }),
      cancel.signal,
    );
    // Once both are triggered: what it knows then is their ids.
    void abortOnceTriggered(cancel, 2);
    const { state } = await pending;
    expect(state.timedOut).toBe(false);
    expect(state.builds).toHaveLength(2);
    expect(state.builds.every((build) => build.id && build.status !== 'success')).toBe(true);
  });

  /** Stops the step once the service holds `count` more builds: their triggers are sent, unanswered. */
  const abortOnceTriggered = async (cancel: AbortController, count: number) => {
    const before = emulator.builds().length;
    while (emulator.builds().length < before + count) {
      // real time: polls what real sockets change, and ends as soon as it holds
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    cancel.abort('SIGTERM');
  };

  it('on SIGTERM while triggering, waits within the grace period for triggers sent and reports their ids', async () => {
    emulator.faults.hangBuilds = [{}];
    emulator.faults.slowTriggers = { count: 2, delayMs: 600 };
    const before = new Set(emulator.builds().map((build) => build.id));
    const cancel = new AbortController();
    const started = Date.now();
    const pending = runCaptured(
      client,
      planFor(emulator, { platforms: 'mac, windows' }),
      cancel.signal,
    );
    // Not after a fixed time: on a loaded machine the triggers may not be sent by then.
    await abortOnceTriggered(cancel, 2);
    const { state, lines, known } = await pending;

    // Both triggers were in flight at the signal; their answers came within the grace period.
    expect(Date.now() - started).toBeLessThan(3_000);
    const created = emulator
      .builds()
      .map((build) => build.id)
      .filter((id) => !before.has(id));
    expect(created).toHaveLength(2);
    expect(state.builds.map((build) => build.id).sort()).toEqual(created.sort());
    expect(state.builds.map((build) => build.problem)).toEqual([undefined, undefined]);
    expect(known.at(-1)!.map((build) => build.id)).toEqual(state.builds.map((build) => build.id));
    for (const build of state.builds) {
      expect(lines).toContainEqual(
        expect.stringMatching(`^${build.platform}/${build.arch}: triggered ${build.id} `),
      );
    }
  });

  it('on SIGTERM, a trigger still unanswered after the grace period is reported as maybe created', async () => {
    emulator.faults.slowTriggers = { count: 1, delayMs: 2_000 };
    const cancel = new AbortController();
    const pending = runCaptured(client, planFor(emulator, { platforms: 'linux' }), cancel.signal, {
      triggerGraceMs: 200,
    });
    await abortOnceTriggered(cancel, 1);
    const { state } = await pending;
    expect(state.builds).toHaveLength(1);
    expect(state.builds[0]!.id).toBeNull();
    expect(state.builds[0]!.problem?.stage).toBe('trigger');
    expect(state.builds[0]!.problem?.message).toMatch(
      /no answer to the trigger before the step stopped; the service may still have created the build/,
    );
  });
});
