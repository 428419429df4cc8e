// The bundled action (`dist/index.js`, built by `npm run bundle`) run as a runner runs it, against
// the emulator, with both publishers on. GitHub's side is mocked by local stand-ins of the artifact
// backend and the releases API (test-kit/stand-ins); the bundled artifact client and Octokit
// reach them over 127.0.0.1.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChecksums } from '../../src/publish/checksums.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import { startReleasesApi, type ReleasesApi } from '../../test-kit/stand-ins/releases-api.ts';
import { assertBundleBuilt, shownLog, runAction } from '../../test-kit/run-action.ts';

const PROJECT_ID = 'proj_publish_e2e';
const TOKEN = 'ghs_publish_e2e_token';
let emulator: Emulator;
let backend: ArtifactBackend;
let api: ReleasesApi;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  assertBundleBuilt();
  emulator = await startEmulator({
    queuedMs: 50,
    buildingMs: 300,
    artifactSize: 200 * 1024,
    seedProjects: [
      {
        id: PROJECT_ID,
        name: 'Publish',
        url: 'https://app.example.com',
        platforms: ['mac', 'linux'],
      },
    ],
  });
  backend = await startArtifactBackend();
  api = await startReleasesApi({ token: TOKEN, immutable: true });
});
afterAll(async () => {
  await Promise.all([emulator.close(), backend.close(), api.close()]);
});

interface BuildOutput {
  id: string;
  platform: string;
  arch: string;
  sha256: string;
  artifactName?: string;
  artifactId?: number;
  artifactUrl?: string;
}

const publishRun = (attempt: string) =>
  runAction({
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': PROJECT_ID,
      'poll-interval': '0.1',
      'artifact-name': 'myapp-{version}-{platform}-{arch}.{ext}',
      'retention-days': '5',
      'asset-name': 'MyApp {version} {platform} {arch}.{ext}',
      'release-body': 'Built by the e2e test',
    },
    githubToken: TOKEN,
    env: {
      ...backend.env,
      GITHUB_API_URL: api.url,
      GITHUB_SHA: 'c0ffee',
      GITHUB_RUN_ATTEMPT: attempt,
    },
  });

describe('node dist/index.js with workflow artifacts and the release on', () => {
  it('uploads artifacts, publishes the tag release atomically, and re-runs cleanly', async () => {
    const run = await publishRun('1');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);

    const builds = JSON.parse(run.outputs.builds!) as BuildOutput[];
    expect(builds.map((b) => `${b.platform}/${b.arch}`)).toEqual(['mac/x64', 'linux/x64']);

    // Workflow artifacts: one per installer, byte-identical, ids and urls in the outputs.
    const stored = backend.artifacts();
    expect(stored).toHaveLength(2);
    for (const build of builds) {
      const artifact = stored.find((a) => a.id === build.artifactId);
      expect(artifact?.name).toBe(build.artifactName);
      expect(artifact?.name).toMatch(new RegExp(`^myapp-1\\.4\\.2-${build.platform}-x64\\.`));
      expect(sha256(artifact!.content!)).toBe(build.sha256);
      expect(sha256(artifact!.content!)).toBe(emulator.artifactFor(build.id).sha256);
      expect(build.artifactUrl).toBe(
        `https://github.com/acme/desktop-app/actions/runs/1/artifacts/${build.artifactId}`,
      );
    }

    // The release: one, published, every installer plus a correct SHA256SUMS.
    const releases = api.releases();
    expect(releases).toHaveLength(1);
    const release = releases[0]!;
    expect(release).toMatchObject({ tagName: 'v1.4.2', draft: false, targetCommitish: 'c0ffee' });
    expect(release.body).toBe('Built by the e2e test');
    const installers = release.assets.filter((a) => a.name !== 'SHA256SUMS');
    expect(installers).toHaveLength(2);
    const sums = parseChecksums(
      release.assets.find((a) => a.name === 'SHA256SUMS')!.content.toString(),
    );
    for (const asset of installers) {
      expect(asset.name).toMatch(/^MyApp\.1\.4\.2\.(mac|linux)\.x64\./);
      expect(asset.label).toMatch(/^MyApp 1\.4\.2 (mac|linux) x64\./);
      expect(sums.get(asset.name)).toBe(sha256(asset.content));
      expect(builds.map((b) => b.sha256)).toContain(sha256(asset.content));
    }
    expect(run.outputs['release-url']).toBe(
      'https://github.com/acme/desktop-app/releases/tag/v1.4.2',
    );
    expect(run.summary).toContain('https://github.com/acme/desktop-app/releases/tag/v1.4.2');
    expect(run.stdout).toContain('Published release v1.4.2');
    // Masked (its add-mask commands name it), never shown.
    expect(shownLog(run)).not.toContain(TOKEN);
    expect(api.rejectedAuth).toBe(0);

    // Re-run of the job: artifacts replaced (no 409), the published immutable release untouched.
    const uploadsBefore = api.requests.filter((r) => r.startsWith('POST /uploads/')).length;
    const rerun = await publishRun('2');
    expect(rerun.stderr).toBe('');
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toContain('exists from an earlier attempt of this run: deleting it');
    expect(backend.artifacts()).toHaveLength(2);
    expect(api.releases()).toHaveLength(1);
    expect(api.requests.filter((r) => r.startsWith('POST /uploads/')).length).toBe(uploadsBefore);
    expect(rerun.stdout).toContain('already on the release with the same bytes: kept');
    expect(rerun.outputs['release-url']).toBe(run.outputs['release-url']);
  });
});
