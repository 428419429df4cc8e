// The bundled action where the build path used to lose things (issue 28): a full RUNNER_TEMP,
// logs that come newest first or rotate mid-build, a service whose clock runs a minute behind when
// a trigger's answer is lost, and downloads whose bytes are not what was announced. Each costs at
// most what it concerns: a log's lines, or one build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groups } from '../builds/support.ts';
import { project, useE2e, type E2eRun } from '../../test-kit/e2e-run.ts';

const e2e = useE2e({
  emulator: {
    buildingMs: 600,
    seedProjects: [project('proj_buildpath', ['mac', 'linux'], { name: 'Path' })],
  },
});

let versions = 0;
/** Inputs of a run with a version of its own, so its builds can be counted. */
const inputs = (more: Record<string, string> = {}) => ({
  version: `2.0.${(versions += 1)}`,
  platforms: 'mac, linux',
  ...more,
});

/** The service's whole log of a build, as it lists it with no fault on. */
async function wholeLog(id: string): Promise<string[]> {
  const response = await fetch(`${e2e.emulator.baseUrl}/builds/${id}/logs`, {
    headers: { authorization: `Bearer ${e2e.emulator.apiKey}` },
  });
  const body = (await response.json()) as { logs: { message: string }[] };
  return body.logs.map((entry) => entry.message);
}

/** The service's lines of a printed group, without time and level, and their clock times. */
function printedLog(run: E2eRun, title: string) {
  const group = groups(run.stdout.split('\n')).get(title) ?? [];
  const lines = group.filter((line) => /^\d\d:\d\d:\d\d /.test(line));
  return {
    messages: lines.map((line) => line.replace(/^\S+ \S+\s+/, '')),
    times: lines.map((line) => line.slice(0, 8)),
  };
}

const sorted = (lines: readonly string[]) => [...lines].sort();
const ascending = (times: readonly string[]) =>
  times.every((t, i) => i === 0 || t >= times[i - 1]!);

/**
 * A mount namespace of our own, as a user without privileges gets one: the way to give the action
 * a really full RUNNER_TEMP (a small tmpfs, filled) without filling the machine's disk.
 */
const canMountTmpfs =
  process.platform === 'linux' &&
  spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$(mktemp -d)"'])
    .status === 0;
// bash, not sh: dash drops the INPUT_* variables whose names hold a hyphen.
const FULL_TEMP = [
  'unshare',
  '-rm',
  'bash',
  '-c',
  'full="$RUNNER_TEMP/full" && mkdir -p "$full" && mount -t tmpfs -o size=256k tmpfs "$full" && ' +
    '{ dd if=/dev/zero of="$full/filler" bs=4096 2>/dev/null || true; } && ' +
    'RUNNER_TEMP="$full" exec "$@"',
  'bash',
];

describe('a full RUNNER_TEMP', () => {
  // Where user namespaces are off (some hardened runners), this cannot be made for real; the
  // same failure is shown in-process with /dev/full in __tests__/builds/logs.test.ts.
  it.runIf(canMountTmpfs)(
    'costs the logs, said once naming RUNNER_TEMP; both installers are downloaded, true statuses',
    async () => {
      const run = await e2e.run({ inputs: inputs(), launcher: FULL_TEMP, timeoutMs: 90_000 });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.outputs.status).toBe('success');
      const builds = run.builds;
      expect(builds.map((build) => build.status)).toEqual(['success', 'success']);
      for (const build of builds) {
        expect(build.sha256).toBe(e2e.emulator.artifactFor(build.id!).sha256);
        expect(build.path!.startsWith(path.join(run.workspace, 'desktop-builds'))).toBe(true);
        expect(existsSync(build.path!)).toBe(true);
      }
      expect(run.stdout.match(/^::warning.*$/gm)).toEqual([
        expect.stringMatching(
          /^::warning title=Build logs not kept::The build logs could not be kept under RUNNER_TEMP \(.*\/full\): ENOSPC/,
        ),
      ]);
      expect(run.stdout).not.toMatch(/unparsable JSON body|Retrying GET \/builds\/:buildId\/logs/);
      expect(run.summary).toContain('2/2 builds finished');
    },
  );
});

describe('logs that reorder or rotate', () => {
  it('a log served newest first is shown whole once each build ended, in time order', async () => {
    e2e.emulator.faults.reverseLogs = true;
    const run = await e2e.run({ inputs: inputs() });
    expect(run.code).toBe(0);
    e2e.emulator.faults.reverseLogs = false;
    for (const build of run.builds) {
      const shown = printedLog(run, `${build.platform}/x64 · success`);
      expect(sorted(shown.messages)).toEqual(sorted(await wholeLog(build.id!)));
      expect(ascending(shown.times)).toBe(true);
    }
    expect(run.stdout.match(/^::warning title=[^:]+%3A log out of order::.*$/gm)).toHaveLength(2);
  });

  it('a log rotated mid-build loses nothing: the lines before and after, each once', async () => {
    // Rotated after the third read: later reads list only what was written since.
    e2e.emulator.faults.rotateLogsAfterReads = 3;
    const run = await e2e.run({ inputs: inputs({ platforms: 'linux' }) });
    expect(run.code).toBe(0);
    e2e.emulator.faults.rotateLogsAfterReads = 0;
    const [build] = run.builds;
    const shown = printedLog(run, `linux/x64 · ${build!.id}`);
    const log = await wholeLog(build!.id!);
    expect(log.length).toBeGreaterThan(4);
    expect(sorted(shown.messages)).toEqual(sorted(log));
    expect(run.stdout.match(/^::warning title=linux\/x64%3A log out of order::.*$/gm)).toEqual([
      expect.stringMatching(/the log of \S+ (shrank|changed order)/),
    ]);
  });
});

describe('a service clock a minute behind, and a lost trigger answer', () => {
  it('gets one build per target, by its own build list before and after', async () => {
    e2e.emulator.faults.clockSkewMs = -60_000;
    e2e.emulator.faults.loseTriggerResponses = 1;
    const run = await e2e.run({ inputs: inputs({ version: '2.9.0' }) });
    expect(run.code).toBe(0);
    const made = e2e.emulator.builds().filter((build) => build.version === '2.9.0');
    expect(made.map((build) => build.platform).sort()).toEqual(['linux', 'mac']);
    expect(sorted(run.builds.map((build) => build.id!))).toEqual(
      sorted(made.map((build) => build.id)),
    );
  });
});

describe('downloads whose bytes are not what was announced', () => {
  const expectRefused = (run: E2eRun, pattern: RegExp) => {
    expect(run.code).toBe(1);
    const mac = run.builds.find((build) => build.platform === 'mac')!;
    const linux = run.builds.find((build) => build.platform === 'linux')!;
    expect(mac.sha256).toBeUndefined();
    expect(mac.path).toBeUndefined();
    expect(mac.error).toMatch(pattern);
    expect(linux).toMatchObject({ status: 'success', sha256: expect.any(String) });
    expect(readFileSync(linux.path!).length).toBe(64 * 1024);
    expect(run.outputs.artifacts).toBe(linux.path);
  };

  it('an installer sent with an unasked Content-Encoding costs that build, clearly', async () => {
    e2e.emulator.faults.gzipArtifacts = [{ platform: 'mac' }];
    const run = await e2e.run({ inputs: inputs() });
    expectRefused(run, /Content-Encoding gzip, which the action did not ask for/);
  });

  it('fewer bytes than artifactSize, however consistent the headers, cost that build', async () => {
    e2e.emulator.faults.shortArtifacts = { rules: [{ platform: 'mac' }], bytes: 1000 };
    const run = await e2e.run({ inputs: inputs() });
    expectRefused(run, /announced 64536 bytes, the build's artifactSize says 65536/);
  });
});
