// The bundled action (`dist/index.js`, built by `npm run bundle`) run as a runner runs it, where
// what it is given cannot be trusted (issue 36): a download with no size and no end, a resume
// from another object, a token with a line break, a log rewritten to the same length, a lost
// CreateArtifact whose artifact cannot be cleared, proxy variables without a scheme or with no
// URL at all. Each must end as said, with nothing forged in the log and nothing half-kept.
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import { groups } from '../builds/support.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';
import { githubForTest, project, useE2e, type E2eRun } from '../../test-kit/e2e-run.ts';
import { shownLog } from '../../test-kit/run-action.ts';
import { startProxy } from '../support/proxy.ts';

const PROJECT_ID = 'proj_trust';
const e2e = useE2e({
  emulator: { buildingMs: 600, seedProjects: [project(PROJECT_ID, ['linux'], { name: 'Trust' })] },
});

let versions = 0;
const inputs = (more: Record<string, string> = {}) => ({
  version: `3.0.${(versions += 1)}`,
  ...more,
});

const downloaded = (run: E2eRun): string[] => {
  const folder = path.join(run.workspace, 'desktop-builds', 'linux-x64');
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe('downloads without a size', () => {
  it('stops an endless chunked download at max-download-size, keeping no file', async () => {
    e2e.emulator.faults.unsizedArtifacts = [{}];
    e2e.emulator.faults.endlessArtifacts = [{}];
    const run = await e2e.run({ inputs: inputs({ 'max-download-size': '1MiB' }) });

    const [build] = run.builds;
    expect(build).toMatchObject({ status: 'success' });
    expect(build?.path).toBeUndefined();
    expect(build?.error).toContain('more than max-download-size (1 MiB, 1048576 bytes)');
    expect(build?.error).toContain('nothing was saved');
    // Neither the installer's name nor its part file.
    expect(downloaded(run)).toEqual([]);
  });

  it('starts over when a resume announces another total (no splice), and keeps the whole', async () => {
    // Large enough that the cut comes after the action took bytes (a cut in the first burst can
    // take them away unread, and the transfer then starts from 0 without a resume).
    const large = await startEmulator({
      queuedMs: 20,
      buildingMs: 100,
      artifactSize: 4 * 1024 * 1024,
      seedProjects: [project(PROJECT_ID, ['linux'])],
    });
    onTestFinished(() => large.close());
    large.faults.unsizedArtifacts = [{}];
    large.faults.cutDownloads = { count: 1, afterBytes: 3 * 1024 * 1024 };
    large.faults.resumeTotalDelta = 1000;
    const run = await e2e.run({
      inputs: { ...inputs(), 'api-key': large.apiKey, 'base-url': large.baseUrl },
    });

    expect(run.code).toBe(0);
    const [build] = run.builds;
    expect(build?.sha256).toBe(large.artifactFor(build!.id!).sha256);
    expect(downloaded(run)).toEqual([path.basename(build!.path!)]);
    expect(run.stdout).toMatch(
      /the resumed part belongs to a file of 4195304 bytes, not 4194304; starting over/,
    );
    const ranges = large.requests
      .filter((request) => request.origin === 'artifact')
      .map((request) => request.headers.range);
    expect(ranges).toEqual([undefined, expect.stringMatching(/^bytes=\d+-$/), undefined]);
  });

  it('refuses a max-download-size that is no size, naming it, before any request', async () => {
    const before = e2e.emulator.requests.length;
    const run = await e2e.run({ inputs: inputs({ 'max-download-size': 'lots' }) });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('max-download-size: "lots" is not a size');
    expect(e2e.emulator.requests.length).toBe(before);
  });
});

describe('secrets that cannot be secrets', () => {
  it('refuses a github-token with a line break before any request, and never shows it', async () => {
    const before = e2e.emulator.requests.length;
    const token = 'ghs_first_half\n::error title=forged::pwned by the token';
    const run = await e2e.run({ inputs: inputs(), githubToken: token });

    expect(run.code).toBe(1);
    expect(e2e.emulator.requests.length).toBe(before);
    expect(run.stdout).toContain('github-token: holds a control character');
    // Read whole: no line but the masks carries any part of it, and nothing was forged.
    const shown = shownLog(run);
    expect(shown).not.toContain('ghs_first_half');
    expect(shown).not.toContain('pwned by the token');
    expect(
      run.stdout.split('\n').filter((line) => line.startsWith('::error title=forged')),
    ).toEqual([]);
    expect(run.stdout).toContain('::add-mask::ghs_first_half\n');
    expect(run.summary).not.toContain('ghs_first_half');
  });

  it('refuses an api-key with a line break the same way', async () => {
    const before = e2e.emulator.requests.length;
    const run = await e2e.run({ inputs: inputs({ 'api-key': `${e2e.emulator.apiKey}\nmore` }) });
    expect(run.code).toBe(1);
    expect(e2e.emulator.requests.length).toBe(before);
    expect(run.stdout).toContain('api-key: holds a control character');
    expect(shownLog(run)).not.toContain(e2e.emulator.apiKey);
  });
});

describe('the final log', () => {
  it('shows a log rewritten to the same length whole once the build ended', async () => {
    // Every answer the same length while the log grows: only its bytes tell them apart.
    e2e.emulator.faults.logsPaddedTo = 256 * 1024;
    const run = await e2e.run({ inputs: inputs({ download: 'false' }) });

    expect(run.code).toBe(0);
    const [build] = run.builds;
    const response = await fetch(`${e2e.emulator.baseUrl}/builds/${build!.id}/logs`, {
      headers: { authorization: `Bearer ${e2e.emulator.apiKey}` },
    });
    const { logs } = (await response.json()) as { logs: { message: string }[] };
    expect(logs.length).toBeGreaterThan(3);
    const title = [...groups(run.stdout.split('\n')).keys()].find((name) => name.includes('linux'));
    const printed = (groups(run.stdout.split('\n')).get(title!) ?? [])
      .filter((line) => /^\d\d:\d\d:\d\d /.test(line))
      .map((line) => line.replace(/^\S+ \S+\s+/, ''));
    expect(printed).toEqual(logs.map((entry) => entry.message));
  });
});

describe('a lost CreateArtifact whose artifact cannot be cleared', () => {
  it("says it is this job's own call and where the installer is", async () => {
    const github = await githubForTest({ artifacts: {} });
    github.artifacts.loseNextAnswers('CreateArtifact');
    github.artifacts.deleteOnlyFinalized();
    const run = await e2e.run({ inputs: inputs(), github });

    const [build] = run.builds;
    expect(build?.path).toBeDefined();
    expect(existsSync(build!.path!)).toBe(true);
    expect(run.stdout).toMatch(/most likely the one this job's own first call made/);
    expect(run.stdout).toContain(`it is on the runner at ${build!.path}`);
    expect(run.stdout).not.toContain('(another job?)');
  });
});

describe('proxy variables', () => {
  it('refuses a proxy URL that is no URL, naming the variable, before any request', async () => {
    const before = e2e.emulator.requests.length;
    const run = await e2e.run({
      inputs: inputs(),
      env: { HTTPS_PROXY: 'http://user:s3cret@exa mple:3128' },
    });
    expect(run.code).toBe(1);
    expect(e2e.emulator.requests.length).toBe(before);
    expect(run.stdout).toMatch(/HTTPS_PROXY: .* is not a URL/);
    expect(run.stdout).not.toContain('s3cret');
  });

  it('takes a proxy without a scheme as http:// and goes through it', async () => {
    const certificates = makeCertificates(['service.test']);
    const caFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'dba-ca-')), 'ca.pem');
    writeFileSync(caFile, certificates.ca);
    const remote = await startEmulator({
      tls: { cert: certificates.cert, key: certificates.key },
      publicHost: 'service.test',
      queuedMs: 20,
      buildingMs: 150,
      seedProjects: [project(PROJECT_ID, ['linux'])],
    });
    onTestFinished(() => remote.close());
    const proxy = await startProxy({ user: 'runner', password: 'pw' });
    onTestFinished(() => proxy.close());
    const run = await e2e.run({
      inputs: { ...inputs(), 'api-key': remote.apiKey, 'base-url': remote.baseUrl },
      env: {
        HTTPS_PROXY: proxy.url('runner', 'pw').replace(/^http:\/\//, ''),
        NODE_EXTRA_CA_CERTS: caFile,
      },
    });
    expect(run.code).toBe(0);
    expect(run.builds[0]?.sha256).toBeDefined();
    expect(proxy.log.length).toBeGreaterThan(0);
    expect(proxy.log.every((request) => request.hostname === 'service.test')).toBe(true);
  });
});
