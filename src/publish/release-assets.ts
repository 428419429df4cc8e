// Release assets: list, delete, download, and streaming uploads with their own retry loop
// (a stream body can be sent once, so Octokit's retry plugin is switched off for uploads).
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import * as core from '@actions/core';
import { AssetUploadError } from './errors.ts';
import {
  errorMessage,
  httpStatus,
  isAlreadyExists,
  isTransient,
  type GitHub,
  type Release,
  type ReleaseAsset,
  type Repo,
} from './github.ts';
import { expectedAssetName, fileExtension } from './names.ts';

export interface UploadRetry {
  attempts: number;
  baseDelayMs: number;
}

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
  assets.find((a) => a.label === name) ??
  assets.find((a) => a.name === name || a.name === expectedAssetName(name));

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

/**
 * Uploads one file to the release's `upload_url`, streaming from disk with an explicit
 * Content-Length. Transient failures are retried with a fresh stream; a 422 is accepted when the
 * asset under that name holds our bytes (a lost response, or another job moving the same file).
 */
export const uploadAsset = async (
  github: GitHub,
  repo: Repo,
  release: Pick<Release, 'id' | 'upload_url'>,
  file: AssetFile,
  retry: UploadRetry,
): Promise<ReleaseAsset> => {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await github.request({
        method: 'POST',
        url: release.upload_url,
        name: file.name,
        label: file.name,
        // Octokit on Node 24 refuses a Buffer with a hand-set length; a stream needs one.
        data: createReadStream(file.path),
        headers: { 'content-type': contentType(file.name), 'content-length': file.size },
        request: { retries: 0 },
      });
      return response.data as ReleaseAsset;
    } catch (error) {
      const status = httpStatus(error);
      if (isAlreadyExists(error)) {
        const landed = findAsset(await listAssets(github, repo, release.id), file.name);
        if (landed && sameContent(landed, file)) {
          core.info(`Asset "${file.name}" is on the release with these bytes already; keeping it.`);
          return landed;
        }
        // Only our own earlier attempt can have left it; another job's may still be uploading.
        if (attempt > 1 && landed && landed.state !== 'uploaded') {
          core.info(
            `Asset "${file.name}" was left half-uploaded by a failed attempt; deleting it.`,
          );
          await deleteAsset(github, repo, landed.id);
          continue;
        }
      }
      if (!isTransient(status) || attempt >= retry.attempts) {
        throw new AssetUploadError(file.name, {
          status,
          attempts: attempt,
          detail: errorMessage(error),
          alreadyExists: isAlreadyExists(error),
        });
      }
      const delay = retry.baseDelayMs * attempt * attempt;
      core.info(
        `Upload of "${file.name}" failed (${status === undefined ? 'no response' : `HTTP ${status}`}), ` +
          `attempt ${attempt} of ${retry.attempts}: retrying in ${delay} ms.`,
      );
      await sleep(delay);
    }
  }
};
