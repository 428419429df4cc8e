// Downloads as production has them: the service and its artifact host over https, with a
// certificate made for this run that the client has to verify. Resume with If-Range, an object
// replaced between a cut and its resume, and a signed URL that expired.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ArtifactHostError } from '../../src/service/errors.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';
import { PROJECT_ID, useHarness, waitForBuild, type Harness } from './support.ts';

const SIZE = 2 * 1024 * 1024 + 4_321;
const certificates = makeCertificates(['localhost', '127.0.0.1']);

async function finishedBuild({ client }: Harness) {
  const build = await client.triggerBuild(PROJECT_ID, { platform: 'linux', version: '4.0.0' });
  return waitForBuild(client, build.id);
}

const hostRequests = ({ emulator }: Harness) =>
  emulator.requests.filter((request) => request.origin === 'artifact');
const apiHops = ({ emulator }: Harness, buildId: string) =>
  emulator.requests.filter((request) => request.path.endsWith(`/builds/${buildId}/download`));
const sha256Of = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('download over https', () => {
  const h = useHarness(
    { artifactSize: SIZE, tls: { cert: certificates.cert, key: certificates.key } },
    { ca: certificates.ca },
  );

  it('verifies the host, streams to disk and hashes on the way', async () => {
    const harness = h();
    const { client, emulator } = harness;
    expect(emulator.artifactBaseUrl).toMatch(/^https:/);
    const build = await finishedBuild(harness);
    const result = await client.downloadArtifact(build.id, { directory: await harness.tempDir() });
    expect(result.sha256).toBe(emulator.artifactFor(build.id).sha256);
    expect(await sha256Of(result.path)).toBe(result.sha256);
    expect(
      hostRequests(harness).every((request) => request.headers.authorization === undefined),
    ).toBe(true);
  });

  it('resumes a cut transfer with Range and If-Range naming the bytes it holds', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    emulator.faults.cutDownloads = { count: 1, afterBytes: 700_000 };
    const result = await client.downloadArtifact(build.id, { directory: await harness.tempDir() });
    expect(result).toMatchObject({ resumes: 1, size: SIZE });
    expect(result.sha256).toBe(emulator.artifactFor(build.id).sha256);
    expect(await sha256Of(result.path)).toBe(result.sha256);
    const [first, resumed] = hostRequests(harness);
    expect(first?.headers.range).toBeUndefined();
    expect(resumed?.headers.range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(resumed?.headers['if-range']).toMatch(/^"[0-9a-f]{32}"$/);
    expect(resumed?.status).toBe(206);
  });

  it('takes the whole new file when the artifact changed between the cut and the resume', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    const before = emulator.artifactFor(build.id).sha256;
    emulator.faults.cutDownloads = { count: 1, afterBytes: 900_000 };
    emulator.faults.replaceArtifactOnCut = true;
    const result = await client.downloadArtifact(build.id, { directory: await harness.tempDir() });
    const after = emulator.artifactFor(build.id).sha256;
    expect(after).not.toBe(before);
    // Never a splice of the two versions: the file is the new one, whole.
    expect(result).toMatchObject({ size: SIZE, sha256: after });
    expect(await sha256Of(result.path)).toBe(after);
    const [, resumed] = hostRequests(harness);
    expect(resumed?.headers['if-range']).toBeDefined();
    expect(resumed?.status).toBe(200);
  });

  it('gets a fresh URL from the service when the artifact host says the signed one expired', async () => {
    const harness = h();
    const { client, emulator, retries } = harness;
    const build = await finishedBuild(harness);
    emulator.faults.expiredArtifactUrls = 1;
    const result = await client.downloadArtifact(build.id, { directory: await harness.tempDir() });
    expect(result.sha256).toBe(emulator.artifactFor(build.id).sha256);
    expect(hostRequests(harness).map((request) => request.status)).toEqual([403, 200]);
    // The second try went back to the API for its URL, not to the expired one.
    expect(apiHops(harness, build.id)).toHaveLength(2);
    expect(retries[0]?.reason).toMatch(/artifact host .* answered HTTP 403; asking the service/);
  });

  it('reports a host that keeps refusing as the artifact host, never as the API key', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    emulator.faults.expiredArtifactUrls = 5;
    const directory = await harness.tempDir();
    const error = await client
      .downloadArtifact(build.id, { directory })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ArtifactHostError);
    const host = new URL(emulator.artifactBaseUrl).host;
    expect(error).toMatchObject({ status: 403, host, buildId: build.id });
    expect((error as Error).message).toContain(`the artifact host ${host} answered HTTP 403`);
    expect((error as Error).message).toContain('Request has expired');
    expect((error as Error).message).not.toMatch(/API key/i);
    expect(hostRequests(harness)).toHaveLength(2);
    expect(await readdir(directory)).toEqual([]);
  });
});
