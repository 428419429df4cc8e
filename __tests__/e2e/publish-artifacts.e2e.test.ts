// The bundled action (`dist/index.js`, built by `npm run bundle`) run as a runner runs it, against
// the emulator, with workflow artifacts as GitHub really answers: a lost CreateArtifact answer, a
// run on GitHub Enterprise Server, and the way back to @actions/artifact. GitHub's side is the
// strict artifact backend stand-in and the releases API stand-in (test-kit/stand-ins) on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import { startReleasesApi, type ReleasesApi } from '../../test-kit/stand-ins/releases-api.ts';
import { assertBundleBuilt, runAction } from '../../test-kit/run-action.ts';

const PROJECT_ID = 'proj_artifacts_e2e';
const TOKEN = 'ghs_artifacts_e2e_token';
let emulator: Emulator;
let backend: ArtifactBackend;
let api: ReleasesApi;

beforeAll(async () => {
  assertBundleBuilt();
  emulator = await startEmulator({
    queuedMs: 50,
    buildingMs: 200,
    artifactSize: 64 * 1024,
    seedProjects: [
      { id: PROJECT_ID, name: 'Artifacts', url: 'https://app.example.com', platforms: ['linux'] },
    ],
  });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  [backend, api] = await Promise.all([
    startArtifactBackend(),
    startReleasesApi({ token: TOKEN, immutable: true }),
  ]);
  return () => Promise.all([backend.close(), api.close()]).then(() => undefined);
});

const run = (inputs: Record<string, string> = {}, env: Record<string, string> = {}) =>
  runAction({
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': PROJECT_ID,
      'poll-interval': '0.1',
      ...inputs,
    },
    githubToken: TOKEN,
    env: { ...backend.env, GITHUB_API_URL: api.url, GITHUB_SHA: 'c0ffee', ...env },
  });

describe('node dist/index.js with workflow artifacts as GitHub answers', () => {
  it('recovers a lost CreateArtifact answer: one artifact, no blame', async () => {
    backend.loseNextAnswers('CreateArtifact');

    const result = await run();

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const stored = backend.stored();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ finalized: true, name: expect.stringMatching(/linux/) });
    const [build] = JSON.parse(result.outputs.builds!) as { artifactId?: number }[];
    expect(build?.artifactId).toBe(stored[0]?.id);
    expect(result.stdout).toContain('the answer to its CreateArtifact was lost; deleted the');
    expect(result.stdout).not.toMatch(/another job|::error/);
    expect(backend.refusals).toEqual([]);
    expect(api.releases()[0]).toMatchObject({ draft: false });
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
    expect(backend.calls).toEqual([]);
    expect(backend.blobRequests).toEqual([]);
    const [release] = api.releases();
    expect(api.releases()).toHaveLength(1);
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
    const stored = backend.artifacts();
    expect(stored).toHaveLength(1);
    expect(
      backend.blobRequests.map((r) => new URL(r.url, 'http://x').searchParams.get('comp')),
    ).toEqual(['block', 'blocklist']);
    expect(backend.refusals).toEqual([]);
    const [build] = JSON.parse(result.outputs.builds!) as { artifactId?: number; sha256: string }[];
    expect(build?.artifactId).toBe(stored[0]?.id);
  });
});
