// Publishing into a repository that refuses the token, and the release check's result, against the
// releases API stand-in (test-kit/stand-ins) over 127.0.0.1; nothing of ours is mocked.
import { beforeEach, describe, expect, it } from 'vitest';
import { PublishError, ReleaseRepositoryRefusedError } from '../../src/publish/errors.ts';
import type { Publish } from '../../test-kit/publisher.ts';
import type { Installer, PublishPlan, ReleasePlan } from '../../src/publish/types.ts';
import type { ReleasesApi } from '../../test-kit/stand-ins/releases-api.ts';
import { publishPlan, startReleases, tempDir, writeInstaller } from './fixtures.ts';

const TOKEN = 'ghs_release_repository_token';
const RELEASES = 'acme/desktop-app-releases';

const plan = (over: Partial<ReleasePlan> = {}): PublishPlan =>
  publishPlan(TOKEN, { repository: RELEASES, ...over });

describe('a release in another repository', () => {
  let api: ReleasesApi;
  let publish: Publish;
  let dir: string;
  let installers: Installer[];

  beforeEach(async () => {
    ({ api, publish } = await startReleases({ token: TOKEN, otherRepositories: [RELEASES] }));
    dir = await tempDir('release-repository');
    installers = [
      await writeInstaller(dir, 'MyApp-1.4.2.dmg', 'mac', 'x64'),
      await writeInstaller(dir, 'MyApp-1.4.2.AppImage', 'linux', 'x64'),
    ];
  });

  it('is published there and verified; a kept draft is not called verified', async () => {
    const kept = await publish(plan({ draft: true }), installers, { allBuildsSucceeded: true });
    expect(kept.release).toMatchObject({ published: false, verified: undefined });
    const done = await publish(plan(), installers, { allBuildsSucceeded: true });
    expect(done.release).toMatchObject({
      published: true,
      verified: true,
      url: `https://github.com/${RELEASES}/releases/tag/v1.4.2`,
    });
    expect(api.releases().map((release) => release.repository)).toEqual([RELEASES]);
  });

  it('a 403 on an upload into its existing release is the refusal, and no other upload is tried', async () => {
    await publish(plan(), installers, { allBuildsSucceeded: true });
    const before = api.uploads.length;
    api.refuseRepository(RELEASES, 403);
    const more = [
      ...installers,
      await writeInstaller(dir, 'MyApp-1.4.2-arm64.dmg', 'mac', 'arm64'),
      await writeInstaller(dir, 'MyApp-1.4.2-arm64.AppImage', 'linux', 'arm64'),
    ];
    const failed = await publish(plan(), more, { allBuildsSucceeded: true }).catch(
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(PublishError);
    const [refusal, ...others] = (failed as PublishError).failures;
    expect(others).toEqual([]);
    expect(refusal).toBeInstanceOf(ReleaseRepositoryRefusedError);
    expect(refusal).toMatchObject({ repository: RELEASES, status: 403 });
    expect(refusal?.message).toContain(`The token needs contents: write on ${RELEASES}.`);
    expect(api.uploads.length - before).toBe(1);
  });

  it('a 404 (a repository the token cannot see) fails before any upload', async () => {
    api.refuseRepository(RELEASES, 404);
    const failed = await publish(plan(), installers, { allBuildsSucceeded: true }).catch(
      (error: unknown) => error,
    );
    const [refusal] = (failed as PublishError).failures;
    expect(refusal).toMatchObject({ repository: RELEASES, status: 404 });
    expect(refusal?.message).toContain('the token cannot see it');
    expect(api.uploads).toEqual([]);
  });
});
