// The bundled action (`dist/index.js`, built by `npm run bundle`) run as a runner runs it, against
// the emulator, with both publishers on. GitHub's side is mocked by local stand-ins of the artifact
// backend and the releases API (test-kit/stand-ins); the bundled artifact client and Octokit
// reach them over 127.0.0.1.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseChecksums } from '../../src/publish/checksums.ts';
import { project, useE2e } from '../../test-kit/e2e-run.ts';
import { shownLog } from '../../test-kit/run-action.ts';

const TOKEN = 'ghs_publish_e2e_token';
const e2e = useE2e({
  emulator: {
    artifactSize: 200 * 1024,
    seedProjects: [project('proj_publish_e2e', ['mac', 'linux'], { name: 'Publish' })],
  },
  github: { token: TOKEN, releases: { immutable: true }, artifacts: {} },
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const publishRun = (attempt: string) =>
  e2e.run({
    inputs: {
      'artifact-name': 'myapp-{version}-{platform}-{arch}.{ext}',
      'retention-days': '5',
      'asset-name': 'MyApp {version} {platform} {arch}.{ext}',
      'release-body': 'Built by the e2e test',
    },
    env: { GITHUB_RUN_ATTEMPT: attempt },
  });

describe('node dist/index.js with workflow artifacts and the release on', () => {
  it('uploads artifacts, publishes the tag release atomically, and re-runs cleanly', async () => {
    const { artifacts: backend, releases: api } = e2e.github;
    const run = await publishRun('1');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);

    const { builds } = run;
    expect(builds.map((b) => `${b.platform}/${b.arch}`)).toEqual(['mac/x64', 'linux/x64']);

    // Workflow artifacts: one per installer, byte-identical, ids and urls in the outputs.
    const stored = backend.artifacts();
    expect(stored).toHaveLength(2);
    for (const build of builds) {
      const artifact = stored.find((a) => a.id === build.artifactId);
      expect(artifact?.name).toBe(build.artifactName);
      expect(artifact?.name).toMatch(new RegExp(`^myapp-1\\.4\\.2-${build.platform}-x64\\.`));
      expect(sha256(artifact!.content!)).toBe(build.sha256);
      expect(sha256(artifact!.content!)).toBe(e2e.emulator.artifactFor(build.id!).sha256);
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
