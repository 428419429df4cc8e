// Reading a release's assets: their listing (a paged listing, every entry checked; going on past
// the cap is an error), their bytes (never more than GitHub listed), and whether an asset holds a
// file's bytes (GitHub's digest, or without one the bytes read back).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { stepLog } from '../runner/log.ts';
import { AssetLongerThanListedError, ListingTooLongError } from './errors.ts';
import { httpStatus, type GitHub, type Repo } from './client.ts';
import { MAX_PAGES, PAGE_SIZE, readListing } from './paged-listing.ts';
import { parseEntries, ReleaseAsset } from './release-answers.ts';
import { commandText } from '../text/escape.ts';

/** What is known of a file on disk without reading it. */
interface FileFacts {
  size: number;
  sha256: string;
}

/**
 * What GitHub's own digest says of the asset against the file: the same bytes, others, or
 * undefined when it reports no sha256 (before mid-2025, and older Enterprise Server).
 */
export const digestSays = (asset: ReleaseAsset, file: FileFacts): boolean | undefined => {
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
  file: FileFacts,
): Promise<boolean> => {
  const said = digestSays(asset, file);
  if (said !== undefined) return said;
  const read = await readAsset(context.github, context.repo, asset.id, file.size);
  const same = read === file.sha256;
  stepLog.info(
    `GitHub reports no digest for asset "${commandText(asset.name)}": read its ${file.size} ` +
      `bytes back to compare: ${same ? 'the same bytes' : 'other bytes'}.`,
  );
  return same;
};

export interface AssetListing {
  assets: ReleaseAsset[];
  /** Entries GitHub listed that are not assets (an id that is no positive integer, …). */
  refused: number;
}

/**
 * The release's assets. Entries that are not assets are left out, counted and said once; a
 * listing that goes on past the cap (MAX_PAGES pages, as many assets as a release can hold) is a
 * ListingTooLongError: a partial listing would hide assets this run replaces or checks.
 */
export const readAssets = async (
  github: GitHub,
  repo: Repo,
  releaseId: number,
): Promise<AssetListing> => {
  const what = `the assets of release ${releaseId}`;
  const listing = await readListing(
    what,
    (query) => github.rest.repos.listReleaseAssets({ ...repo, release_id: releaseId, ...query }),
    (entries) => parseEntries(ReleaseAsset, entries),
  );
  if (listing.end === 'capped') {
    throw new ListingTooLongError(
      what,
      listing.pages.length,
      `the ${MAX_PAGES * PAGE_SIZE} assets a release can hold`,
    );
  }
  const assets = listing.pages.flatMap((page) => page.items);
  const refused = listing.pages.reduce((sum, page) => sum + page.refused.count, 0);
  const firstProblem = listing.pages.find((page) => page.refused.count > 0)?.refused.first;
  if (refused > 0) {
    stepLog.info(
      `GitHub listed ${refused} entr${refused === 1 ? 'y' : 'ies'} among ${what} that are not ` +
        `assets (${firstProblem}): left alone.`,
    );
  }
  return { assets, refused };
};

export const listAssets = async (github: GitHub, repo: Repo, releaseId: number) =>
  (await readAssets(github, repo, releaseId)).assets;

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
        done(new AssetLongerThanListedError(assetId, maxBytes));
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
