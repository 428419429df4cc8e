// The bundled action (`dist/index.js`, built by `npm run bundle`) run as a runner runs it, against
// the emulator, with workflow artifacts as GitHub really answers: a lost CreateArtifact answer, a
// run on GitHub Enterprise Server, and the way back to @actions/artifact. GitHub's side is the
// strict artifact backend stand-in and the releases API stand-in (test-kit/stand-ins) on 127.0.0.1.
import { beforeEach, describe, expect, it } from 'vitest';
import { githubForTest, project, useE2e } from '../../test-kit/e2e-run.ts';

const e2e = useE2e({
  emulator: {
    buildingMs: 200,
    seedProjects: [project('proj_artifacts_e2e', ['linux'], { name: 'Artifacts' })],
  },
});
const startGitHub = () =>
  githubForTest({
    token: 'ghs_artifacts_e2e_token',
    releases: { immutable: true },
    artifacts: {},
  });
let github: Awaited<ReturnType<typeof startGitHub>>;
beforeEach(async () => {
  github = await startGitHub();
});

const run = (inputs: Record<string, string> = {}, env: Record<string, string> = {}) =>
  e2e.run({ github, inputs, env });

describe('node dist/index.js with workflow artifacts as GitHub answers', () => {
  it('recovers a lost CreateArtifact answer: one artifact, no blame', async () => {
    github.artifacts.loseNextAnswers('CreateArtifact');

    const result = await run();

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const stored = github.artifacts.stored();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ finalized: true, name: expect.stringMatching(/linux/) });
    const [build] = result.builds;
    expect(build?.artifactId).toBe(stored[0]?.id);
    expect(result.stdout).toContain('the answer to its CreateArtifact was lost; deleted the');
    expect(result.stdout).not.toMatch(/another job|::error/);
    expect(github.artifacts.refusals).toEqual([]);
    expect(github.releases.releases()[0]).toMatchObject({ draft: false });
  });

  it('on GitHub Enterprise Server: one notice, nothing sent for artifacts, the release published', async () => {
    const result = await run({}, { GITHUB_SERVER_URL: 'https://ghe.example.com' });

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const notices = result.stdout.match(/^::notice .*$/gm) ?? [];
    expect(notices.filter((line) => line.includes('Workflow artifacts'))).toEqual([
      expect.stringContaining(
        'Workflow artifacts skipped: this run is on GitHub Enterprise Server (ghe.example.com)',
      ),
    ]);
    expect(github.artifacts.calls).toEqual([]);
    expect(github.artifacts.blobRequests).toEqual([]);
    const [release] = github.releases.releases();
    expect(github.releases.releases()).toHaveLength(1);
    expect(release).toMatchObject({ tagName: 'v1.4.2', draft: false });
    expect(release?.assets.map((asset) => asset.name)).toContain('SHA256SUMS');
    expect(result.outputs['release-url']).toMatch(/\/releases\/tag\/v1\.4\.2$/);
  });

  it('with artifact-uploader: library, uploads through @actions/artifact, said once', async () => {
    const result = await run({ 'artifact-uploader': 'library' });

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(
      result.stdout.match(/Workflow artifacts: uploading with @actions\/artifact/g),
    ).toHaveLength(1);
    const stored = github.artifacts.artifacts();
    expect(stored).toHaveLength(1);
    expect(
      github.artifacts.blobRequests.map((r) => new URL(r.url, 'http://x').searchParams.get('comp')),
    ).toEqual(['block', 'blocklist']);
    expect(github.artifacts.refusals).toEqual([]);
    const [build] = result.builds;
    expect(build?.artifactId).toBe(stored[0]?.id);
  });
});
