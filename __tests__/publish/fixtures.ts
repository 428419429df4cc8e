// Small installer files on disk for the publishing tests, the plans they publish, and the releases
// API stand-in with a publisher pointed at it.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import type { Arch, Platform } from '../../src/service/schemas.ts';
import type { Installer, PublishPlan, ReleasePlan } from '../../src/publish/types.ts';
import { readContext } from '../../src/runner/context.ts';
import { createPublisher, type Publish } from '../../test-kit/publisher.ts';
import type { PublisherOptions } from '../../src/publish/publish-session.ts';
import {
  startReleasesApi,
  type ReleasesApi,
  type ReleasesApiOptions,
} from '../../test-kit/stand-ins/releases-api.ts';

export const sha256 = (data: Buffer | string): string =>
  createHash('sha256').update(data).digest('hex');

/** A fresh directory, removed when the test that made it (in it or its beforeEach) finishes. */
export const tempDir = async (prefix: string): Promise<string> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

export const writeInstaller = async (
  dir: string,
  fileName: string,
  platform: Platform,
  arch: Arch,
  content: Buffer | string = `${fileName} ${Math.random()}`,
  version = '1.4.2',
): Promise<Installer> => {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  const filePath = path.join(dir, fileName);
  await writeFile(filePath, bytes);
  return {
    buildId: `bld_${platform}_${arch}_${fileName.length}`,
    platform,
    arch,
    version,
    path: filePath,
    fileName,
    size: bytes.length,
    sha256: sha256(bytes),
  };
};

/** A release of tag v1.4.2 in the stand-in's own repository, replacing assets, then `over`. */
export const releasePlan = (over: Partial<ReleasePlan> = {}): ReleasePlan => ({
  repository: 'acme/desktop-app',
  tag: 'v1.4.2',
  name: undefined,
  body: undefined,
  generateNotes: false,
  draft: false,
  prerelease: false,
  makeLatest: 'true',
  assetNameTemplate: '{name}',
  overwrite: true,
  ...over,
});

/** That release, and no workflow artifacts, published with this token. */
export const publishPlan = (githubToken: string, over: Partial<ReleasePlan> = {}): PublishPlan => ({
  githubToken,
  repository: 'acme/desktop-app',
  artifacts: null,
  release: releasePlan(over),
});

/**
 * The releases API stand-in for the test that starts it (closed when that test finishes) and a
 * publisher pointed at it, commit abc123, retrying after 10 ms (or as `publisher` says) and never
 * throttled.
 */
export async function startReleases(
  options: ReleasesApiOptions,
  publisher: PublisherOptions = {},
): Promise<{ api: ReleasesApi; publish: Publish }> {
  const api = await startReleasesApi(options);
  onTestFinished(() => api.close());
  const publish = createPublisher({
    context: readContext({ ...process.env, GITHUB_API_URL: api.url, GITHUB_SHA: 'abc123' }),
    retryBaseMs: 10,
    throttle: false,
    ...publisher,
  });
  return { api, publish };
}
