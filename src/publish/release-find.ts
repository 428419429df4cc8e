// Finding the one release for a tag, creating it as a draft when there is none, and reconciling
// duplicate drafts that parallel jobs created for the same tag.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { stepLog } from '../runner/log.ts';
import type { RetryRuntime } from '../http/retry.ts';
import type { UploadTransport } from '../github/asset-upload.ts';
import {
  CHECKSUMS_FILE_NAME,
  mergeChecksums,
  parseChecksums,
  type Checksums,
} from './checksums.ts';
import { ReleaseNotFoundError } from './errors.ts';
import { httpStatus, isAlreadyExists, type GitHub, type Repo } from '../github/client.ts';
import { parseEntries, parseReleaseAnswer, Release } from '../github/release-answers.ts';
import { MAX_PAGES, PAGE_SIZE, readListing } from '../github/paged-listing.ts';
import { downloadAsset, listAssets, readAssets } from '../github/release-asset-reads.ts';
import { deleteAsset, findAsset, uploadAsset } from './release-assets.ts';
import type { ReleasePlan } from './types.ts';
import { commandText } from '../text/escape.ts';

export interface ReleaseContext {
  github: GitHub;
  repo: Repo;
  /** The release goes to another repository than the workflow's (release-repository). */
  elsewhere: boolean;
  /**
   * Commit for a tag GitHub has to create at publish time (GITHUB_SHA); none in another repository,
   * which does not hold the workflow's commits (GitHub tags its default branch).
   */
  targetCommitish: string | undefined;
  /** A private temporary directory for files moved between releases. */
  workDir: string;
  /**
   * The retry policy of uploads (and, with its own counts, of SHA256SUMS rounds), and the clock of
   * their waits and timings.
   */
  retry: RetryRuntime;
  /** How asset uploads reach GitHub (they bypass Octokit to stream from disk). */
  uploads: UploadTransport;
}

/** Published first (a tag has at most one), else the oldest draft: every job picks the same. */
export const pickCanonical = <T extends { id: number; draft: boolean }>(
  candidates: readonly T[],
): T | undefined =>
  [...candidates].sort(
    (first, second) => Number(first.draft) - Number(second.draft) || first.id - second.id,
  )[0];

export const findReleases = async (github: GitHub, repo: Repo, tag: string) => {
  const found = new Map<number, Release>();
  try {
    const { data } = await github.rest.repos.getReleaseByTag({ ...repo, tag });
    const release = parseReleaseAnswer(data, `the release of tag ${tag}`);
    found.set(release.id, release);
  } catch (error) {
    if (httpStatus(error) !== 404) throw error;
  }
  // Drafts are only found by listing (newest first). A repository may well hold more releases than
  // the cap, and a draft of this tag is among the newest: at the cap, a warning, not a failure.
  const listing = await readListing(
    'the releases',
    (query) => github.rest.repos.listReleases({ ...repo, ...query }),
    (entries) => parseEntries(Release, entries).items,
  );
  for (const release of listing.pages.flat()) {
    if (release.tag_name === tag) found.set(release.id, release);
  }
  if (listing.end === 'capped') {
    stepLog.warning(
      `Looked for drafts of tag ${tag} among the ${MAX_PAGES * PAGE_SIZE} most recent releases ` +
        'only (the listing goes on): a draft older than those is not found, and another may be created.',
    );
  }
  return [...found.values()];
};

const createDraft = async (context: ReleaseContext, plan: ReleasePlan) => {
  const { data } = await context.github.rest.repos.createRelease({
    ...context.repo,
    tag_name: plan.tag,
    name: plan.name ?? plan.tag,
    ...(plan.body === undefined ? {} : { body: plan.body }),
    generate_release_notes: plan.generateNotes,
    draft: true,
    prerelease: plan.prerelease,
    make_latest: plan.makeLatest,
    ...(context.targetCommitish === undefined ? {} : { target_commitish: context.targetCommitish }),
  });
  return parseReleaseAnswer(data, `the creation of the release of tag ${plan.tag}`);
};

export interface EnsuredRelease {
  release: Release;
  /** SHA256SUMS lines found on the duplicates that were removed. */
  movedChecksums: Checksums;
}

/** The release every job of this tag publishes to, with duplicates folded into it. */
export const ensureRelease = async (
  context: ReleaseContext,
  plan: ReleasePlan,
): Promise<EnsuredRelease> => {
  const { github, repo } = context;
  let candidates = await findReleases(github, repo, plan.tag);
  if (candidates.length === 0) {
    try {
      const created = await createDraft(context, plan);
      stepLog.info(`Created draft release ${created.id} for tag ${plan.tag}.`);
      candidates = await findReleases(github, repo, plan.tag);
      if (!candidates.some((candidate) => candidate.id === created.id)) candidates.push(created);
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      stepLog.info(
        `Another job created the release for tag ${plan.tag} at the same moment ` +
          '(422 already_exists): using that one.',
      );
      candidates = await findReleases(github, repo, plan.tag);
    }
  }
  const release = pickCanonical(candidates);
  if (release === undefined) throw new ReleaseNotFoundError(plan.tag);
  const duplicates = candidates.filter(
    (candidate) => candidate.id !== release.id && candidate.draft,
  );
  let movedChecksums: Checksums = new Map();
  if (duplicates.length > 0) {
    stepLog.info(
      `Found ${duplicates.length + 1} releases for tag ${plan.tag} (parallel jobs each created a ` +
        `draft): keeping ${release.id}, moving assets from ${duplicates.map((duplicate) => duplicate.id).join(', ')} ` +
        'and deleting those.',
    );
    for (const duplicate of duplicates) {
      movedChecksums = mergeChecksums(movedChecksums, await foldInto(context, duplicate, release));
    }
  }
  return { release, movedChecksums };
};

/**
 * Moves what `release` lacks from `duplicate`, deletes `duplicate`, returns its SHA256SUMS lines.
 * A duplicate listing entries that are not assets keeps them, and is kept: nothing is lost.
 */
const foldInto = async (
  context: ReleaseContext,
  duplicate: Release,
  release: Release,
): Promise<Checksums> => {
  const { github, repo } = context;
  const target = await listAssets(github, repo, release.id);
  let listing;
  try {
    listing = await readAssets(github, repo, duplicate.id);
  } catch (error) {
    if (httpStatus(error) !== 404) throw error;
    // Another job reconciling the same tag folded and deleted it first.
    stepLog.info(`Duplicate draft release ${duplicate.id} was folded in by another job already.`);
    return new Map();
  }
  const { assets, refused } = listing;
  let sums: Checksums = new Map();
  let moved = 0;
  for (const asset of assets) {
    const isChecksums = asset.name === CHECKSUMS_FILE_NAME;
    if (!isChecksums && findAsset(target, asset.label || asset.name)) continue;
    // Our own name for the file: nothing GitHub said goes into a path.
    const file = path.join(context.workDir, `moved-${duplicate.id}-${++moved}`);
    const sha256 = await downloadAsset(github, repo, asset, file);
    if (sha256 === undefined) continue;
    if (isChecksums) {
      sums = mergeChecksums(sums, parseChecksums(await readFile(file, 'utf8')));
      continue;
    }
    const name = asset.label || asset.name;
    const { size } = await stat(file);
    const uploaded = await uploadAsset(context, release, { path: file, size, sha256, name });
    sums = mergeChecksums(sums, new Map([[uploaded.name, sha256]]));
    stepLog.info(
      `Moved asset "${commandText(name)}" from duplicate release ${duplicate.id}` +
        (uploaded.name === name ? '.' : ` (GitHub named it "${commandText(uploaded.name)}").`),
    );
    await deleteAsset(github, repo, asset.id);
  }
  if (refused > 0) {
    stepLog.warning(
      `Kept duplicate draft release ${duplicate.id} of tag ${commandText(duplicate.tag_name)}: ` +
        `GitHub listed ${refused} entr${refused === 1 ? 'y' : 'ies'} on it that are not assets, ` +
        'which cannot be moved. Check it and delete it by hand.',
    );
    return sums;
  }
  try {
    await github.rest.repos.deleteRelease({ ...repo, release_id: duplicate.id });
    stepLog.info(`Deleted duplicate draft release ${duplicate.id}.`);
  } catch (error) {
    // Another job reconciling the same tag deleted it first.
    if (httpStatus(error) !== 404) throw error;
  }
  return sums;
};
