// GitHub's side is mocked by local stand-ins (test-kit/stand-ins) of the artifact backend and of
// the releases API; our artifact client and the real Octokit reach them over 127.0.0.1.
// This file runs `createPublisher()` with its production settings (retry + throttling on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishError } from '../../src/publish/errors.ts';
import { createPublisher } from '../../test-kit/publisher.ts';
import type { PublishPlan } from '../../src/publish/types.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import { startReleasesApi, type ReleasesApi } from '../../test-kit/stand-ins/releases-api.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';
import { sha256, tempDir, writeInstaller } from './fixtures.ts';

const publish = createPublisher();

const TOKEN = 'ghs_publish_secret_value';

const plan = (githubToken = TOKEN): PublishPlan => ({
  githubToken,
  repository: 'acme/desktop-app',
  artifacts: { nameTemplate: '{name}', retentionDays: undefined, onExisting: 'replace' },
  release: {
    repository: 'acme/desktop-app',
    tag: 'v2.0.0',
    name: 'MyApp 2.0.0',
    body: 'Notes',
    generateNotes: false,
    draft: false,
    prerelease: true,
    makeLatest: 'false',
    assetNameTemplate: 'myapp-{version}-{platform}-{arch}.{ext}',
    overwrite: true,
  },
});

describe('publish() with both publishers on', () => {
  let backend: ArtifactBackend;
  let api: ReleasesApi;

  beforeAll(async () => {
    backend = await startArtifactBackend();
    api = await startReleasesApi({ token: TOKEN });
    Object.assign(process.env, backend.env, { GITHUB_API_URL: api.url });
  });
  afterAll(async () => {
    for (const key of ['ACTIONS_RESULTS_URL', 'ACTIONS_RUNTIME_TOKEN', 'GITHUB_API_URL']) {
      delete process.env[key];
    }
    await Promise.all([backend.close(), api.close()]);
  });

  it('uploads the artifact and publishes the release, never printing the token', async () => {
    const output = captureStepLog();
    const dir = await tempDir('publish');
    const installer = await writeInstaller(
      dir,
      'MyApp-2.0.0.dmg',
      'mac',
      'arm64',
      'mac bytes',
      '2.0.0',
    );
    const result = await publish(plan(), [installer], { allBuildsSucceeded: true });
    const printed = output.text();
    output.restore();

    expect(result.artifacts).toEqual([
      expect.objectContaining({ buildId: installer.buildId, name: 'MyApp-2.0.0.dmg' }),
    ]);
    expect(backend.artifacts()[0]?.content?.toString()).toBe('mac bytes');
    const [release] = api.releases();
    expect(release).toMatchObject({
      draft: false,
      prerelease: true,
      name: 'MyApp 2.0.0',
      makeLatest: 'false',
    });
    const asset = release?.assets.find((a) => a.name === 'myapp-2.0.0-mac-arm64.dmg');
    expect(asset?.content.toString()).toBe('mac bytes');
    expect(asset?.label).toBe('myapp-2.0.0-mac-arm64.dmg');
    expect(release?.assets.find((a) => a.name === 'SHA256SUMS')?.content.toString()).toBe(
      `${sha256('mac bytes')}  myapp-2.0.0-mac-arm64.dmg\n`,
    );
    expect(result.release?.published).toBe(true);
    expect(printed).toContain('Published release v2.0.0');
    expect(printed).not.toContain(TOKEN);
  });

  it('fails with a clear error, without the token, when GitHub refuses the token', async () => {
    const dir = await tempDir('publish');
    const installer = await writeInstaller(
      dir,
      'MyApp-2.0.0.exe',
      'windows',
      'x64',
      'win',
      '2.0.0',
    );
    const wrong = 'ghs_wrong_secret_value';
    const error = await publish({ ...plan(wrong), artifacts: null }, [installer], {
      allBuildsSucceeded: true,
    }).catch((error: unknown) => error);
    expect(error).toBeInstanceOf(PublishError);
    expect((error as Error).message).toContain('Bad credentials');
    expect((error as Error).message).not.toContain(wrong);
    expect(api.rejectedAuth).toBeGreaterThan(0);
  });
});
