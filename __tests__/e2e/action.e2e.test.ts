// The bundled action (`dist/index.js`, built by `npm run bundle`), spawned exactly as a runner
// spawns it, against the e2e.emulator.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { markdownCell } from '../../src/text/escape.ts';
import { secretSpellings } from '../../src/text/secret-spellings.ts';
import { executedCommands, groups } from '../builds/support.ts';
import { project, useE2e } from '../../test-kit/e2e-run.ts';
import { close, listen } from '../../test-kit/stand-ins/http.ts';

const e2e = useE2e({
  emulator: {
    buildingMs: 400,
    artifactSize: 256 * 1024,
    seedProjects: [project('proj_e2e', ['mac', 'linux'], { name: 'E2E' })],
  },
});

describe('node dist/index.js, run as the runner runs it', () => {
  it('builds the project platforms × arches and reports like the contract says', async () => {
    const run = await e2e.run({ inputs: { arches: 'x64, arm64' } });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);

    const { builds } = run;
    expect(builds.map((b) => `${b.platform}/${b.arch}`)).toEqual([
      'mac/x64',
      'mac/arm64',
      'linux/x64',
      'linux/arm64',
    ]);
    expect(run.outputs.status).toBe('success');
    expect(run.outputs['build-ids']!.split('\n')).toEqual(builds.map((b) => b.id));
    const paths = run.outputs.artifacts!.split('\n');
    expect(paths).toHaveLength(4);
    for (const build of builds) {
      expect(build).toMatchObject({
        version: '1.4.2',
        status: 'success',
        artifactSize: 256 * 1024,
      });
      expect(build.duration).toBeGreaterThan(0);
      expect(paths).toContain(build.path);
      expect(build.path!.startsWith(path.join(run.workspace, 'desktop-builds'))).toBe(true);
      const digest = createHash('sha256').update(readFileSync(build.path!)).digest('hex');
      expect(digest).toBe(build.sha256);
      expect(digest).toBe(e2e.emulator.artifactFor(build.id!).sha256);
    }

    const lines = run.stdout.split('\n');
    const printed = groups(lines);
    for (const build of builds) {
      expect(printed.get(`${build.platform}/${build.arch} · success`)?.join('\n')).toContain(
        `Build ${build.id} started`,
      );
    }
    // The key, in each of its spellings, is masked first thing and never printed otherwise.
    const masks = secretSpellings(e2e.emulator.apiKey).map((spelling) => `::add-mask::${spelling}`);
    expect(lines.slice(0, masks.length)).toEqual(masks);
    expect(lines.filter((l) => l.includes(e2e.emulator.apiKey))).toEqual([
      `::add-mask::${e2e.emulator.apiKey}`,
    ]);

    expect(run.summary).toContain('## Desktop builds');
    expect(run.summary).toMatch(/\*\*success\*\* · version `[^`]+` · 4\/4 builds finished/);
    for (const build of builds) expect(run.summary).toContain(markdownCell(build.id!));
    expect(run.summary).toContain('```mermaid\ngantt');
  });

  it('fails the step on a failed build, annotating it, with outputs still written', async () => {
    e2e.emulator.faults.failBuilds = [{ platform: 'linux' }];
    e2e.emulator.faults.injectLogLines = [
      '::error::injected',
      '::add-mask::x',
      '::set-output name=status::success',
    ];
    const run = await e2e.run({ inputs: { platforms: 'mac, linux' } });
    expect(run.code).toBe(1);
    expect(run.outputs.status).toBe('failed');
    const { builds } = run;
    expect(builds.map((b) => b.status)).toEqual(['success', 'failed']);
    expect(run.outputs.artifacts!.split('\n')).toHaveLength(1);

    const executed = executedCommands(run.stdout.split('\n'));
    const errors = executed.filter((l) => l.startsWith('::error'));
    expect(errors[0]).toMatch(
      /^::error title=linux\/x64 build failed::build_\w+: .*exited with code 1/,
    );
    expect(errors[1]).toMatch(/^::error::1 of 2 builds failed: linux\/x64 build_\w+ \(failed\)/);
    expect(errors).toHaveLength(2);
    // The two secrets the step holds, each in its spellings: the API key, then the GitHub token
    // (the default input's, as run-action.ts gives it).
    expect(executed.filter((l) => /::(add-mask|set-output)/.test(l))).toEqual(
      [...secretSpellings(e2e.emulator.apiKey), ...secretSpellings('ghs_e2e_token')].map(
        (spelling) => `::add-mask::${spelling}`,
      ),
    );
    expect(run.summary).toContain('❌ failed');
  });

  it('stays green with fail-on-error: false, still reporting the failure', async () => {
    e2e.emulator.faults.failBuilds = [{ platform: 'mac' }];
    const run = await e2e.run({
      inputs: { platforms: 'mac', download: 'false', 'fail-on-error': 'false' },
    });
    expect(run.code).toBe(0);
    expect(run.outputs.status).toBe('failed');
    expect(run.stdout).toContain('::error title=mac/x64 build failed::');
    expect(run.stdout).toContain('::warning::1 of 1 builds failed');
  });

  it('publishes through the lazily loaded chunk; a publish failure keeps the outputs', async () => {
    // A GitHub API stand-in that refuses the token: the release step fails at once.
    const github = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Bad credentials' }));
    });
    const url = await listen(github);
    onTestFinished(() => close(github));
    const run = await e2e.run({
      inputs: { platforms: 'mac', release: 'true' },
      env: { GITHUB_API_URL: url },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::Publishing failed/);
    expect(run.stdout).toContain('Bad credentials');
    expect(run.outputs['build-ids']).toMatch(/^build_\w+$/);
    expect(run.outputs.status).toBe('success');
    expect(run.outputs.artifacts).toContain('mac-x64');
    expect(run.summary).toContain('Publishing failed');
  });

  it('rejects bad inputs before any request', async () => {
    const before = e2e.emulator.requests.length;
    const run = await e2e.run({
      inputs: { platforms: 'mac, beos', 'poll-interval': '0' },
      env: { GITHUB_REF: 'refs/heads/main' },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::Invalid inputs:%0A- platforms: "beos" is not allowed');
    expect(run.stdout).toContain('poll-interval: "0" is not a positive number of seconds');
    expect(run.stdout).toContain('version: missing');
    expect(e2e.emulator.requests.length).toBe(before);
    expect(run.outputs).toEqual({});
  });

  it('applies config-file through its lazily loaded chunk', async () => {
    const workspace = mkdtempSync(path.join(os.tmpdir(), 'workspace-'));
    writeFileSync(
      path.join(workspace, 'desktop-build.yml'),
      'name: E2E Config\nurl: https://config.example\nplatforms: [windows]\n',
    );
    const run = await e2e.run({
      inputs: { 'project-id': undefined, 'config-file': 'desktop-build.yml', wait: 'false' },
      workspace,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const project = e2e.emulator.projects().find((p) => p.name === 'E2E Config');
    expect(project?.platforms).toEqual(['windows']);
    const id = run.outputs['build-ids']!;
    expect(e2e.emulator.builds().find((b) => b.id === id)?.projectId).toBe(project!.id);
  });

  it('detaches with wait: false and resumes in a later step with build-ids', async () => {
    const detached = await e2e.run({ inputs: { wait: 'false' } });
    expect(detached.code).toBe(0);
    expect(detached.outputs.status).toBe('pending');
    const ids = detached.outputs['build-ids']!;
    expect(ids.split('\n')).toHaveLength(2);

    const resumed = await e2e.run({
      inputs: { 'build-ids': ids },
      env: { GITHUB_REF: 'refs/heads/main' },
    });
    expect(resumed.code).toBe(0);
    expect(resumed.outputs['build-ids']).toBe(ids);
    expect(resumed.outputs.status).toBe('success');
    expect(resumed.outputs.artifacts!.split('\n')).toHaveLength(2);
  });

  it('on SIGTERM lists the running builds, writes outputs and summary, and exits', async () => {
    e2e.emulator.faults.hangBuilds = [{}];
    const before = e2e.emulator.builds().length;
    const started = e2e.start({ inputs: { platforms: 'mac, linux' } });
    // Both triggers answered: the action holds both ids when the signal comes.
    await started.logged(/mac\/x64: triggered build_/);
    await started.logged(/linux\/x64: triggered build_/);
    started.child.kill('SIGTERM');
    const run = await started.result;

    expect(run.code).toBe(1);
    const ids = e2e.emulator
      .builds()
      .slice(before)
      .map((b) => b.id);
    expect(run.outputs['build-ids']!.split('\n').sort()).toEqual([...ids].sort());
    expect(run.stdout).toContain('Received SIGTERM');
    expect(run.stdout).toMatch(
      /::error::Cancelled by SIGTERM\. .* these builds keep running: mac\/x64 build_/,
    );
    expect(run.summary).toContain('Cancelled by SIGTERM');
  });
});
