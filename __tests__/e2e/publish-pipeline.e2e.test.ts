// Publishing as a pipeline (issue 20): the bundled action (`node dist/index.js`, run as a runner
// runs it) against the emulator with staggered builds, linux done long before mac, must publish
// each installer as its build finishes, not after the slowest one. GitHub's side is mocked by the
// test kit's stand-ins (artifact backend, releases API, issue comments) on 127.0.0.1, which the
// bundled artifact client and Octokit reach unchanged. The emulator and the stand-ins run in this
// process, on one clock: a stand-in's times (an upload answered, an artifact finalized, a comment
// written) compare with a build's `completedAt`.
// The "before mac's build succeeded" checks are soft, so a run shows every check that fails.
import { createHash } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Build } from '../../src/service/schemas.ts';
import { markdownCell } from '../../src/text/escape.ts';
import { parseChecksums } from '../../src/publish/checksums.ts';
import { CANCEL_GRACE_MS } from '../../src/shared/timing.ts';
import {
  buildFor,
  explain,
  githubForTest,
  project,
  pullRequestEnv,
  useE2e,
  type BuildOutput,
  type E2eRun,
  type GitHub,
  type StartedE2eRun,
} from '../../test-kit/e2e-run.ts';
import type {
  ReleasesApi,
  ReleasesApiOptions,
  StoredRelease,
} from '../../test-kit/stand-ins/releases-api.ts';

const MAC_BUILDING_MS = 7_000;
const LINUX_BUILDING_MS = 300;
const TOKEN = 'ghs_pipeline_token';
const RELEASE_URL = 'https://github.com/acme/desktop-app/releases/tag/v1.4.2';
const PROJECTS = {
  published: 'proj_pipeline_published',
  rerun: 'proj_pipeline_rerun',
  sigterm: 'proj_pipeline_sigterm',
  comment: 'proj_pipeline_comment',
};

/** mac's time in `building` for the builds triggered from now on. */
let macBuildingMs = MAC_BUILDING_MS;
const e2e = useE2e({
  emulator: {
    buildingMs: ({ platform }) => (platform === 'mac' ? macBuildingMs : LINUX_BUILDING_MS),
    artifactSize: 128 * 1024,
    seedProjects: Object.values(PROJECTS).map((id) => project(id, ['mac', 'linux'])),
  },
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const serviceBuilds = (projectId: string): Build[] =>
  e2e.emulator.builds().filter((build) => build.projectId === projectId);
const completedAt = (buildId: string | null): number => {
  const completed = e2e.emulator.builds().find((build) => build.id === buildId)?.completedAt;
  if (!completed) throw new Error(`build ${buildId} has not completed on the emulator`);
  return Date.parse(completed);
};

/** A soft check that `what` happened before mac's build succeeded (`macDone`). */
function expectBeforeMac(what: string, at: number | undefined, macDone: number): void {
  expect.soft(at, `${what}: never happened`).toBeDefined();
  if (at === undefined) return;
  expect
    .soft(at, `${what} came ${at - macDone} ms after mac's build succeeded`)
    .toBeLessThan(macDone);
}

/** GitHub's artifact backend and releases API for one test, closed when it ends. */
const startGitHub = (releases: Omit<ReleasesApiOptions, 'token'> = {}) =>
  githubForTest({ token: TOKEN, releases: { immutable: true, ...releases }, artifacts: {} });

const startTagRun = (projectId: string, github: GitHub, attempt = '1'): StartedE2eRun =>
  e2e.start({
    github,
    inputs: { 'project-id': projectId },
    env: { GITHUB_RUN_ATTEMPT: attempt },
  });

const installersOn = (release: StoredRelease) =>
  release.assets.filter((asset) => asset.name !== 'SHA256SUMS');

/** The asset on `release` with this build's bytes. */
const assetOf = (release: StoredRelease, build: BuildOutput) =>
  release.assets.find((asset) => sha256(asset.content) === build.sha256);

/** When the asset of this name was answered 201 (it exists from then on). */
const uploadedAt = (api: ReleasesApi, name: string | undefined) =>
  api.uploads.find((upload) => upload.name === name && upload.status === 201)?.end;

function expectPublishedWithEverything(release: StoredRelease, run: E2eRun): void {
  expect(release).toMatchObject({ tagName: 'v1.4.2', draft: false });
  const installers = installersOn(release);
  expect(installers.map((asset) => sha256(asset.content)).sort()).toEqual(
    run.builds.map((build) => build.sha256).sort(),
  );
  const sums = release.assets.find((asset) => asset.name === 'SHA256SUMS');
  expect(sums, 'SHA256SUMS on the release').toBeDefined();
  const listed = parseChecksums(sums!.content.toString());
  for (const asset of installers) expect(listed.get(asset.name)).toBe(sha256(asset.content));
}

describe('node dist/index.js publishes each installer as its build finishes', () => {
  it("uploads linux's workflow artifact and release asset before mac's build succeeds, and publishes last", async () => {
    const github = await startGitHub();
    const run = await startTagRun(PROJECTS.published, github).result;
    expect(run.code, explain(run)).toBe(0);
    expect(run.stderr).toBe('');
    const linux = buildFor(run, 'linux');
    const mac = buildFor(run, 'mac');
    const macDone = completedAt(mac.id);

    const artifact = github.artifacts.artifacts().find((a) => a.id === linux.artifactId);
    expect(sha256(artifact!.content!)).toBe(linux.sha256);
    expectBeforeMac("linux's workflow artifact (finalized)", artifact?.finalizedAt, macDone);

    const [release, ...others] = github.releases.releases();
    expect(others).toHaveLength(0);
    const linuxAsset = assetOf(release!, linux);
    expect(linuxAsset, "linux's release asset").toBeDefined();
    const linuxUploaded = uploadedAt(github.releases, linuxAsset?.name);
    expectBeforeMac("linux's release asset (uploaded)", linuxUploaded, macDone);
    const linuxUpload = github.releases.uploads.find((upload) => upload.name === linuxAsset?.name);
    expect(linuxUpload?.releaseId).toBe(release!.id);

    // The draft takes every asset, SHA256SUMS last; then, and only then, it is published.
    expectPublishedWithEverything(release!, run);
    const steps = github.releases.events.map((event) => `${event.what} ${event.name}`);
    expect(steps[0]).toBe('created draft v1.4.2');
    expect(steps.slice(-2)).toEqual(['uploaded SHA256SUMS', 'published v1.4.2']);
    const publishedAt = Date.parse(release!.publishedAt!);
    expect(publishedAt).toBeGreaterThanOrEqual(macDone);
    for (const upload of github.releases.uploads) {
      expect(upload.end, `${upload.name} answered`).toBeLessThanOrEqual(publishedAt);
    }
    expect(run.outputs['release-url']).toBe(RELEASE_URL);
  }, 45_000);

  it("leaves a draft with linux's asset when mac fails after it; a re-run reuses linux's build and asset and publishes", async () => {
    const github = await startGitHub();
    e2e.emulator.faults.failBuilds = [{ platform: 'mac' }];
    onTestFinished(() => e2e.emulator.resetFaults());

    const first = await startTagRun(PROJECTS.rerun, github, '1').result;
    expect(first.code, explain(first)).toBe(1);
    expect(first.outputs.status).toBe('failed');
    expect(first.stdout).toMatch(/^::error::.*1 of 2 builds failed: mac\/x64/m);
    const linux = buildFor(first, 'linux');
    const failedMac = buildFor(first, 'mac');
    expect(failedMac.status).toBe('failed');
    const [draft, ...others] = github.releases.releases();
    expect(others).toHaveLength(0);
    expect(draft!.draft).toBe(true);
    const linuxAsset = assetOf(draft!, linux);
    expect(installersOn(draft!).map((asset) => asset.name)).toEqual([linuxAsset?.name]);
    expectBeforeMac(
      "linux's release asset (uploaded)",
      uploadedAt(github.releases, linuxAsset?.name),
      completedAt(failedMac.id),
    );

    // The re-run of the failed job: mac builds fine this time, and no timing is at stake.
    e2e.emulator.resetFaults();
    macBuildingMs = LINUX_BUILDING_MS;
    onTestFinished(() => {
      macBuildingMs = MAC_BUILDING_MS;
    });
    const rerun = await startTagRun(PROJECTS.rerun, github, '2').result;
    expect(rerun.code, explain(rerun)).toBe(0);
    expect(rerun.outputs.status).toBe('success');
    expect(buildFor(rerun, 'linux').id).toBe(linux.id);
    const mac = buildFor(rerun, 'mac');
    expect(mac.id).not.toBe(failedMac.id);
    const triggered = serviceBuilds(PROJECTS.rerun).map((build) => build.platform);
    expect(triggered.sort()).toEqual(['linux', 'mac', 'mac']);

    const [release, ...more] = github.releases.releases();
    expect(more).toHaveLength(0);
    expect(release!.id).toBe(draft!.id);
    expectPublishedWithEverything(release!, rerun);
    // linux's asset is the one the first attempt uploaded: kept, never uploaded again.
    expect(assetOf(release!, linux)?.id).toBe(linuxAsset?.id);
    const linuxUploads = github.releases.uploads.filter(
      (upload) => upload.name === linuxAsset?.name,
    );
    expect(linuxUploads).toHaveLength(1);
    expect(rerun.outputs['release-url']).toBe(RELEASE_URL);
    expect(
      github.artifacts
        .artifacts()
        .map((a) => sha256(a.content!))
        .sort(),
    ).toEqual([linux.sha256, mac.sha256].sort());
  }, 60_000);

  it('on SIGTERM during an upload publishes nothing and reports every build, with every output and the summary', async () => {
    // 128 KiB at 32 KiB/s: each release asset upload stays in flight about 4 s.
    const github = await startGitHub({ uploadBytesPerSecond: 32 * 1024 });
    const started = startTagRun(PROJECTS.sigterm, github);
    const upload = await Promise.race([
      github.releases.waitForUpload((next) => next.name !== 'SHA256SUMS'),
      started.result.then(() => undefined),
    ]);
    if (upload === undefined) {
      throw new Error(
        `the action ended before any upload started: ${explain(await started.result)}`,
      );
    }
    const macAtSignal = serviceBuilds(PROJECTS.sigterm).find((build) => build.platform === 'mac');
    const signalled = Date.now();
    started.child.kill('SIGTERM');
    const run = await started.result;
    const stoppedAfter = Date.now() - signalled;

    expect(run.code, explain(run)).toBe(1);
    expect
      .soft(macAtSignal?.status, "mac's build when the first upload started and SIGTERM came")
      .not.toBe('success');
    // It ended on its own, report written, not by the grace period's forced exit.
    expect(stoppedAfter).toBeLessThan(CANCEL_GRACE_MS);
    expect(run.stdout).toContain('SIGTERM');
    // The report names what landed where: linux's asset was cut short.
    expect(run.stdout).toMatch(/draft release assets uploaded: none, not uploaded: linux\/x64/);

    // Nothing public: every release is a draft, and the upload cut short is not on it.
    for (const release of github.releases.releases()) expect(release.draft).toBe(true);
    expect(upload.end).toBeUndefined();
    const assets = github.releases.releases().flatMap((release) => release.assets);
    expect(assets.map((asset) => asset.name)).not.toContain(upload.name);
    expect(run.outputs['release-url'] ?? '').not.toBe(RELEASE_URL);

    // Every build id, every output, the summary; groups closed.
    const ids = serviceBuilds(PROJECTS.sigterm).map((build) => build.id);
    expect(ids).toHaveLength(2);
    expect(run.outputs['build-ids']?.split('\n').sort()).toEqual([...ids].sort());
    expect(run.builds.map((build) => build.id).sort()).toEqual([...ids].sort());
    expect(run.outputs.status).toBe('failed');
    const linux = buildFor(run, 'linux');
    expect(linux.sha256).toBe(e2e.emulator.artifactFor(linux.id!).sha256);
    const downloaded = run.builds.flatMap((build) => (build.path ? [build.path] : []));
    expect(downloaded).toContain(linux.path);
    expect(run.outputs.artifacts?.split('\n')).toEqual(downloaded);
    expect(run.summary).toContain('## Desktop builds');
    expect(run.summary).toContain('SIGTERM');
    for (const id of ids) expect(run.summary).toContain(markdownCell(id));
    const lines = run.stdout.split('\n');
    const opened = lines.filter((line) => line.startsWith('::group::')).length;
    const closed = lines.filter((line) => line === '::endgroup::').length;
    expect(closed).toBeGreaterThanOrEqual(opened);
  }, 45_000);

  it("gives the pull-request comment linux's download link before mac's build succeeds", async () => {
    const github = await githubForTest({ token: TOKEN, artifacts: {}, comments: {} });
    const run = await e2e.run({
      github,
      inputs: { 'project-id': PROJECTS.comment, version: '1.0.0-pr.9' },
      env: await pullRequestEnv({ number: 9, head: '3'.repeat(40), runId: '601' }),
    });
    expect(run.code, explain(run)).toBe(0);
    const linux = buildFor(run, 'linux');
    const mac = buildFor(run, 'mac');
    const link = (build: BuildOutput) =>
      `](https://github.com/acme/desktop-app/actions/runs/601/artifacts/${build.artifactId})`;
    expect(linux.artifactId).toBeGreaterThan(0);

    const [comment, ...others] = github.comments.comments(9);
    expect(others).toHaveLength(0);
    expect(comment!.body).toContain(link(linux));
    expect(comment!.body).toContain(link(mac));
    const firstWithLinux = github.comments.writes.find((write) => write.body.includes(link(linux)));
    expectBeforeMac(
      "the comment's link to linux's installer",
      firstWithLinux?.at,
      completedAt(mac.id),
    );
    expect(github.comments.writes[0]!.kind).toBe('create');
    expect(github.comments.writes.slice(1).every((write) => write.kind === 'update')).toBe(true);
  }, 45_000);
});
