// Release assets: list, delete and download through Octokit; uploads stream through the upload
// transport (asset-upload.ts), retried under the action's retry policy.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import * as core from '@actions/core';
import { withRetries, type AttemptResult, type RetryRuntime } from '../api/retry.ts';
import { postAsset, type UploadTransport } from './asset-upload.ts';
import { AssetUploadError } from './errors.ts';
import {
  callFailure,
  GitHubAnswerError,
  httpStatus,
  isAlreadyExists,
  type GitHub,
  type Release,
  type ReleaseAsset,
  type Repo,
} from './github.ts';
import { expectedAssetName, fileExtension } from './names.ts';
import { messageOf } from '../errors.ts';

export interface AssetFile {
  path: string;
  size: number;
  sha256: string;
  /** The name asked for; GitHub may rewrite it, so it is also the label. */
  name: string;
}

const CONTENT_TYPES: Record<string, string> = {
  dmg: 'application/x-apple-diskimage',
  pkg: 'application/octet-stream',
  exe: 'application/vnd.microsoft.portable-executable',
  msi: 'application/x-msi',
  appimage: 'application/vnd.appimage',
  deb: 'application/vnd.debian.binary-package',
  rpm: 'application/x-rpm',
  zip: 'application/zip',
  'tar.gz': 'application/gzip',
};

export const contentType = (name: string): string =>
  name === 'SHA256SUMS'
    ? 'text/plain'
    : (CONTENT_TYPES[fileExtension(name).toLowerCase()] ?? 'application/octet-stream');

/** The asset that stands for `name`: same label (our uploads), or the name GitHub made of it. */
export const findAsset = (
  assets: readonly ReleaseAsset[],
  name: string,
): ReleaseAsset | undefined =>
  assets.find((asset) => asset.label === name) ??
  assets.find((asset) => asset.name === name || asset.name === expectedAssetName(name));

/** True when the asset on the release holds exactly these bytes (GitHub reports a digest). */
export const sameContent = (asset: ReleaseAsset, file: Pick<AssetFile, 'size' | 'sha256'>) =>
  asset.state === 'uploaded' &&
  asset.size === file.size &&
  (asset as { digest?: string | null }).digest === `sha256:${file.sha256}`;

export const listAssets = async (github: GitHub, repo: Repo, releaseId: number) =>
  github.paginate(github.rest.repos.listReleaseAssets, {
    ...repo,
    release_id: releaseId,
    per_page: 100,
  });

/** Deletes an asset; false when it was already gone (another job deleted or replaced it). */
export const deleteAsset = async (github: GitHub, repo: Repo, assetId: number) => {
  try {
    await github.rest.repos.deleteReleaseAsset({ ...repo, asset_id: assetId });
    return true;
  } catch (error) {
    if (httpStatus(error) === 404) return false;
    throw error;
  }
};

/** Streams an asset's bytes to a file; returns their sha256, or undefined when the asset is gone. */
export const downloadAsset = async (
  github: GitHub,
  repo: Repo,
  assetId: number,
  destination: string,
): Promise<string | undefined> => {
  let body: unknown;
  try {
    const response = await github.rest.repos.getReleaseAsset({
      ...repo,
      asset_id: assetId,
      headers: { accept: 'application/octet-stream' },
      request: { parseSuccessResponseBody: false },
    });
    body = response.data;
  } catch (error) {
    if (httpStatus(error) === 404) return undefined;
    throw error;
  }
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(chunk: Buffer, _, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(
    Readable.fromWeb(body as WebReadableStream),
    hashing,
    createWriteStream(destination),
  );
  return hash.digest('hex');
};

/** What an upload needs: the API for the 422 re-read, the retry policy and the upload transport. */
export interface UploadContext {
  github: GitHub;
  repo: Repo;
  retry: RetryRuntime;
  uploads: UploadTransport;
}

/**
 * Uploads one file to the release's `upload_url`, streaming from disk with an explicit
 * Content-Length. Transient failures are retried with a fresh stream; a 422 is accepted when the
 * asset under that name holds our bytes (a lost response, or another job moving the same file).
 */
export const uploadAsset = (
  context: UploadContext,
  release: Pick<Release, 'id' | 'upload_url'>,
  file: AssetFile,
): Promise<ReleaseAsset> =>
  withRetries(context.retry, {
    endpoint: `upload of "${file.name}"`,
    signal: context.uploads.signal,
    attempt: (attempt) => uploadOnce(context, release, file, attempt, context.retry.now()),
  });

async function uploadOnce(
  context: UploadContext,
  release: Pick<Release, 'id' | 'upload_url'>,
  file: AssetFile,
  attempt: number,
  now: number,
): Promise<AttemptResult<ReleaseAsset>> {
  const { github, repo, uploads } = context;
  try {
    const asset = await postAsset(uploads, release.upload_url, {
      path: file.path,
      size: file.size,
      name: file.name,
      contentType: contentType(file.name),
    });
    return { ok: true, value: asset };
  } catch (error) {
    if (uploads.signal?.aborted) throw uploads.signal.reason;
    const status = httpStatus(error);
    let leftHalfDone = false;
    if (isAlreadyExists(error)) {
      const landed = findAsset(await listAssets(github, repo, release.id), file.name);
      if (landed && sameContent(landed, file)) {
        core.info(`Asset "${file.name}" is on the release with these bytes already; keeping it.`);
        return { ok: true, value: landed };
      }
      // Only our own earlier attempt can have left it; another job's may still be uploading.
      if (attempt > 1 && landed && landed.state !== 'uploaded') {
        core.info(`Asset "${file.name}" was left half-uploaded by a failed attempt; deleting it.`);
        await deleteAsset(github, repo, landed.id);
        leftHalfDone = true;
      }
    }
    const failure = callFailure(error, {
      now,
      write: true,
      toError: (attempts) =>
        new AssetUploadError(file.name, {
          status,
          attempts,
          detail:
            error instanceof GitHubAnswerError
              ? (error.githubMessage ?? 'GitHub gave no reason')
              : messageOf(error),
          alreadyExists: isAlreadyExists(error),
        }),
    });
    return { ok: false, failure: { ...failure, retryable: failure.retryable || leftHalfDone } };
  }
}
