// The bundled action against a hostile or broken service (the emulator's fault switches choose
// ids, statuses, redirects, bytes and timing): nothing it says steers a workflow command, a path,
// the summary or a credential, and a bad answer costs one build, never the run.
import { randomUUID } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Marked } from 'marked';
import { beforeAll, describe, expect, it } from 'vitest';
import { secretSpellings } from '../../src/text/secret-spellings.ts';
import { executedCommands, groups } from '../builds/support.ts';
import {
  buildFor,
  project,
  useE2e,
  type BuildOutput,
  type E2eRun,
} from '../../test-kit/e2e-run.ts';
import { spellingsOf, WINDOWS_DEVICE_NAMES } from '../support/windows-names.ts';

const PROJECT_ID = 'proj_hostile';
const BUILD_ID = /^build_[A-Za-z0-9_-]+$/;
const EMPTY_VERSION = '0.0.1';
const e2e = useE2e({
  emulator: {
    apiKey: 'dbs_Hostile_Key_0123456789',
    buildingMs: 400,
    artifactSize: (build) => (build.version === EMPTY_VERSION ? 0 : 64 * 1024),
    seedProjects: [project(PROJECT_ID, ['mac', 'linux'], { name: 'Hostile' })],
  },
});

/** Workflow commands the runner would execute, other than the action's own kinds. */
function foreignCommands(run: E2eRun): string[] {
  const own = /^::(group::|endgroup::|error|warning|notice|add-mask::|stop-commands::|debug::)/;
  const executed = executedCommands(run.stdout.split('\n'));
  return executed.filter((line) => !own.test(line) || /pwn/i.test(line));
}

/** Every file under `root`, recursively (symlinks not followed). */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(root, name))
    .filter((file) => !lstatSync(file).isDirectory());
}

// A fresh name per run: a run against an action that follows such an id leaves the file behind.
const ESCAPE = path.join(os.tmpdir(), `pwn-escape-${randomUUID()}`);
const HOSTILE = [
  'build_ok\n::error title=pwn::owned',
  `../../../../../..${ESCAPE}`,
  'build_x|`code`|<img src=x onerror=alert(1)>|[pwn](https://evil.example)',
];

describe('a hostile service, against node dist/index.js', () => {
  it('ids that are not ids cost their build: no command, no path, no summary markup from them', async () => {
    e2e.emulator.faults.triggerIds = [HOSTILE[0]!];
    const first = await e2e.run({ inputs: { platforms: 'mac, linux' } });
    e2e.emulator.faults.triggerIds = [HOSTILE[1]!, HOSTILE[2]!];
    const second = await e2e.run({ inputs: { platforms: 'mac, linux' } });

    for (const run of [first, second]) {
      expect(run.code).toBe(1);
      expect(foreignCommands(run)).toEqual([]);
      for (const line of (run.outputs['build-ids'] ?? '').split('\n').filter(Boolean)) {
        expect(line).toMatch(BUILD_ID);
      }
      expect(run.stdout).not.toMatch(/^::error title=pwn/m);
      const html = await new Marked({ gfm: true }).parse(run.summary);
      expect(html).not.toMatch(/<img|onerror|href="https:\/\/evil/i);
      for (const escaped of [ESCAPE, `${ESCAPE}.log`]) {
        expect(existsSync(escaped)).toBe(false);
      }
    }
    // The one the service answered with a valid id was still built and downloaded.
    expect(first.builds.filter((build) => build.sha256 !== undefined)).toHaveLength(1);
    expect(first.stdout).toMatch(/POST \/projects\/:projectId\/builds .*id/);
  });

  describe('installers the artifact host names as Windows devices', () => {
    // Each device name in one of its spellings, so every name and every spelling is sent once.
    const deviceFileNames = WINDOWS_DEVICE_NAMES.map((device, index) => {
      const spellings = spellingsOf(device);
      return spellings[index % spellings.length]!;
    });
    // Six builds a run (every platform × arch), each sent another name, and the runs at once, each
    // with a version of its own: five processes for the thirty names, not thirty one after another.
    const TARGETS = ['mac', 'windows', 'linux'].flatMap((platform) =>
      ['x64', 'arm64'].map((arch) => ({ platform, arch })),
    );
    const nameOf = new Map<string, string>();
    const savedAs = new Map<string, { run: E2eRun; build: BuildOutput }>();

    beforeAll(async () => {
      e2e.emulator.faults.hostileFileName = (build) =>
        nameOf.get(`${build.version} ${build.platform}/${build.arch}`) ?? null;
      const runs = [];
      for (let first = 0; first < deviceFileNames.length; first += TARGETS.length) {
        const version = `3.0.${first}`;
        const names = deviceFileNames.slice(first, first + TARGETS.length);
        names.forEach((name, i) =>
          nameOf.set(`${version} ${TARGETS[i]!.platform}/${TARGETS[i]!.arch}`, name),
        );
        const platforms = [...new Set(TARGETS.slice(0, names.length).map((t) => t.platform))];
        runs.push(
          e2e
            .run({
              inputs: { version, platforms: platforms.join(', '), arches: 'x64, arm64' },
            })
            .then((run) => {
              for (const build of run.builds) {
                const name = nameOf.get(`${version} ${build.platform}/${build.arch}`);
                if (name !== undefined) savedAs.set(name, { run, build });
              }
            }),
        );
      }
      await Promise.all(runs);
    }, 120_000);

    it.each(deviceFileNames)(
      'an installer the artifact host names %j is saved under a name Windows does not reserve',
      (fileName) => {
        const { run, build } = savedAs.get(fileName)!;
        expect(run.code, run.stdout).toBe(0);
        const saved = path.basename(build.path!);
        // The host sent this build the name (not the build's own).
        expect(saved).not.toBe(e2e.emulator.artifactFor(build.id!).fileName);
        const stem = saved.split('.')[0]!.trimEnd().toUpperCase();
        expect(WINDOWS_DEVICE_NAMES).not.toContain(stem);
        // Nothing else was written: the run's folder holds its builds' installers, no more.
        const files = filesUnder(path.join(run.workspace, 'desktop-builds'));
        expect(files.map((file) => path.basename(file))).toContain(saved);
        expect(files.sort()).toEqual(run.builds.map((build) => build.path!).sort());
      },
    );
  });

  it('a status with a newline never becomes a workflow command', async () => {
    e2e.emulator.faults.reportStatus = 'building\n::error title=pwn::status';
    const run = await e2e.run({ inputs: { platforms: 'linux' } });
    expect(foreignCommands(run)).toEqual([]);
    expect(run.code).toBe(1);
    expect(buildFor(run, 'linux').id).toMatch(BUILD_ID);
  });

  it('a resumed build answered under another id is refused, and that id is never followed', async () => {
    const detached = await e2e.run({ inputs: { platforms: 'mac', wait: 'false' } });
    const [id] = detached.outputs['build-ids']!.split('\n');
    e2e.emulator.faults.getBuildAnswersId = 'build_someone_else';
    const before = e2e.emulator.requests.length;
    const run = await e2e.run({ inputs: { 'build-ids': id! }, timeoutMs: 30_000 });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/id is not the build asked for/);
    const asked = e2e.emulator.requests.slice(before).map((request) => request.path);
    expect(asked.filter((p) => p.includes('build_someone_else'))).toEqual([]);
    expect(filesUnder(path.join(run.workspace, 'desktop-builds'))).toEqual([]);
  });

  it('an unknown id among build-ids is reported and the others are followed', async () => {
    const detached = await e2e.run({
      inputs: { platforms: 'mac, linux', wait: 'false' },
    });
    const ids = detached.outputs['build-ids']!.split('\n');
    const run = await e2e.run({
      inputs: { 'build-ids': [...ids, 'build_nosuchbuild'].join(', ') },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::.*build_nosuchbuild/);
    const followed = run.builds.filter((build) => build.sha256 !== undefined);
    expect(followed.map((build) => build.id).sort()).toEqual([...ids].sort());
  });

  it('a redirect back to the API never carries the key, and its JSON is not saved as the installer', async () => {
    e2e.emulator.faults.artifactRedirect = `${e2e.emulator.baseUrl}/projects/${PROJECT_ID}`;
    const before = e2e.emulator.requests.length;
    const run = await e2e.run({ inputs: { platforms: 'linux' } });
    const bounced = e2e.emulator.requests
      .slice(before)
      .filter(
        (request) => request.origin === 'api' && request.path.endsWith(`/projects/${PROJECT_ID}`),
      );
    expect(bounced.length).toBeGreaterThan(0);
    for (const request of bounced) expect(request.headers.authorization).toBeUndefined();
    expect(run.code).toBe(1);
    expect(buildFor(run, 'linux').error).toMatch(/download/i);
    expect(filesUnder(path.join(run.workspace, 'desktop-builds'))).toEqual([]);
  });

  it('JSON where an installer is expected, or an empty installer, fails that build clearly', async () => {
    e2e.emulator.faults.artifactContentType = 'application/json; charset=utf-8';
    const json = await e2e.run({ inputs: { platforms: 'linux' } });
    expect(json.code).toBe(1);
    expect(buildFor(json, 'linux').error).toMatch(/application\/json/);
    e2e.emulator.resetFaults();
    const empty = await e2e.run({
      inputs: { platforms: 'linux', version: EMPTY_VERSION },
    });
    expect(empty.code).toBe(1);
    expect(buildFor(empty, 'linux').error).toMatch(/empty/i);
    for (const run of [json, empty]) {
      expect(filesUnder(path.join(run.workspace, 'desktop-builds'))).toEqual([]);
    }
  });

  it('the key in other spellings is masked before it is shown and never reaches the summary or outputs', async () => {
    const spellings = secretSpellings(e2e.emulator.apiKey);
    expect(spellings.length).toBeGreaterThanOrEqual(5);
    e2e.emulator.faults.injectLogLines = spellings.map((spelling) => `echo ${spelling}`);
    e2e.emulator.faults.downloadRefusal = {
      status: 409,
      message: `refused for ${spellings.join(' and ')}`,
    };
    const run = await e2e.run({ inputs: { platforms: 'linux' } });
    expect(run.code).toBe(1);
    const masked = new Set<string>();
    for (const line of run.stdout.split('\n')) {
      const mask = /^::add-mask::(.*)$/.exec(line);
      if (mask) {
        masked.add(mask[1]!);
        continue;
      }
      // The runner masks a secret from the moment it was added: nothing shows one before that.
      for (const spelling of spellings) {
        if (line.includes(spelling))
          expect(masked.has(spelling), `${spelling} in: ${line}`).toBe(true);
      }
    }
    for (const spelling of spellings) {
      expect(masked.has(spelling)).toBe(true);
      expect(run.summary).not.toContain(spelling);
      expect(Object.values(run.outputs).join('\n')).not.toContain(spelling);
    }
  });

  it('one build whose logs endpoint trickles does not hold the healthy build', async () => {
    e2e.emulator.faults.trickleLogs = { rules: [{ platform: 'mac' }], byteIntervalMs: 2_000 };
    const run = await e2e.run({
      // The step ends at its timeout (mac's log never does): 12 s leaves linux, done in about
      // one, room on a loaded machine.
      inputs: { platforms: 'mac, linux', timeout: '0.2' },
      timeoutMs: 60_000,
    });
    const linux = buildFor(run, 'linux');
    expect(linux.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(linux.path!)).toBe(true);
    expect(buildFor(run, 'mac').id).toMatch(BUILD_ID);
  }, 70_000);

  it('invalid UTF-8 in a log costs a character, not the log', async () => {
    e2e.emulator.faults.invalidUtf8Logs = true;
    const started = Date.now();
    const run = await e2e.run({ inputs: { platforms: 'linux' } });
    expect(run.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    const [lines] = [...groups(run.stdout.split('\n')).values()];
    expect(lines!.some((line) => line.includes('\uFFFD'))).toBe(true);
  });

  it('a log served newest-first is said once and no line is printed twice', async () => {
    e2e.emulator.faults.reverseLogs = true;
    const run = await e2e.run({ inputs: { platforms: 'linux' } });
    const [lines] = [...groups(run.stdout.split('\n')).values()];
    const printed = lines!.filter((line) => !line.startsWith('::'));
    expect(new Set(printed).size).toBe(printed.length);
    expect(run.stdout.match(/::warning.*(order|reorder|shrank|changed)/gi) ?? []).toHaveLength(1);
  });

  it('one oversized answer costs one build with a clear error; the other is delivered', async () => {
    e2e.emulator.faults.oversizedAnswers = { count: 1, bytes: 700_000_000 };
    const run = await e2e.run({ inputs: { platforms: 'mac, linux' }, timeoutMs: 60_000 });
    expect(run.code).toBe(1);
    const [lost] = run.builds.filter((build) => build.error !== undefined);
    expect(lost!.error).toMatch(/GET \/builds\/:buildId.*(large|MiB|bytes)/);
    expect(run.builds.filter((build) => build.sha256 !== undefined)).toHaveLength(1);
  });

  it('the same id for two triggers is followed once; the other target is not given its installer', async () => {
    e2e.emulator.faults.duplicateTriggerIds = true;
    const run = await e2e.run({ inputs: { platforms: 'mac, linux' } });
    expect(run.code).toBe(1);
    const { builds } = run;
    const ids = builds.flatMap((build) => (build.id === null ? [] : [build.id]));
    expect(new Set(ids).size).toBe(ids.length);
    expect(builds.filter((build) => build.sha256 !== undefined)).toHaveLength(1);
    expect(builds.find((build) => build.id === null)!.error).toContain(ids[0]!);
  });

  it('a failed build with a huge log line gets a small annotation', async () => {
    e2e.emulator.faults.failBuilds = [{ platform: 'linux' }];
    e2e.emulator.faults.injectLogLines = [`error: ${'x'.repeat(5_000_000)}`];
    const run = await e2e.run({ inputs: { platforms: 'linux' } });
    const annotation = run.stdout.split('\n').find((line) => line.startsWith('::error title='));
    expect(annotation).toBeDefined();
    expect(annotation!.length).toBeLessThan(8 * 1024);
  });

  it('a poll interval below the floor is raised and said', async () => {
    const before = e2e.emulator.requests.length;
    const run = await e2e.run({
      inputs: { platforms: 'linux', 'poll-interval': '0.001' },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/::notice::.*poll-interval/);
    const polls = e2e.emulator.requests
      .slice(before)
      .filter((request) => request.method === 'GET' && /^\/v1\/builds\/[^/]+$/.test(request.path));
    expect(polls.length).toBeLessThan(40);
  });

  it('runner paths that cannot work fail the step before any request, naming the variable', async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    const notADirectory = path.join(scratch, 'file');
    writeFileSync(notADirectory, '');
    const outside = mkdtempSync(path.join(os.tmpdir(), 'outside-'));
    const workspace = mkdtempSync(path.join(os.tmpdir(), 'workspace-'));
    symlinkSync(outside, path.join(workspace, 'desktop-builds'));
    const cases: [Record<string, string>, RegExp, string | undefined][] = [
      [{ RUNNER_TEMP: notADirectory }, /RUNNER_TEMP/, undefined],
      [{ GITHUB_OUTPUT: path.join(scratch, 'missing') }, /GITHUB_OUTPUT/, undefined],
      [{}, /download-path/, workspace],
    ];
    for (const [env, named, inWorkspace] of cases) {
      const before = e2e.emulator.requests.length;
      const run = await e2e.run({
        inputs: { platforms: 'linux' },
        env,
        workspace: inWorkspace,
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(named);
      expect(e2e.emulator.requests.length).toBe(before);
    }
    expect(readdirSync(outside)).toEqual([]);
  });
});
