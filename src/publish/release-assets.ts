// Release assets: found by name, deleted through Octokit, uploaded through the upload transport
// (asset-upload.ts) under the action's retry policy, and only to an upload URL on GitHub's own
// hosts (upload-origin.ts). Reading them is release-asset-reads.ts's.
import { stepLog } from '../runner/log.ts';
import { withRetries, type AttemptResult, type RetryRuntime } from '../http/retry.ts';
import { postAsset, type UploadTransport } from '../github/asset-upload.ts';
import { AssetUploadError, UploadHostRefusedError } from './errors.ts';
import { GitHubAnswerError, ReleaseAnswerError } from '../github/errors.ts';
import {
  callFailure,
  httpStatus,
  isAlreadyExists,
  type GitHub,
  type Repo,
} from '../github/client.ts';
import { expectedAssetName, fileExtension } from './names.ts';
import type { Release, ReleaseAsset } from '../github/release-answers.ts';
import { listAssets, sameContent } from '../github/release-asset-reads.ts';
import { uploadTargetOf } from '../github/upload-origin.ts';
import { commandText } from '../text/escape.ts';
import { messageOf } from '../shared/errors.ts';

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
 * An upload_url off GitHub's hosts gets no request at all: UploadHostRefusedError.
 */
export const uploadAsset = async (
  context: UploadContext,
  release: Pick<Release, 'id' | 'upload_url'>,
  file: AssetFile,
): Promise<ReleaseAsset> => {
  const target = uploadTargetOf(
    context.github.request.endpoint.DEFAULTS.baseUrl,
    release.upload_url,
  );
  if (!target.allowed) {
    throw new UploadHostRefusedError(commandText(file.name), target.host, target.allowedOrigins);
  }
  return withRetries(context.retry, {
    endpoint: `upload of "${commandText(file.name)}"`,
    signal: context.uploads.signal,
    attempt: (attempt) =>
      uploadOnce(context, { id: release.id, url: target.url }, file, attempt, context.retry.now()),
  });
};

async function uploadOnce(
  context: UploadContext,
  release: { id: number; url: string },
  file: AssetFile,
  attempt: number,
  now: number,
): Promise<AttemptResult<ReleaseAsset>> {
  const { uploads } = context;
  try {
    const asset = await postAsset(uploads, release.url, {
      path: file.path,
      size: file.size,
      name: file.name,
      contentType: contentType(file.name),
    });
    return { ok: true, value: asset };
  } catch (error) {
    if (uploads.signal?.aborted) throw uploads.signal.reason;
    // An answer that is no asset is not made one by asking again.
    if (error instanceof ReleaseAnswerError) throw error;
    const status = httpStatus(error);
    let leftHalfDone = false;
    if (isAlreadyExists(error)) {
      const landed = await landedAsset(context, release.id, file);
      if (landed.same) return { ok: true, value: landed.asset };
      // Only our own earlier attempt can have left it; another job's may still be uploading.
      if (attempt > 1 && landed.asset && landed.asset.state !== 'uploaded') {
        stepLog.info(
          `Asset "${commandText(file.name)}" was left half-uploaded by a failed attempt; deleting it.`,
        );
        await deleteAsset(context.github, context.repo, landed.asset.id);
        leftHalfDone = true;
      }
    }
    const failure = callFailure(error, {
      now,
      write: true,
      toError: (attempts) =>
        new AssetUploadError(commandText(file.name), {
          status,
          attempts,
          detail:
            error instanceof GitHubAnswerError
              ? (error.githubMessage ?? 'GitHub gave no reason')
              : commandText(messageOf(error), 300),
          alreadyExists: isAlreadyExists(error),
        }),
    });
    return { ok: false, failure: { ...failure, retryable: failure.retryable || leftHalfDone } };
  }
}

/** The asset a 422 already_exists met under the file's name, and whether it holds our bytes. */
async function landedAsset(
  context: UploadContext,
  releaseId: number,
  file: AssetFile,
): Promise<{ asset: ReleaseAsset; same: true } | { asset: ReleaseAsset | undefined; same: false }> {
  const { github, repo } = context;
  const asset = findAsset(await listAssets(github, repo, releaseId), file.name);
  if (asset === undefined || !(await sameContent(context, asset, file))) {
    return { asset, same: false };
  }
  stepLog.info(
    `Asset "${commandText(asset.name)}" is on the release with these bytes already ` +
      '(an earlier attempt landed although its answer was lost): keeping it.',
  );
  return { asset, same: true };
}
