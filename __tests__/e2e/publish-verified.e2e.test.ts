// The bundled action (`node dist/index.js`, run as a runner runs it) reading the release back
// before it publishes it, and publishing to another repository (issue 35). GitHub's side is the
// releases API stand-in (test-kit/stand-ins) with its switches: no `digest` (older Enterprise
// Server), a digest that is not the bytes', an asset gone after its upload was answered, a
// repository refusing the token (403) or hidden from it (404). One fresh stand-in per test.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChecksums } from '../../src/publish/checksums.ts';
import {
  explain,
  githubForTest,
  project,
  useE2e,
  type E2eRun,
  type GitHub,
} from '../../test-kit/e2e-run.ts';
import type {
  ReleasesApi,
  ReleasesApiOptions,
  StoredRelease,
} from '../../test-kit/stand-ins/releases-api.ts';

const TOKEN = 'ghs_publish_verified_token';
const WORKFLOW_REPOSITORY = 'acme/desktop-app';
const RELEASES_REPOSITORY = 'acme/desktop-app-releases';
const e2e = useE2e({
  emulator: {
    buildingMs: 200,
    seedProjects: [
      project('proj_publish_verified', ['mac', 'windows', 'linux'], { name: 'Verified' }),
    ],
  },
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** GitHub for one test: the releases API (which serves RELEASES_REPOSITORY too), artifacts if asked. */
const startGitHub = (releases: Omit<ReleasesApiOptions, 'token'> = {}) =>
  githubForTest({
    token: TOKEN,
    releases: { otherRepositories: [RELEASES_REPOSITORY], ...releases },
  });
const startGitHubWithArtifacts = () =>
  githubForTest({
    token: TOKEN,
    releases: { otherRepositories: [RELEASES_REPOSITORY] },
    artifacts: {},
  });

interface RunOptions {
  attempt?: string;
  inputs?: Record<string, string>;
}

const publishRun = (github: GitHub, options: RunOptions = {}) =>
  e2e.run({
    github,
    inputs: {
      platforms: 'mac,linux',
      'asset-name': 'app-{platform}-{arch}.{ext}',
      ...options.inputs,
    },
    env: { GITHUB_RUN_ATTEMPT: options.attempt ?? '1' },
    timeoutMs: 120_000,
  });

const theRelease = (api: ReleasesApi, repository = WORKFLOW_REPOSITORY): StoredRelease => {
  const releases = api.releases().filter((release) => release.repository === repository);
  expect(releases).toHaveLength(1);
  return releases[0]!;
};

/** The release holds every build's installer, byte for byte, and SHA256SUMS lists each. */
function expectEverything(release: StoredRelease, runs: E2eRun[]): void {
  const installers = release.assets.filter((asset) => asset.name !== 'SHA256SUMS');
  const built = runs.flatMap((run) => run.builds);
  expect(installers).toHaveLength(built.length);
  const sums = parseChecksums(
    release.assets.find((asset) => asset.name === 'SHA256SUMS')!.content.toString(),
  );
  expect(sums.size).toBe(built.length);
  for (const asset of installers) {
    expect(built.map((build) => build.sha256)).toContain(sha256(asset.content));
    expect(sums.get(asset.name)).toBe(sha256(asset.content));
  }
}

const checkLines = (run: E2eRun) =>
  run.stdout.split('\n').filter((line) => line.startsWith('Release check'));

describe('the release read back before it is published', () => {
  it('publishes a tag push’s release after the check passed by digests: release-verified=true', async () => {
    const github = await startGitHub();
    const api = github.releases;
    const run = await publishRun(github);
    expect(run.code, explain(run)).toBe(0);
    const release = theRelease(api);
    expect(release.draft).toBe(false);
    expectEverything(release, [run]);
    expect(run.outputs['release-verified']).toBe('true');
    // One line says which check ran and how long it took; the installers' bytes are not read.
    expect(checkLines(run)).toEqual([
      expect.stringMatching(
        /^Release check \(read back before publishing\) passed in \d+\.\d s: 2 installers of this job: 2 by GitHub's sha256 digest and size; SHA256SUMS read back, 2 lines checked \(every line, the release being published\)\.$/,
      ),
    ]);
    const installerIds = release.assets.filter((a) => a.name !== 'SHA256SUMS').map((a) => a.id);
    for (const id of installerIds) {
      expect(api.requests).not.toContain(`GET /repos/${WORKFLOW_REPOSITORY}/releases/assets/${id}`);
    }
    // The check comes before the release is published.
    const check = api.requests.lastIndexOf(
      `GET /repos/${WORKFLOW_REPOSITORY}/releases/${release.id}/assets`,
    );
    expect(check).toBeLessThan(api.requests.findIndex((r) => r.startsWith('PATCH ')));
  });

  it('keeps a draft whose asset’s digest is not the installer’s, names it, and a re-run repairs it', async () => {
    const github = await startGitHub();
    const api = github.releases;
    api.tamperNextDigest('app-linux-x64.AppImage');
    const run = await publishRun(github);
    expect(run.code, explain(run)).toBe(1);
    const release = theRelease(api);
    expect(release.draft).toBe(true);
    expect(api.events.map((event) => event.what)).not.toContain('published');
    expect(run.outputs['release-verified']).toBe('false');
    const linux = run.builds.find((build) => build.platform === 'linux')!;
    const held = release.assets.find((asset) => asset.name === 'app-linux-x64.AppImage')!;
    expect(run.stdout).toContain(
      `Release v1.4.2 does not hold what was attached (read back before publishing): ` +
        `asset "app-linux-x64.AppImage": expected ${held.size} bytes, sha256 ${linux.sha256}; ` +
        `GitHub holds asset ${held.id}, ${held.size} bytes, state uploaded, sha256 ${held.digest.slice(7)}.`,
    );
    expect(held.digest).not.toBe(`sha256:${linux.sha256}`);
    expect(checkLines(run)[0]).toContain('FAILED');

    const rerun = await publishRun(github, { attempt: '2' });
    expect(rerun.code, explain(rerun)).toBe(0);
    expect(rerun.stdout).toContain('Replacing asset "app-linux-x64.AppImage"');
    const repaired = theRelease(api);
    expect(repaired.draft).toBe(false);
    expectEverything(repaired, [rerun]);
    expect(rerun.outputs['release-verified']).toBe('true');
  }, 120_000);

  it('keeps a draft when an asset is gone from the list after its upload was answered; a re-run repairs it', async () => {
    const github = await startGitHub();
    const api = github.releases;
    api.dropAfterUpload('app-mac-x64.dmg');
    const run = await publishRun(github);
    expect(run.code, explain(run)).toBe(1);
    expect(api.uploads.some((u) => u.name === 'app-mac-x64.dmg' && u.status === 201)).toBe(true);
    expect(theRelease(api).draft).toBe(true);
    expect(run.outputs['release-verified']).toBe('false');
    const mac = run.builds.find((build) => build.platform === 'mac')!;
    expect(run.stdout).toMatch(
      new RegExp(
        `asset "app-mac-x64\\.dmg": expected \\d+ bytes, sha256 ${mac.sha256}; GitHub holds no asset of that name`,
      ),
    );

    const rerun = await publishRun(github, { attempt: '2' });
    expect(rerun.code, explain(rerun)).toBe(0);
    expect(theRelease(api).draft).toBe(false);
    expectEverything(theRelease(api), [rerun]);
    expect(rerun.outputs['release-verified']).toBe('true');
  }, 120_000);

  it('without digests (older Enterprise Server) checks by the asset id each upload got, and says so', async () => {
    const github = await startGitHub({ digest: false, enterprise: true });
    const api = github.releases;
    const run = await publishRun(github);
    expect(run.code, explain(run)).toBe(0);
    expect(theRelease(api).draft).toBe(false);
    expect(run.outputs['release-verified']).toBe('true');
    expect(checkLines(run)).toEqual([
      expect.stringContaining(
        '2 installers of this job: 2 by size, state and the asset id its upload got ' +
          '(GitHub gives no digest); SHA256SUMS read back, 2 lines checked',
      ),
    ]);
  });

  it('and without digests a replaced asset (another id) keeps the draft', async () => {
    const github = await startGitHub({ digest: false });
    const api = github.releases;
    // Someone uploads the asset again after this job's upload was answered: a new id.
    api.replaceAfterUpload('app-mac-x64.dmg');
    const run = await publishRun(github);
    expect(run.code, explain(run)).toBe(1);
    expect(theRelease(api).draft).toBe(true);
    expect(run.outputs['release-verified']).toBe('false');
    const uploaded = api.uploads.find((u) => u.name === 'app-mac-x64.dmg')!;
    const held = theRelease(api).assets.find((a) => a.name === 'app-mac-x64.dmg')!;
    expect(run.stdout).toMatch(
      new RegExp(
        `asset "app-mac-x64\\.dmg": expected ${uploaded.bytes} bytes, asset \\d+ as its upload answered \\(GitHub gives no digest\\); GitHub holds asset ${held.id}, ${uploaded.bytes} bytes, state uploaded\\.`,
      ),
    );
  });

  it('leaves release-verified empty for a release kept a draft (release-draft: true) whose check passed', async () => {
    const github = await startGitHub();
    const api = github.releases;
    const run = await publishRun(github, { inputs: { 'release-draft': 'true' } });
    expect(run.code, explain(run)).toBe(0);
    expect(theRelease(api).draft).toBe(true);
    expect(checkLines(run)[0]).toContain('passed');
    expect(run.outputs['release-verified']).toBe('');
  });
});

describe('release-repository', () => {
  it('puts the release, its assets and SHA256SUMS there; nothing is created in the workflow’s', async () => {
    const github = await startGitHubWithArtifacts();
    const { releases: api, artifacts: backend } = github;
    const run = await publishRun(github, { inputs: { 'release-repository': RELEASES_REPOSITORY } });
    expect(run.code, explain(run)).toBe(0);
    const release = theRelease(api, RELEASES_REPOSITORY);
    expect(release.draft).toBe(false);
    // Another repository does not hold the workflow's commit: GitHub tags its default branch.
    expect(release.targetCommitish).toBe('main');
    expectEverything(release, [run]);
    expect(api.releases().filter((r) => r.repository === WORKFLOW_REPOSITORY)).toEqual([]);
    expect(api.requests.filter((r) => r.includes(`/repos/${WORKFLOW_REPOSITORY}/`))).toEqual([]);
    expect(run.outputs['release-url']).toBe(
      `https://github.com/${RELEASES_REPOSITORY}/releases/tag/v1.4.2`,
    );
    expect(run.outputs['release-verified']).toBe('true');
    // The workflow artifacts stay with the workflow's run.
    expect(backend.artifacts()).toHaveLength(2);
  });

  it.each([
    [
      403,
      'GitHub refused to write the release in the repository acme/desktop-app-releases (HTTP 403: Resource not accessible by integration)',
    ],
    [
      404,
      'GitHub answered HTTP 404 for the repository acme/desktop-app-releases: the token cannot see it (or it does not exist)',
    ],
  ] as const)(
    'refused with %i: names the repository and contents: write, uploads no asset, keeps the installers',
    async (status, said) => {
      const github = await startGitHubWithArtifacts();
      const { releases: api, artifacts: backend } = github;
      api.refuseRepository(RELEASES_REPOSITORY, status);
      const run = await publishRun(github, {
        inputs: { 'release-repository': RELEASES_REPOSITORY },
      });
      expect(run.code, explain(run)).toBe(1);
      expect(run.stdout).toContain(
        `${said}. The token needs contents: write on ${RELEASES_REPOSITORY}. The workflow's own ` +
          'GITHUB_TOKEN cannot write to another repository',
      );
      expect(api.uploads).toEqual([]);
      expect(api.releases()).toEqual([]);
      expect(run.outputs['release-verified']).toBe('');
      const { builds } = run;
      expect(builds).toHaveLength(2);
      for (const build of builds) {
        expect(existsSync(build.path!)).toBe(true);
        expect(sha256(readFileSync(build.path!))).toBe(build.sha256);
      }
      // The workflow artifacts were uploaded all the same.
      expect(backend.artifacts()).toHaveLength(2);
      expect(builds).toEqual(
        builds.map(() => expect.objectContaining({ artifactId: expect.any(Number) })),
      );
    },
  );
});

describe('a matrix of three jobs racing on one tag', () => {
  it('ends with exactly one published release, verified, holding every job’s installer', async () => {
    const github = await startGitHub({ delayMs: 20 });
    const api = github.releases;
    const runs = await Promise.all(
      ['mac', 'windows', 'linux'].map((platform) =>
        publishRun(github, { inputs: { platforms: platform } }),
      ),
    );
    for (const run of runs) expect(run.code, explain(run)).toBe(0);
    const release = theRelease(api);
    expect(release.draft).toBe(false);
    expect(api.events.filter((event) => event.what === 'published')).toHaveLength(1);
    expectEverything(release, runs);
    const verified = runs.map((run) => run.outputs['release-verified']);
    expect(verified).not.toContain('false');
    expect(verified).toContain('true');
    // The job that published it checked every line of SHA256SUMS.
    const publisher = runs.find((run) => run.stdout.includes('Published release v1.4.2'))!;
    expect(publisher.outputs['release-verified']).toBe('true');
    expect(checkLines(publisher)[0]).toContain('(every line, the release being published)');
  }, 120_000);
});
