// The bundled action (`node dist/index.js`, run as a runner runs it) against answers that cost by
// their shape, not their size (issue 36): nesting in a log and in Get Build, a GitHub answer that
// inflates, a version the service's answers cannot carry, a history with an entry the client cannot
// read. One run per finding; the action's own peak RSS (VmHWM at exit, bench/peak-rss.mjs) is read.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  buildFor,
  explain,
  project,
  useE2e,
  type E2eRun,
  type E2eRunOptions,
} from '../../test-kit/e2e-run.ts';
import { REPO_ROOT } from '../../test-kit/run-action.ts';
import { close, listen } from '../../test-kit/stand-ins/http.ts';

const MIB = 1024 * 1024;
const PEAK_BOUND = 512 * MIB;
const PROJECTS = ['proj_nested_log', 'proj_nested_build', 'proj_inflating', 'proj_history'];
const e2e = useE2e({
  emulator: { seedProjects: PROJECTS.map((id) => project(id, ['mac', 'linux'])) },
});

const inputs = (projectId: string, more: Record<string, string> = {}) => ({
  'project-id': projectId,
  platforms: 'mac, linux',
  ...more,
});

/** The run, and the action's peak RSS as it measured it at exit (0 when it never got there). */
async function measuredRun(options: E2eRunOptions): Promise<{ run: E2eRun; peak: number }> {
  const rssFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'bounded-rss-')), 'peak');
  const run = await e2e.run({
    timeoutMs: 120_000,
    ...options,
    env: {
      NODE_OPTIONS: `--import=${path.join(REPO_ROOT, 'bench', 'peak-rss.mjs')}`,
      BENCH_PEAK_RSS_FILE: rssFile,
      ...options.env,
    },
  });
  let peak = 0;
  try {
    peak = Number(readFileSync(rssFile, 'utf8'));
  } catch {
    // No exit handler ran (killed, or out of memory): the assertions on the run say so.
  }
  return { run, peak };
}

const count = (text: string, part: string) => text.split(part).length - 1;

const triggersOf = (projectId: string) =>
  e2e.emulator.requests.filter(
    (request) => request.method === 'POST' && request.path === `/v1/projects/${projectId}/builds`,
  );

describe('node dist/index.js against answers that cost by their shape', () => {
  it('refuses a 38 MiB log of nesting at its first bytes: that log only, both builds downloaded', async () => {
    e2e.emulator.faults.nestedAnswers = {
      rules: [{ platform: 'mac' }],
      endpoints: ['logs'],
      bytes: 38 * MIB,
    };

    const { run, peak } = await measuredRun({ inputs: inputs('proj_nested_log') });

    expect(run.code, explain(run)).toBe(0);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(PEAK_BOUND);
    for (const platform of ['mac', 'linux']) {
      const build = buildFor(run, platform);
      expect(build, platform).toMatchObject({ status: 'success', sha256: expect.any(String) });
      expect(e2e.emulator.builds().find((b) => b.id === build!.id)?.status).toBe('success');
    }
    expect(run.outputs.status).toBe('success');
    const refusal =
      'GET /builds/:buildId/logs answered with JSON nested more than 3 levels deep, deeper than ' +
      'any answer of it can be; it was not parsed.';
    expect(count(run.stdout, refusal), run.stdout).toBe(1);
    expect(run.stdout).toContain(`could not read the log of ${buildFor(run, 'mac').id}`);
    // The other build's log is shown as usual.
    expect(run.stdout).toMatch(/Build build_\w+ started: version 1\.4\.2 for linux\/x64/);
  });

  it('refuses a Get Build nested 15 MiB deep without parsing it: the other build downloaded, statuses as known', async () => {
    e2e.emulator.faults.nestedAnswers = {
      rules: [{ platform: 'mac' }],
      endpoints: ['getBuild'],
      bytes: 15 * MIB,
    };

    const { run, peak } = await measuredRun({ inputs: inputs('proj_nested_build') });

    expect(peak, explain(run)).toBeGreaterThan(0);
    expect(peak).toBeLessThan(PEAK_BOUND);
    const linux = buildFor(run, 'linux');
    expect(linux, explain(run)).toMatchObject({ status: 'success', sha256: expect.any(String) });
    const mac = buildFor(run, 'mac');
    // Its id is kept to resume it; its status is the last one heard, never a success.
    expect(mac.id).toMatch(/^build_/);
    expect(mac.status).not.toBe('success');
    expect(mac.path).toBeUndefined();
    expect(run.stdout).toContain(
      'GET /builds/:buildId answered with JSON nested more than 32 levels deep',
    );
    expect(run.outputs.status).toBe('failed');
  });

  it('refuses a GitHub release listing that inflates past 16 MiB, naming the size and GitHub', async () => {
    // ~100 KiB of a listing's entries in one gzip member of a few hundred bytes, sent until the
    // client goes away: it would inflate to 1 GiB.
    const member = gzipSync(Buffer.from('{"id":1,"tag_name":"v0","assets":[]},'.repeat(2_800)));
    let listed = 0;
    const github = createServer((req, res) => {
      req.resume();
      if (!/^\/repos\/acme\/desktop-app\/releases\?/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"message":"Not Found"}');
        return;
      }
      listed += 1;
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.write(gzipSync('['));
      let sent = 0;
      const more = () => {
        while (sent < 10_000 && !res.destroyed) {
          sent += 1;
          if (!res.write(member)) return void res.once('drain', more);
        }
        res.end(gzipSync('{}]'));
      };
      more();
    });
    const url = await listen(github);
    onTestFinished(() => close(github));

    const { run, peak } = await measuredRun({
      inputs: inputs('proj_inflating', { release: 'true' }),
      env: { GITHUB_API_URL: url },
    });

    expect(run.code, explain(run)).not.toBe(0);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(PEAK_BOUND);
    expect(listed).toBe(1);
    expect(run.stdout).toContain(
      'GitHub GET /repos/acme/desktop-app/releases?per_page=100&page=1 answered with more than ' +
        '16777216 bytes (16.0 MiB), the most this client reads from it; reading stopped there. ' +
        'GitHub (or a proxy on the way) is misbehaving; retry later.',
    );
    for (const platform of ['mac', 'linux']) {
      expect(buildFor(run, platform), platform).toMatchObject({
        status: 'success',
        sha256: expect.any(String),
      });
    }
  });

  it('refuses a 150-character version before any trigger', async () => {
    const version = `1.0.0-${'a'.repeat(144)}`;
    const before = triggersOf('proj_history').length;

    const run = await e2e.run({ inputs: inputs('proj_history', { version }) });

    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain('version: 150 characters, more than the 128 allowed');
    expect(triggersOf('proj_history')).toHaveLength(before);
  });

  it('reads a history with an entry it cannot read: still reuses, triggers, and reconciles a lost answer', async () => {
    const projectId = 'proj_history';
    const trigger = (body: Record<string, string>) =>
      fetch(`${e2e.emulator.baseUrl}/projects/${projectId}/builds`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${e2e.emulator.apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<{ id: string }>);
    const ofProject = () => e2e.emulator.builds().filter((build) => build.projectId === projectId);
    // An earlier run's mac build of this version, and a build of a version too long to read.
    const earlier = await trigger({ platform: 'mac', arch: 'x64', version: '1.4.2' });
    const unreadable = await trigger({ platform: 'linux', version: `2.0.0-${'b'.repeat(144)}` });
    await expect
      .poll(() => ofProject().filter((build) => build.status === 'success').length, {
        timeout: 30_000,
      })
      .toBe(2);
    e2e.emulator.faults.loseTriggerResponses = 1;
    const before = triggersOf(projectId).length;

    const { run, peak } = await measuredRun({
      inputs: inputs(projectId),
      env: { GITHUB_RUN_ATTEMPT: '2' },
    });

    expect(run.code, explain(run)).toBe(0);
    expect(peak).toBeLessThan(PEAK_BOUND);
    expect(buildFor(run, 'mac')).toMatchObject({ id: earlier.id, status: 'success' });
    expect(run.stdout).toContain(`reusing successful build ${earlier.id} of 1.4.2`);
    const linux = buildFor(run, 'linux');
    expect(linux).toMatchObject({ status: 'success', sha256: expect.any(String) });
    expect(linux.id).not.toBe(unreadable.id);
    // One trigger, its answer lost, and no second build: the lost one was found in the list.
    expect(
      triggersOf(projectId)
        .slice(before)
        .map((request) => request.status),
    ).toEqual([0]);
    expect(ofProject().filter((build) => build.version === '1.4.2')).toHaveLength(2);
    const warning = `${unreadable.id}: builds.1.version is longer than 128 characters`;
    expect(count(run.stdout, warning), run.stdout).toBe(1);
    expect(run.stdout).toContain("The project's build list has 1 entry this action cannot read");
  });
});
