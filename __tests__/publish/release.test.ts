// GitHub's side is mocked by a local stand-in of the releases REST API (test-kit/stand-ins):
// the real Octokit from @actions/github talks to it over 127.0.0.1. Nothing of ours is mocked.
import { beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/http/dispatcher.ts';
import { defaultRetryRuntime } from '../../src/http/retry.ts';
import { PublishError } from '../../src/publish/errors.ts';
import type { Publish } from '../../test-kit/publisher.ts';
import { parseChecksums } from '../../src/publish/checksums.ts';
import { AssetLockedError } from '../../src/publish/errors.ts';
import { createGitHub } from '../../src/github/client.ts';
import { uploadAsset } from '../../src/publish/release-assets.ts';
import type { Installer, PublishPlan, ReleasePlan } from '../../src/publish/types.ts';
import type { ReleasesApi, StoredRelease } from '../../test-kit/stand-ins/releases-api.ts';
import { publishPlan, sha256, startReleases, tempDir, writeInstaller } from './fixtures.ts';
import { formatSeconds } from '../../src/text/durations.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';
import { virtualClock } from '../support/virtual-clock.ts';

const TOKEN = 'ghs_releases_test_token';

const plan = (over: Partial<ReleasePlan> = {}): PublishPlan => publishPlan(TOKEN, over);

const sumsOf = (release: StoredRelease) =>
  parseChecksums(release.assets.find((a) => a.name === 'SHA256SUMS')?.content.toString() ?? '');

describe('publishing a release against the releases API stand-in', () => {
  let api: ReleasesApi;
  let publish: Publish;
  let dir: string;
  let installers: Installer[];

  const start = async (options: { immutable?: boolean; delayMs?: number } = {}) => {
    ({ api, publish } = await startReleases({ token: TOKEN, ...options }));
  };

  beforeEach(async () => {
    dir = await tempDir('release');
    installers = [
      await writeInstaller(dir, 'MyApp-1.4.2-arm64.dmg', 'mac', 'arm64'),
      await writeInstaller(dir, 'MyApp Setup 1.4.2.exe', 'windows', 'x64'),
      await writeInstaller(dir, 'MyApp-1.4.2.AppImage', 'linux', 'x64'),
    ];
  });

  it('creates a draft, uploads every installer and SHA256SUMS, then publishes', async () => {
    await start({ immutable: true });
    const result = await publish(plan(), installers, { allBuildsSucceeded: true });
    const releases = api.releases();
    expect(releases).toHaveLength(1);
    const [release] = releases as [StoredRelease];
    expect(release.draft).toBe(false);
    expect(release.targetCommitish).toBe('abc123');
    expect(release.makeLatest).toBe('true');
    expect(release.assets.map((a) => a.name).sort()).toEqual([
      'MyApp-1.4.2-arm64.dmg',
      'MyApp-1.4.2.AppImage',
      'MyApp.Setup.1.4.2.exe',
      'SHA256SUMS',
    ]);
    // The original name survives as the label even though GitHub rewrote the spaces.
    expect(release.assets.find((a) => a.name === 'MyApp.Setup.1.4.2.exe')?.label).toBe(
      'MyApp Setup 1.4.2.exe',
    );
    // Order of calls: create as draft, uploads, publish last (so immutable releases work).
    const create = api.requests.findIndex((r) => r === 'POST /repos/acme/desktop-app/releases');
    const firstUpload = api.requests.findIndex((r) => r.startsWith('POST /uploads/'));
    const publishCall = api.requests.findIndex((r) => r.startsWith('PATCH '));
    expect(create).toBeGreaterThanOrEqual(0);
    expect(firstUpload).toBeGreaterThan(create);
    expect(publishCall).toBe(api.requests.length - 1);

    expect(result.release).toMatchObject({
      id: release.id,
      published: true,
      url: 'https://github.com/acme/desktop-app/releases/tag/v1.4.2',
    });
    expect(result.release?.assets).toContainEqual({
      buildId: installers[1]?.buildId,
      name: 'MyApp.Setup.1.4.2.exe',
      url: 'https://github.com/acme/desktop-app/releases/download/v1.4.2/MyApp.Setup.1.4.2.exe',
      span: { start: expect.any(Number), end: expect.any(Number) },
    });
    expect(result.release?.assets.find((a) => a.name === 'SHA256SUMS')?.buildId).toBeNull();
    expect(api.rejectedAuth).toBe(0);
  });

  it('writes SHA256SUMS equal to the real digests of the uploaded files', async () => {
    await start();
    await publish(plan(), installers, { allBuildsSucceeded: true });
    const [release] = api.releases() as [StoredRelease];
    const sums = sumsOf(release);
    for (const asset of release.assets.filter((a) => a.name !== 'SHA256SUMS')) {
      expect(sums.get(asset.name)).toBe(sha256(asset.content));
    }
    expect(sums.size).toBe(3);
    const text = release.assets.find((a) => a.name === 'SHA256SUMS')?.content.toString();
    expect(text).toMatch(/^[0-9a-f]{64} {2}MyApp-1\.4\.2-arm64\.dmg\n/);
  });

  it('leaves an unpublished draft when one build failed, and says so', async () => {
    await start();
    const result = await publish(plan(), installers.slice(0, 2), { allBuildsSucceeded: false });
    const [release] = api.releases() as [StoredRelease];
    expect(release.draft).toBe(true);
    expect(release.assets).toHaveLength(3);
    expect(result.release?.published).toBe(false);
    expect(api.requests.some((r) => r.startsWith('PATCH '))).toBe(false);
  });

  it('keeps the draft when release-draft is true', async () => {
    await start();
    const result = await publish(plan({ draft: true }), installers, { allBuildsSucceeded: true });
    expect(api.releases()[0]?.draft).toBe(true);
    expect(result.release?.published).toBe(false);
  });

  it('on a re-run replaces assets of the same name (overwrite) and keeps one release', async () => {
    await start();
    await publish(plan({ draft: true }), installers, { allBuildsSucceeded: true });
    const rebuilt = [
      await writeInstaller(dir, 'MyApp-1.4.2-arm64.dmg', 'mac', 'arm64', 'rebuilt mac'),
      await writeInstaller(dir, 'MyApp Setup 1.4.2.exe', 'windows', 'x64', 'rebuilt windows'),
      installers[2] as Installer,
    ];
    const result = await publish(plan(), rebuilt, { allBuildsSucceeded: true });
    const releases = api.releases();
    expect(releases).toHaveLength(1);
    const [release] = releases as [StoredRelease];
    expect(release.draft).toBe(false);
    expect(release.assets).toHaveLength(4);
    const content = (name: string) =>
      release.assets.find((a) => a.name === name)?.content.toString();
    expect(content('MyApp-1.4.2-arm64.dmg')).toBe('rebuilt mac');
    expect(content('MyApp.Setup.1.4.2.exe')).toBe('rebuilt windows');
    const sums = sumsOf(release);
    expect(sums.get('MyApp-1.4.2-arm64.dmg')).toBe(sha256('rebuilt mac'));
    expect(sums.get('MyApp.Setup.1.4.2.exe')).toBe(sha256('rebuilt windows'));
    expect(sums.get('MyApp-1.4.2.AppImage')).toBe(installers[2]?.sha256);
    // The unchanged AppImage is not uploaded again.
    expect(
      api.requests.filter((r) => r.startsWith('DELETE /repos/acme/desktop-app/releases/assets')),
    ).toHaveLength(3);
    expect(result.release?.published).toBe(true);
    // The old SHA256SUMS was downloaded to merge it, and the token stayed with the API origin.
    expect(api.requests.some((r) => /^GET \/repos\/.*\/releases\/assets\/\d+$/.test(r))).toBe(true);
    expect(api.storageSawAuth).toBe(0);
  });

  it('replaces an asset another tool uploaded without a label, under the name GitHub gave it', async () => {
    await start();
    const { id, upload_url } = await fetch(`${api.url}/repos/acme/desktop-app/releases`, {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}` },
      body: JSON.stringify({ tag_name: 'v1.4.2', draft: true }),
    }).then((r) => r.json() as Promise<{ id: number; upload_url: string }>);
    // GitHub stores `myapp_1.4.2~beta (x64).deb` as `myapp_1.4.2.beta.x64.deb`.
    const name = 'myapp_1.4.2~beta (x64).deb';
    await fetch(upload_url.replace('{?name,label}', `?name=${encodeURIComponent(name)}`), {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/octet-stream' },
      body: 'old bytes',
    });
    const deb = await writeInstaller(dir, name, 'linux', 'x64', 'new bytes');
    await publish(plan(), [deb], { allBuildsSucceeded: true });
    const [release] = api.releases() as [StoredRelease];
    expect(release.id).toBe(id);
    expect(release.draft).toBe(false);
    const debs = release.assets.filter((a) => a.name.endsWith('.deb'));
    expect(debs.map((a) => [a.name, a.label, a.content.toString()])).toEqual([
      ['myapp_1.4.2.beta.x64.deb', name, 'new bytes'],
    ]);
    expect(sumsOf(release).get('myapp_1.4.2.beta.x64.deb')).toBe(sha256('new bytes'));
  });

  it('refuses to change a published immutable release and says so', async () => {
    await start({ immutable: true });
    await publish(plan(), installers, { allBuildsSucceeded: true });
    const rebuilt = await writeInstaller(dir, 'MyApp-1.4.2-arm64.dmg', 'mac', 'arm64', 'changed');
    const error = await publish(plan(), [rebuilt], { allBuildsSucceeded: true }).catch(
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).failures[0]).toBeInstanceOf(AssetLockedError);
    expect((error as PublishError).message).toContain('under a new tag');
    // GitHub's refusal is told once: its status and words inside the one sentence.
    const locked = (error as PublishError).failures[0] as AssetLockedError;
    expect(locked.message).toMatch(
      /^GitHub refused to replace asset "MyApp-1\.4\.2-arm64\.dmg" on \S+ \(HTTP 422: [^)]+\)\. A published/,
    );
    expect(locked.message.match(/GitHub/g)).toHaveLength(1);
    const [release] = api.releases() as [StoredRelease];
    const mac = release.assets.find((a) => a.name === 'MyApp-1.4.2-arm64.dmg');
    expect(mac && sha256(mac.content)).toBe(installers[0]?.sha256);
    expect(sumsOf(release).get('MyApp-1.4.2-arm64.dmg')).toBe(installers[0]?.sha256);
  });

  it('with overwrite false refuses to replace a different asset and leaves the draft', async () => {
    await start();
    await publish(plan({ draft: true }), installers, { allBuildsSucceeded: true });
    const rebuilt = await writeInstaller(dir, 'MyApp-1.4.2-arm64.dmg', 'mac', 'arm64', 'other');
    const error = await publish(plan({ overwrite: false }), [rebuilt], {
      allBuildsSucceeded: true,
    }).catch((error: unknown) => error);
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).message).toContain('overwrite: true');
    expect((error as PublishError).result.release?.published).toBe(false);
    const [release] = api.releases() as [StoredRelease];
    expect(release.draft).toBe(true);
    expect(
      release.assets.find((a) => a.name === 'MyApp-1.4.2-arm64.dmg')?.content.toString(),
    ).not.toBe('other');
  });

  it('retries an upload that failed with a transient 502', async () => {
    await start();
    api.failNextUploads({ status: 502, landed: false });
    const result = await publish(plan(), installers, { allBuildsSucceeded: true });
    const [release] = api.releases() as [StoredRelease];
    expect(release.draft).toBe(false);
    expect(release.assets).toHaveLength(4);
    const uploads = api.requests.filter((r) => r.startsWith('POST /uploads/'));
    expect(uploads).toHaveLength(5);
    expect(result.release?.published).toBe(true);
    for (const installer of installers) {
      const asset = release.assets.find((a) => a.label === installer.fileName);
      expect(asset && sha256(asset.content)).toBe(installer.sha256);
    }
  });

  it("times each upload on the publisher's clock, which its waits between tries move", async () => {
    const startedAt = Date.UTC(2026, 0, 2, 3, 4, 5);
    const clock = virtualClock(startedAt);
    const started = await startReleases({ token: TOKEN }, { retryBaseMs: 2_000, clock });
    api = started.api;
    const timed = started.publish;
    api.failNextUploads({ status: 502, landed: false });
    const output = captureStepLog();
    const result = await timed(plan(), installers.slice(0, 1), { allBuildsSucceeded: true });
    const printed = output.text();
    output.restore();
    // The upload's one wait, the retry after the 502, is all the time it took on its clock.
    expect(clock.sleeps).toHaveLength(1);
    const took = clock.sleeps[0]!;
    const asset = result.release?.assets.find((a) => a.name === 'MyApp-1.4.2-arm64.dmg');
    expect(asset?.span).toEqual({ start: startedAt, end: startedAt + took });
    expect(printed).toContain(
      `mac/arm64: release asset "MyApp-1.4.2-arm64.dmg" attached to draft v1.4.2 in ${formatSeconds(took)} `,
    );
  });

  it('keeps an upload whose 502 response was lost although the bytes landed', async () => {
    await start();
    api.failNextUploads({ status: 502, landed: true });
    await publish(plan(), installers, { allBuildsSucceeded: true });
    const [release] = api.releases() as [StoredRelease];
    expect(release.draft).toBe(false);
    expect(release.assets).toHaveLength(4);
  });

  it('gives up after the upload attempts and leaves the draft unpublished', async () => {
    await start();
    const outage = { status: 502, landed: false };
    // Uploads run side by side, so every one of them meets the outage: 4 attempts each.
    api.failNextUploads(...Array.from({ length: 4 * installers.length }, () => outage));
    const error = await publish(plan(), installers, { allBuildsSucceeded: true }).catch(
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(PublishError);
    expect((error as PublishError).message).toMatch(/failed after 4 attempt\(s\) \(HTTP 502\)/);
    expect(api.releases()[0]?.draft).toBe(true);
    expect(api.releases()[0]?.assets).toHaveLength(0);
  });

  it('three concurrent publishers on one tag end with one release holding everything', async () => {
    await start({ delayMs: 15 });
    const jobs = await Promise.all(
      ['mac', 'windows', 'linux'].map(async (platform) => {
        const jobDir = await tempDir(`job-${platform}`);
        return [
          await writeInstaller(jobDir, `MyApp-${platform}-x64.bin`, platform as 'mac', 'x64'),
          await writeInstaller(jobDir, `MyApp-${platform}-arm64.bin`, platform as 'mac', 'arm64'),
        ];
      }),
    );
    const results = await Promise.all(
      jobs.map((job) => publish(plan(), job, { allBuildsSucceeded: true })),
    );
    const releases = api.releases();
    expect(releases).toHaveLength(1);
    const [release] = releases as [StoredRelease];
    expect(release.draft).toBe(false);
    const all = jobs.flat();
    expect(release.assets.map((a) => a.name).sort()).toEqual(
      [...all.map((i) => i.fileName), 'SHA256SUMS'].sort(),
    );
    const sums = sumsOf(release);
    expect(sums.size).toBe(all.length);
    for (const installer of all) expect(sums.get(installer.fileName)).toBe(installer.sha256);
    expect(new Set(results.map((r) => r.release?.id))).toEqual(new Set([release.id]));
  });

  it('restores SHA256SUMS lines a job lost by dying between its delete and its upload', async () => {
    await start();
    await publish(plan({ draft: true }), installers.slice(0, 2), { allBuildsSucceeded: true });
    const [release] = api.releases() as [StoredRelease];
    // The only copy of these lines was in the memory of the job that died.
    const sums = release.assets.find((a) => a.name === 'SHA256SUMS');
    await fetch(`${api.url}/repos/acme/desktop-app/releases/assets/${sums?.id}`, {
      method: 'DELETE',
      headers: { authorization: `token ${TOKEN}` },
    });
    await publish(plan(), installers.slice(2), { allBuildsSucceeded: true });
    expect(release.draft).toBe(false);
    const restored = sumsOf(release);
    expect(restored.size).toBe(3);
    for (const asset of release.assets.filter((a) => a.name !== 'SHA256SUMS')) {
      expect(restored.get(asset.name)).toBe(sha256(asset.content));
    }
  });

  it('takes an upload that meets the same bytes under its name as landed', async () => {
    await start();
    // Two jobs folding the same duplicate draft move the same file to the kept release at once.
    const github = createGitHub(TOKEN, {
      baseUrl: api.url,
      retry: defaultRetryRuntime({ maxAttempts: 1 }),
      throttle: false,
    });
    const repo = { owner: 'acme', repo: 'desktop-app' };
    const { data: release } = await github.rest.repos.createRelease({
      ...repo,
      tag_name: 'v1.4.2',
      draft: true,
    });
    const [mac] = installers as [Installer];
    const file = { path: mac.path, size: mac.size, sha256: mac.sha256, name: mac.fileName };
    const retry = defaultRetryRuntime({ maxAttempts: 1, baseDelayMs: 10 });
    const dispatcher = createDispatcher();
    const context = { github, repo, retry, uploads: { dispatcher, token: TOKEN } };
    try {
      const first = await uploadAsset(context, release, file);
      const second = await uploadAsset(context, release, file);
      expect(second.id).toBe(first.id);
      const other = await writeInstaller(dir, 'other.dmg', 'mac', 'arm64', 'other bytes');
      const clash = { ...file, path: other.path, size: other.size, sha256: other.sha256 };
      await expect(uploadAsset(context, release, clash)).rejects.toThrow(/HTTP 422/);
    } finally {
      await dispatcher.close();
    }
  });

  it('folds duplicate drafts for the tag into the oldest one', async () => {
    await start();
    // Two jobs raced and each created a draft; the second one already holds an asset.
    const octokitFree = async (body: object) =>
      fetch(`${api.url}/repos/acme/desktop-app/releases`, {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}` },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ id: number; upload_url: string }>);
    const oldest = await octokitFree({ tag_name: 'v1.4.2', draft: true });
    const newer = await octokitFree({ tag_name: 'v1.4.2', draft: true });
    await fetch(newer.upload_url.replace('{?name,label}', '?name=early.zip&label=early.zip'), {
      method: 'POST',
      headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/zip' },
      body: 'early bytes',
    });
    await publish(plan(), installers, { allBuildsSucceeded: true });
    const releases = api.releases();
    expect(releases.map((r) => r.id)).toEqual([oldest.id]);
    const [release] = releases as [StoredRelease];
    expect(release.draft).toBe(false);
    expect(release.assets.map((a) => a.name)).toContain('early.zip');
    expect(sumsOf(release).get('early.zip')).toBe(sha256('early bytes'));
    expect(release.assets).toHaveLength(5);
    expect(api.storageSawAuth).toBe(0);
  });
});
