// Release assets: list (bounded, every entry checked), delete and read back through Octokit;
// uploads stream through the upload transport (asset-upload.ts), retried under the action's retry
// policy, and only to an upload URL on GitHub's own hosts (upload-origin.ts).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import * as core from '@actions/core';
import { withRetries, type AttemptResult, type RetryRuntime } from '../api/retry.ts';
import { postAsset, type UploadTransport } from './asset-upload.ts';
import {
  AssetUploadError,
  ListingTooLongError,
  ReleaseAnswerError,
  UploadHostRefusedError,
} from './errors.ts';
import {
  callFailure,
  GitHubAnswerError,
  httpStatus,
  isAlreadyExists,
  type GitHub,
  type Repo,
} from './github.ts';
import { expectedAssetName, fileExtension } from './names.ts';
import { parsePage, ReleaseAsset, type Release } from './release-answers.ts';
import { uploadTargetOf } from './upload-origin.ts';
import { commandText } from '../escape.ts';
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

/**
 * What GitHub's own digest says of the asset against the file: the same bytes, others, or
 * undefined when it reports no sha256 (before mid-2025, and older Enterprise Server).
 */
export const digestSays = (
  asset: ReleaseAsset,
  file: Pick<AssetFile, 'size' | 'sha256'>,
): boolean | undefined => {
  if (asset.state !== 'uploaded' || asset.size !== file.size) return false;
  if (!asset.digest?.startsWith('sha256:')) return undefined;
  return asset.digest === `sha256:${file.sha256}`;
};

/**
 * True when the asset on the release holds exactly the file's bytes: by GitHub's digest, or when it
 * gives none, by reading the asset back (as many bytes as the file has, no more) and hashing them.
 */
export const sameContent = async (
  context: { github: GitHub; repo: Repo },
  asset: ReleaseAsset,
  file: Pick<AssetFile, 'size' | 'sha256'>,
): Promise<boolean> => {
  const said = digestSays(asset, file);
  if (said !== undefined) return said;
  const read = await readAsset(context.github, context.repo, asset.id, file.size);
  const same = read === file.sha256;
  core.info(
    `GitHub reports no digest for asset "${commandText(asset.name)}": read its ${file.size} ` +
      `bytes back to compare: ${same ? 'the same bytes' : 'other bytes'}.`,
  );
  return same;
};

// A release holds at most 1000 assets: ten pages of a hundred.
const ASSET_PAGE_SIZE = 100;
const ASSET_PAGES = 10;

/**
 * A page's Link header names a next page. Only that it does is read: pages are asked for by
 * number on the API's origin, never at the URL GitHub's answer gives (the token would go with it).
 */
export const hasNextPage = (headers: { link?: string }): boolean =>
  /\brel="?next"?/.test(headers.link ?? '');

export interface AssetListing {
  assets: ReleaseAsset[];
  /** Entries GitHub listed that are not assets (an id that is no positive integer, …). */
  refused: number;
}

/**
 * The release's assets, at most ten pages of them, asked for by number. Entries that are not assets are left out,
 * counted and said once; a listing that goes on past what a release can hold is a
 * ListingTooLongError.
 */
export const readAssets = async (
  github: GitHub,
  repo: Repo,
  releaseId: number,
): Promise<AssetListing> => {
  const what = `the assets of release ${releaseId}`;
  const assets: ReleaseAsset[] = [];
  let refused = 0;
  let firstProblem: string | undefined;
  for (let page = 1; ; page++) {
    const { data, headers } = await github.rest.repos.listReleaseAssets({
      ...repo,
      release_id: releaseId,
      per_page: ASSET_PAGE_SIZE,
      page,
    });
    const entries = parsePage(ReleaseAsset, data, what, ASSET_PAGE_SIZE);
    assets.push(...entries.items);
    refused += entries.refused.count;
    firstProblem ??= entries.refused.first;
    if (!hasNextPage(headers)) break;
    if (page === ASSET_PAGES) {
      throw new ListingTooLongError(what, page, 'the 1000 assets a release can hold');
    }
  }
  if (refused > 0) {
    core.info(
      `GitHub listed ${refused} entr${refused === 1 ? 'y' : 'ies'} among ${what} that are not ` +
        `assets (${firstProblem}): left alone.`,
    );
  }
  return { assets, refused };
};

export const listAssets = async (github: GitHub, repo: Repo, releaseId: number) =>
  (await readAssets(github, repo, releaseId)).assets;

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

/**
 * Streams an asset's bytes through its sha256 into `sink` (nowhere when none); returns the digest,
 * or undefined when the asset is gone. More than `maxBytes` bytes is an error: GitHub said how many
 * there are.
 */
export const readAsset = async (
  github: GitHub,
  repo: Repo,
  assetId: number,
  maxBytes: number,
  sink?: Writable,
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
  let read = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _, done) {
      read += chunk.length;
      if (read > maxBytes) {
        done(new Error(`asset ${assetId} holds more than the ${maxBytes} bytes GitHub listed`));
        return;
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const drain = new Writable({ write: (_chunk, _encoding, done) => done() });
  await pipeline(Readable.fromWeb(body as WebReadableStream), hashing, sink ?? drain);
  return hash.digest('hex');
};

/** Streams an asset's bytes to a file; returns their sha256, or undefined when the asset is gone. */
export const downloadAsset = (
  github: GitHub,
  repo: Repo,
  asset: Pick<ReleaseAsset, 'id' | 'size'>,
  destination: string,
): Promise<string | undefined> =>
  readAsset(github, repo, asset.id, asset.size, createWriteStream(destination));

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
        core.info(
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
  core.info(
    `Asset "${commandText(asset.name)}" is on the release with these bytes already ` +
      '(an earlier attempt landed although its answer was lost): keeping it.',
  );
  return { asset, same: true };
}
