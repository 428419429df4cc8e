// Release assets, atomically: find or create the draft when the first installer comes, put each
// installer on it as it arrives, then SHA256SUMS; read it back (release-verify.ts) and publish only
// when every build succeeded, every upload landed and GitHub holds what was attached. A repository
// that refuses the token is said once, as that, and stops the uploads.
import { stepLog } from '../runner/log.ts';
import { CHECKSUMS_FILE_NAME } from './checksums.ts';
import {
  AssetExistsError,
  AssetLockedError,
  AssetUploadError,
  InvalidNameError,
  ReleaseRepositoryRefusedError,
  ReleaseVerificationError,
} from './errors.ts';
import { GitHubAnswerError } from '../github/errors.ts';
import { isRateLimited } from '../github/client.ts';
import {
  parseReleaseAnswer,
  releaseAssetsOf,
  type Release,
  type ReleaseAsset,
} from '../github/release-answers.ts';
import { listAssets, sameContent } from '../github/release-asset-reads.ts';
import { deleteAsset, findAsset, uploadAsset } from './release-assets.ts';
import { updateChecksums } from './release-checksums.ts';
import { ensureRelease, type ReleaseContext } from './release-find.ts';
import { verifyRelease, type Attached } from './release-verify.ts';
import { createNamer } from './names.ts';
import type { Installer, ReleaseAssetResult, ReleasePlan, ReleaseResult } from './types.ts';
import { labelOf } from '../builds/result.ts';
import { formatSeconds } from '../text/durations.ts';
import { commandText } from '../text/escape.ts';
import { messageOf, asError } from '../shared/errors.ts';

export interface PublishFacts {
  allBuildsSucceeded: boolean;
  failedUploads: number;
  keepDraft: boolean;
  isDraft: boolean;
}

export type PublishDecision = { publish: true } | { publish: false; reason: string };

export const publishDecision = (facts: PublishFacts): PublishDecision => {
  if (!facts.isDraft) return { publish: false, reason: 'it is already published' };
  if (!facts.allBuildsSucceeded) {
    return {
      publish: false,
      reason: 'a build failed, and a public release must not miss an installer',
    };
  }
  if (facts.failedUploads > 0) {
    return { publish: false, reason: `${facts.failedUploads} upload(s) did not land` };
  }
  if (facts.keepDraft) return { publish: false, reason: 'release-draft is true' };
  return { publish: true };
};

export interface ReleaseOutcome {
  result: ReleaseResult;
  failures: Error[];
}

/** The release for the plan's tag, found or created as a draft when the first installer comes. */
export class ReleaseUploads {
  readonly #context: ReleaseContext;
  readonly #plan: ReleasePlan;
  readonly #onAsset: (asset: ReleaseAssetResult) => void;
  readonly #nameOf: (installer: Installer) => string;
  #opened: Promise<OpenRelease> | undefined;
  readonly #landed: ReleaseAssetResult[] = [];
  readonly #failures: Error[] = [];
  /** What this run put on the release (name → sha256), for SHA256SUMS. */
  readonly #ours = new Map<string, string>();
  readonly #attached: Attached[] = [];
  /** Once GitHub refused the token on the repository, no other upload is tried. */
  #refusal: ReleaseRepositoryRefusedError | undefined;

  constructor(
    context: ReleaseContext,
    plan: ReleasePlan,
    onAsset: (asset: ReleaseAssetResult) => void = () => {},
  ) {
    this.#context = context;
    this.#plan = plan;
    this.#onAsset = onAsset;
    this.#nameOf = createNamer('asset-name', plan.assetNameTemplate);
  }

  /** Puts one installer on the draft; a failure is logged and kept for `finish`, never thrown. */
  async add(installer: Installer): Promise<void> {
    const context = this.#context;
    const plan = this.#plan;
    let name = installer.fileName;
    try {
      name = this.#nameOf(installer);
      if (name === CHECKSUMS_FILE_NAME) {
        throw new InvalidNameError('asset-name', name, 'is the checksum file the action writes');
      }
      // A release that cannot be had is one failure, said by `finish`, not one per installer.
      const ready = await this.#release().catch(() => undefined);
      if (ready === undefined || this.#refusal !== undefined) return;
      const start = context.retry.now();
      const placed = await placeAsset(context, plan, ready, installer, name);
      const end = context.retry.now();
      const asset: ReleaseAssetResult = {
        buildId: installer.buildId,
        name: placed.asset.name,
        url: placed.asset.browser_download_url,
        span: placed.uploaded ? { start, end } : undefined,
      };
      this.#landed.push(asset);
      this.#onAsset(asset);
      this.#ours.set(placed.asset.name, installer.sha256);
      this.#attached.push({
        name: placed.asset.name,
        size: installer.size,
        sha256: installer.sha256,
        assetId: placed.asset.id,
      });
      if (placed.uploaded) {
        stepLog.info(
          `${labelOf(installer)}: release asset "${commandText(placed.asset.name)}" attached to ` +
            `${ready.release.draft ? 'draft ' : ''}${plan.tag} in ${formatSeconds(end - start)} ` +
            `(${installer.size} bytes)`,
        );
      }
    } catch (error) {
      const failure =
        repositoryRefusal(context, error) ?? uploadRefusal(context, error) ?? asError(error);
      if (failure instanceof ReleaseRepositoryRefusedError) this.#refusal = failure;
      stepLog.info(
        `Failed: ${labelOf(installer)}: release asset "${commandText(name)}": ${commandText(failure.message, 1000)}`,
      );
      this.#failures.push(failure);
    }
  }

  /**
   * After every installer was added and its upload ended: SHA256SUMS, then the draft published
   * when the decision allows. Throws when the release itself could not be found or created.
   */
  async finish(outcome: { allBuildsSucceeded: boolean }): Promise<ReleaseOutcome> {
    const context = this.#context;
    const failures = this.#failures;
    const { release: draft } = await this.#release();
    if (this.#refusal !== undefined) throw this.#refusal;
    const assets = [...this.#landed];
    if (this.#ours.size > 0) {
      try {
        const { asset } = await updateChecksums(context, draft, this.#ours);
        assets.push({
          buildId: null,
          name: asset.name,
          url: asset.browser_download_url,
          span: undefined,
        });
      } catch (error) {
        stepLog.info(`Failed: ${CHECKSUMS_FILE_NAME}: ${commandText(messageOf(error), 1000)}`);
        failures.push(asError(error));
      }
    }
    const { release: final, verified } = await publishIfAllowed(
      context,
      this.#plan,
      draft,
      { ...outcome, attached: this.#attached },
      failures,
    );
    // A draft's download URLs (`…/download/untagged-…/`) stop working once it is published.
    const urls = new Map(
      releaseAssetsOf(final).map((asset) => [asset.name, asset.browser_download_url]),
    );
    return {
      result: {
        url: final.html_url,
        id: final.id,
        published: !final.draft,
        verified,
        assets: assets.map((asset) => ({ ...asset, url: urls.get(asset.name) ?? asset.url })),
      },
      failures,
    };
  }

  #release(): Promise<OpenRelease> {
    return (this.#opened ??= open(this.#context, this.#plan, this.#ours));
  }
}

interface OpenRelease {
  release: Release;
  /** What was on it when it was opened. */
  existing: readonly ReleaseAsset[];
}

async function open(
  context: ReleaseContext,
  plan: ReleasePlan,
  ours: Map<string, string>,
): Promise<OpenRelease> {
  const { release, movedChecksums } = await ensureRelease(context, plan).catch((error: unknown) => {
    throw repositoryRefusal(context, error) ?? error;
  });
  for (const [name, sha256] of movedChecksums) ours.set(name, sha256);
  stepLog.info(
    `Publishing to ${release.draft ? 'draft ' : ''}release ${release.id} for tag ${plan.tag}: ` +
      commandText(release.html_url, 500),
  );
  const existing = await listAssets(context.github, context.repo, release.id);
  return { release, existing };
}

/** Puts one installer on the release: kept when identical, replaced per `overwrite`, or uploaded. */
const placeAsset = async (
  context: ReleaseContext,
  plan: ReleasePlan,
  { release, existing }: OpenRelease,
  installer: Installer,
  name: string,
): Promise<{ asset: ReleaseAsset; uploaded: boolean }> => {
  const { github, repo } = context;
  const file = { path: installer.path, size: installer.size, sha256: installer.sha256, name };
  const found = findAsset(existing, name);
  if (found) {
    const shown = commandText(found.name);
    if (await sameContent(context, found, file)) {
      stepLog.info(`Asset "${shown}" is already on the release with the same bytes: kept.`);
      return { asset: found, uploaded: false };
    }
    const releaseUrl = commandText(release.html_url, 500);
    if (!plan.overwrite) throw new AssetExistsError(shown, releaseUrl);
    stepLog.info(`Replacing asset "${shown}" from an earlier run (overwrite: true).`);
    await deleteAsset(github, repo, found.id).catch((error: unknown) => {
      if (!(error instanceof GitHubAnswerError) || error.status !== 422) throw error;
      throw new AssetLockedError(shown, releaseUrl, error);
    });
  }
  const asset = await uploadAsset(context, release, file);
  if (asset.name !== name) {
    stepLog.info(
      `GitHub renamed "${commandText(name)}" to "${commandText(asset.name)}"; its label keeps the original name.`,
    );
  }
  return { asset, uploaded: true };
};

/**
 * GitHub refusing the token on the release's repository, where `error` says so: a 403 that is not
 * its rate limit, or a 404 for the repository's releases (listed or created), which GitHub answers
 * for a repository the token cannot see.
 */
const repositoryRefusal = (
  context: ReleaseContext,
  error: unknown,
): ReleaseRepositoryRefusedError | undefined => {
  if (!(error instanceof GitHubAnswerError)) return undefined;
  const refused =
    (error.status === 403 && !isRateLimited(error)) ||
    (error.status === 404 && /^(GET|POST) \S*\/releases(\?|$)/.test(error.what));
  if (!refused) return undefined;
  const { owner, repo } = context.repo;
  return new ReleaseRepositoryRefusedError(
    `${owner}/${repo}`,
    error.status,
    context.elsewhere,
    error.githubMessage,
  );
};

/** An upload GitHub refused with a 403 (not its rate limit): the token cannot write there. */
const uploadRefusal = (
  context: ReleaseContext,
  error: unknown,
): ReleaseRepositoryRefusedError | undefined => {
  if (!(error instanceof AssetUploadError) || error.status !== 403) return undefined;
  if (/rate limit/i.test(error.message)) return undefined;
  const { owner, repo } = context.repo;
  return new ReleaseRepositoryRefusedError(`${owner}/${repo}`, 403, context.elsewhere);
};

interface Finished {
  release: Release;
  /** ReleaseResult.verified: true only for a published release that passed the check. */
  verified: boolean | undefined;
}

/**
 * Reads the release back (verifyRelease), then publishes the draft when the check passed and the
 * decision allows; returns the release as it now is. A failed check is a ReleaseVerificationError
 * in `failures`, and the release stays a draft.
 */
const publishIfAllowed = async (
  context: ReleaseContext,
  plan: ReleasePlan,
  release: Release,
  outcome: { allBuildsSucceeded: boolean; attached: readonly Attached[] },
  failures: Error[],
): Promise<Finished> => {
  const { github, repo } = context;
  // Another job may have published it while this one uploaded.
  const current = parseReleaseAnswer(
    (await github.rest.repos.getRelease({ ...repo, release_id: release.id })).data,
    `the release ${release.id}`,
  );
  const decision = publishDecision({
    allBuildsSucceeded: outcome.allBuildsSucceeded,
    failedUploads: failures.length,
    keepDraft: plan.draft,
    isDraft: current.draft,
  });
  // The job that publishes it (or finds it public) checks every line; the others their own.
  const whole = decision.publish || !current.draft;
  // A draft another job publishes, and nothing of this job's on it: nothing to check here.
  if (outcome.attached.length === 0 && !whole) {
    const final = await publishOrKeep(context, plan, current, outcome, failures, decision);
    return { release: final, verified: undefined };
  }
  const failure = await checkRelease(context, plan, current, outcome.attached, whole);
  if (failure === undefined) {
    const final = await publishOrKeep(context, plan, current, outcome, failures, decision);
    return { release: final, verified: final.draft ? undefined : true };
  }
  failures.push(failure);
  const reason = 'its assets read back are not what was attached';
  const kept: PublishDecision = {
    publish: false,
    reason: decision.publish ? reason : `${decision.reason}, and ${reason}`,
  };
  return {
    release: await publishOrKeep(context, plan, current, outcome, failures, kept),
    verified: false,
  };
};

/** The release read back (verifyRelease): undefined when it passed, else why not. */
const checkRelease = async (
  context: ReleaseContext,
  plan: ReleasePlan,
  current: Release,
  attached: readonly Attached[],
  whole: boolean,
): Promise<Error | undefined> => {
  try {
    const check = await verifyRelease(context, current, attached, whole);
    if (check.discrepancies.length === 0) return undefined;
    const error = new ReleaseVerificationError(
      plan.tag,
      commandText(current.html_url, 500),
      !current.draft,
      check.discrepancies,
    );
    stepLog.info(`Failed: ${error.message}`);
    return error;
  } catch (error) {
    stepLog.info(`Failed: the release check: ${commandText(messageOf(error), 1000)}`);
    return asError(error);
  }
};

/** Publishes the draft when the decision allows; returns the release as it now is. */
const publishOrKeep = async (
  context: ReleaseContext,
  plan: ReleasePlan,
  current: Release,
  outcome: { allBuildsSucceeded: boolean },
  failures: readonly Error[],
  decision: PublishDecision,
): Promise<Release> => {
  const { github, repo } = context;
  const release = current;
  if (decision.publish) {
    const { data } = await github.rest.repos.updateRelease({
      ...repo,
      release_id: release.id,
      draft: false,
      make_latest: plan.makeLatest,
    });
    const published = parseReleaseAnswer(data, `the publication of release ${release.id}`);
    stepLog.info(`Published release ${plan.tag}: ${commandText(published.html_url, 500)}`);
    return published;
  }
  if (!current.draft) {
    stepLog.info(`Release ${plan.tag} is published: ${commandText(current.html_url, 500)}`);
  } else if (plan.draft && outcome.allBuildsSucceeded && failures.length === 0) {
    stepLog.info(
      `Release ${plan.tag} left as a draft (${decision.reason}): ${commandText(current.html_url, 500)}`,
    );
  } else {
    stepLog.warning(
      `Release ${plan.tag} left as an unpublished draft because ${decision.reason}. ` +
        `Nothing public changed; re-run the failed jobs to complete and publish it: ${commandText(current.html_url, 500)}`,
    );
  }
  return current;
};
