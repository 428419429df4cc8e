import { lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DownloadError, NotFoundError } from '../../src/service/errors.ts';
import type { Harness } from './support.ts';
import { PROJECT_ID, useHarness, waitForBuild } from './support.ts';

const SIZE = 3 * 1024 * 1024 + 12_345;

async function finishedBuild({ client }: Harness, platform: 'mac' | 'windows' | 'linux' = 'mac') {
  const build = await client.triggerBuild(PROJECT_ID, { platform, version: '1.2.3' });
  return waitForBuild(client, build.id);
}

const artifactRequests = ({ emulator }: Harness) =>
  emulator.requests.filter((request) => request.origin === 'artifact');

async function sha256Of(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

describe('artifact download against the emulator', () => {
  const h = useHarness({ artifactSize: SIZE });

  it('follows the redirect without the API key, streams to disk and hashes on the way', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    const directory = path.join(await harness.tempDir(), 'nested', 'out');
    const progress: Array<[number, number | undefined]> = [];
    const result = await client.downloadArtifact(build.id, {
      directory,
      expectedSize: build.artifactSize,
      onProgress: (received, total) => progress.push([received, total]),
    });
    const expected = emulator.artifactFor(build.id);
    expect(result).toEqual({
      path: path.join(directory, expected.fileName),
      fileName: expected.fileName,
      size: SIZE,
      sha256: expected.sha256,
      resumes: 0,
    });
    expect(await sha256Of(result.path)).toBe(expected.sha256);
    expect(await readdir(directory)).toEqual([expected.fileName]);
    expect(progress.at(-1)).toEqual([SIZE, SIZE]);

    const apiHop = emulator.requests.find((request) =>
      request.path.endsWith(`/builds/${build.id}/download`),
    );
    expect(apiHop?.headers.authorization).toBe(`Bearer ${emulator.apiKey}`);
    expect(apiHop?.status).toBe(302);
    const hops = artifactRequests(harness);
    expect(hops).toHaveLength(1);
    expect(hops[0]?.status).toBe(200);
    for (const hop of hops) {
      expect(hop.headers.authorization).toBeUndefined();
      expect(JSON.stringify(hop.headers)).not.toContain(emulator.apiKey);
    }
  });

  it('resumes a cut transfer with Range and ends with the emulator sha256 (cutDownloads)', async () => {
    const harness = h();
    const { client, emulator, retries } = harness;
    const build = await finishedBuild(harness);
    emulator.faults.cutDownloads = { count: 2, afterBytes: 1_000_000 };
    const result = await client.downloadArtifact(build.id, {
      directory: await harness.tempDir(),
      expectedSize: build.artifactSize,
    });
    expect(result.resumes).toBe(2);
    expect(result.size).toBe(SIZE);
    expect(result.sha256).toBe(emulator.artifactFor(build.id).sha256);
    expect(await sha256Of(result.path)).toBe(result.sha256);
    const hops = artifactRequests(harness);
    expect(hops.map((request) => request.headers.range)).toEqual([
      undefined,
      expect.stringMatching(/^bytes=[1-9]\d*-$/),
      expect.stringMatching(/^bytes=[1-9]\d*-$/),
    ]);
    // A cut answer is never finished, so the emulator records status 0.
    expect(hops.map((request) => request.status)).toEqual([0, 0, 206]);
    expect(hops.every((request) => request.headers.authorization === undefined)).toBe(true);
    expect(retries.map((retry) => retry.endpoint)).toEqual([
      'GET /builds/:buildId/download',
      'GET /builds/:buildId/download',
    ]);
  });

  it('starts over when the host ignores Range, and still ends with the right sha256', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness, 'linux');
    emulator.faults.cutDownloads = { count: 1, afterBytes: 2_000_000 };
    emulator.faults.ignoreRange = true;
    const result = await client.downloadArtifact(build.id, {
      directory: await harness.tempDir(),
    });
    expect(result.resumes).toBe(1);
    expect(result.size).toBe(SIZE);
    expect(result.sha256).toBe(emulator.artifactFor(build.id).sha256);
    expect(await sha256Of(result.path)).toBe(result.sha256);
    expect((await stat(result.path)).size).toBe(SIZE);
    const hops = artifactRequests(harness);
    expect(hops.map((request) => request.status)).toEqual([0, 200]);
    expect(hops[1]?.headers.range).toMatch(/^bytes=[1-9]\d*-$/);
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\System32\\evil.exe', 'evil.exe'],
    ['..', null],
    ['/tmp/.hidden', 'hidden'],
    ['Café\tApp.dmg', 'Café_App.dmg'],
  ])('keeps a hostile file name %j inside the directory', async (hostile, expected) => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    emulator.faults.hostileFileName = hostile;
    const root = await harness.tempDir();
    const directory = path.join(root, 'a', 'b');
    const result = await client.downloadArtifact(build.id, { directory });
    const fileName = expected ?? `${build.id}.bin`;
    expect(result.fileName).toBe(fileName);
    expect(result.path).toBe(path.join(directory, fileName));
    expect(await readdir(directory)).toEqual([fileName]);
    expect(await readdir(root)).toEqual(['a']);
    expect(await readdir(path.join(root, 'a'))).toEqual(['b']);
    expect(result.sha256).toBe(emulator.artifactFor(build.id).sha256);
  });

  it('refuses a host length other than artifactSize before saving a byte, naming both numbers', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    const directory = await harness.tempDir();
    const before = emulator.requests.length;
    const error = await client
      .downloadArtifact(build.id, { directory, expectedSize: SIZE / 1024 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ problem: 'size' });
    expect((error as Error).message).toContain(`announced ${SIZE} bytes`);
    expect((error as Error).message).toContain(`artifactSize says ${SIZE / 1024}`);
    expect(await readdir(directory)).toEqual([]);
    // Refused on the headers: one answer, not retried.
    expect(emulator.requests.slice(before).filter((r) => r.origin === 'artifact')).toHaveLength(1);
  });

  it('refuses a short artifact whose Content-Length matches its bytes but not artifactSize', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    emulator.faults.shortArtifacts = { rules: [{}], bytes: 4096 };
    const directory = await harness.tempDir();
    const error = await client
      .downloadArtifact(build.id, { directory, expectedSize: build.artifactSize ?? undefined })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DownloadError', problem: 'size' });
    expect((error as Error).message).toContain(`artifactSize says ${build.artifactSize}`);
    expect(await readdir(directory)).toEqual([]);
  });

  it('refuses an installer sent with a Content-Encoding nobody asked for', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    emulator.faults.gzipArtifacts = [{}];
    const directory = await harness.tempDir();
    const error = await client.downloadArtifact(build.id, { directory }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DownloadError', problem: 'content' });
    expect((error as Error).message).toMatch(
      /Content-Encoding gzip, which the action did not ask for/,
    );
    expect(await readdir(directory)).toEqual([]);
  });

  it('names a Content-Length longer than the body a short download, not a missing answer', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    emulator.faults.overstatedArtifactLength = { rules: [{}], bytes: 1000 };
    const directory = await harness.tempDir();
    const error = await client.downloadArtifact(build.id, { directory }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'DownloadError', problem: 'size' });
    expect((error as Error).message).toContain(`announced ${SIZE + 1000} bytes (Content-Length)`);
    expect((error as Error).message).toContain(`the furthest after ${SIZE} bytes`);
    expect((error as Error).message).not.toMatch(/base-url/);
    expect(await readdir(directory)).toEqual([]);
  });

  it('retries the API hop on 5xx and 429, then downloads', async () => {
    const harness = h();
    const { client, emulator, retries } = harness;
    const build = await finishedBuild(harness);
    emulator.faults.serverErrors = { count: 1 };
    emulator.faults.rateLimit = { count: 1, retryAfter: '0' };
    const result = await client.downloadArtifact(build.id, { directory: await harness.tempDir() });
    expect(result.sha256).toBe(emulator.artifactFor(build.id).sha256);
    expect(retries.map((retry) => retry.reason)).toEqual([
      'HTTP 503',
      'HTTP 429, Retry-After 0 ms',
    ]);
  });

  it('names the missing build on 404', async () => {
    const harness = h();
    const error = await harness.client
      .downloadArtifact('build_missing', { directory: await harness.tempDir() })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ resourceId: 'build_missing' });
  });

  it('stops when the caller aborts mid-transfer and removes the partial file', async () => {
    const harness = h();
    const { client } = harness;
    const build = await finishedBuild(harness);
    const directory = await harness.tempDir();
    const controller = new AbortController();
    const error = await client
      .downloadArtifact(build.id, {
        directory,
        signal: controller.signal,
        onProgress: (received) => {
          if (received > 1_000_000) controller.abort(new Error('cancelled'));
        },
      })
      .catch((thrown: unknown) => thrown);
    expect((error as Error).message).toBe('cancelled');
    expect(await readdir(directory)).toEqual([]);
  });

  // Was: a /dev/full link at `<name>.part` made a full disk; the part file now never follows a
  // link (part-file.test.ts keeps the full-disk case).
  it('replaces links planted at <name>.part and <name>, leaving their targets untouched', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness);
    const { fileName, sha256 } = emulator.artifactFor(build.id);
    const outside = await harness.tempDir();
    const victims = [path.join(outside, 'a.txt'), path.join(outside, 'b.txt')] as const;
    for (const victim of victims) await writeFile(victim, 'do not overwrite');
    const directory = await harness.tempDir();
    await symlink(victims[0], path.join(directory, `${fileName}.part`));
    await symlink(victims[1], path.join(directory, fileName));
    const result = await client.downloadArtifact(build.id, { directory, within: directory });
    expect(result).toMatchObject({ path: path.join(directory, fileName), sha256 });
    expect((await lstat(result.path)).isFile()).toBe(true);
    expect(await sha256Of(result.path)).toBe(sha256);
    expect(await readdir(directory)).toEqual([fileName]);
    for (const victim of victims) expect(await readFile(victim, 'utf8')).toBe('do not overwrite');
  });
});

describe('a large artifact download (hashed and written on a thread of its own)', () => {
  const LARGE = 40 * 1024 * 1024 + 3;
  const h = useHarness({ artifactSize: LARGE });

  it('resumes after a cut, starts over when the host ignores Range, and ends with the right sha256', async () => {
    const harness = h();
    const { client, emulator } = harness;
    const build = await finishedBuild(harness, 'windows');
    const expected = emulator.artifactFor(build.id).sha256;
    emulator.faults.cutDownloads = { count: 1, afterBytes: 9_000_000 };
    const resumed = await client.downloadArtifact(build.id, {
      directory: await harness.tempDir(),
      expectedSize: build.artifactSize,
    });
    expect(resumed).toMatchObject({ size: LARGE, sha256: expected, resumes: 1 });
    expect(await sha256Of(resumed.path)).toBe(expected);

    emulator.faults.cutDownloads = { count: 1, afterBytes: 20_000_000 };
    emulator.faults.ignoreRange = true;
    const restarted = await client.downloadArtifact(build.id, {
      directory: await harness.tempDir(),
      expectedSize: build.artifactSize,
    });
    expect(restarted).toMatchObject({ size: LARGE, sha256: expected, resumes: 1 });
    expect(await sha256Of(restarted.path)).toBe(expected);
    expect(
      artifactRequests(harness).map((request) => [
        request.status,
        request.headers.range !== undefined,
      ]),
    ).toEqual([
      [0, false],
      [206, true],
      [0, false],
      [200, true],
    ]);
  });
});

describe('the download folder, checked by real path before any request', () => {
  const h = useHarness({ artifactSize: 4096 });
  const downloadRequests = ({ emulator }: Harness) =>
    emulator.requests.filter((request) => request.path.endsWith('/download'));

  it('creates a nested folder inside `within` and downloads there', async () => {
    const harness = h();
    const build = await finishedBuild(harness);
    const within = path.join(await harness.tempDir(), 'desktop-builds');
    const directory = path.join(within, 'mac-x64');
    const result = await harness.client.downloadArtifact(build.id, { directory, within });
    expect(path.dirname(result.path)).toBe(directory);
    expect(result.sha256).toBe(harness.emulator.artifactFor(build.id).sha256);
  });

  it('refuses a folder reached through a symlink to outside, creating nothing there', async () => {
    const harness = h();
    const build = await finishedBuild(harness);
    const within = await harness.tempDir();
    const outside = await harness.tempDir();
    await symlink(outside, path.join(within, 'mac-x64'));
    const directory = path.join(within, 'mac-x64', 'deeper');
    const error = await harness.client
      .downloadArtifact(build.id, { directory, within })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error).toMatchObject({ problem: 'path' });
    expect((error as Error).message).toContain(outside);
    expect(await readdir(outside)).toEqual([]);
    expect(downloadRequests(harness)).toEqual([]);
  });

  it('refuses a folder that is itself a symlink to outside, and one that is lexically outside', async () => {
    const harness = h();
    const build = await finishedBuild(harness);
    const within = await harness.tempDir();
    const outside = await harness.tempDir();
    await symlink(outside, path.join(within, 'linux-x64'));
    for (const directory of [path.join(within, 'linux-x64'), path.join(within, '..', 'x')]) {
      const error = await harness.client
        .downloadArtifact(build.id, { directory, within })
        .catch((thrown: unknown) => thrown);
      expect(error).toMatchObject({ name: 'DownloadError', problem: 'path' });
    }
    expect(await readdir(outside)).toEqual([]);
    expect(downloadRequests(harness)).toEqual([]);
  });

  it('accepts `within` that is itself a link, and a link that stays inside it', async () => {
    const harness = h();
    const build = await finishedBuild(harness);
    const real = await harness.tempDir();
    await mkdir(path.join(real, 'elsewhere'));
    const within = path.join(await harness.tempDir(), 'builds');
    await symlink(real, within);
    await symlink(path.join(real, 'elsewhere'), path.join(real, 'mac-x64'));
    const directory = path.join(within, 'mac-x64');
    const result = await harness.client.downloadArtifact(build.id, { directory, within });
    expect(await readdir(path.join(real, 'elsewhere'))).toEqual([result.fileName]);
  });
});
