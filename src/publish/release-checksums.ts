// SHA256SUMS on a release shared by parallel jobs. Each write is a compare-and-swap: delete the
// exact asset that was read (404 means someone replaced it) and upload (422 means someone uploaded
// first); on either, read again and merge. Lines a job has read are kept, so none get lost; and as
// a job that dies between its delete and its upload takes the only copy of some lines with it,
// every write also lists the files on the release by the digest GitHub reports for each.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stepLog } from '../runner/log.ts';
import { withRetries, type AttemptResult } from '../http/retry.ts';
import {
  CHECKSUMS_FILE_NAME,
  coversChecksums,
  mergeChecksums,
  parseChecksums,
  renderChecksums,
  type Checksums,
} from './checksums.ts';
import { AssetUploadError, ChecksumsConflictError } from './errors.ts';
import type { Release, ReleaseAsset } from '../github/release-answers.ts';
import { downloadAsset, listAssets } from '../github/release-asset-reads.ts';
import { deleteAsset, uploadAsset } from './release-assets.ts';
import type { ReleaseContext } from './release-find.ts';

const MAX_ROUNDS = 10;

type Written = { asset: ReleaseAsset; sums: Checksums };

/** Makes the release's SHA256SUMS hold at least `ours`; returns the asset and its lines. */
export const updateChecksums = (
  context: ReleaseContext,
  release: Pick<Release, 'id' | 'upload_url'>,
  ours: Checksums,
): Promise<Written> => {
  const seen = { sums: new Map() as Checksums };
  // Rounds that collided with another writer: short, jittered waits, so writers that collided do
  // not collide again in lockstep.
  const rounds = {
    ...context.retry,
    policy: { maxAttempts: MAX_ROUNDS, baseDelayMs: 100, maxDelayMs: 1_000, maxElapsedMs: 60_000 },
    onRetry: undefined,
  };
  return withRetries(rounds, {
    endpoint: CHECKSUMS_FILE_NAME,
    attempt: (round) => writeRound(context, release, ours, seen, round),
  });
};

const collided = (reason: string): AttemptResult<Written> => ({
  ok: false,
  failure: {
    retryable: true,
    outcomeUnknown: false,
    reason,
    toError: (attempts) => new ChecksumsConflictError(attempts),
  },
});

/** One compare-and-swap: read, merge, replace. */
async function writeRound(
  context: ReleaseContext,
  release: Pick<Release, 'id' | 'upload_url'>,
  ours: Checksums,
  seen: { sums: Checksums },
  round: number,
): Promise<AttemptResult<Written>> {
  const { github, repo } = context;
  const assets = await listAssets(github, repo, release.id);
  const current = assets.find((asset) => asset.name === CHECKSUMS_FILE_NAME);
  let currentSums: Checksums = new Map();
  if (current) {
    const file = path.join(context.workDir, `current-${round}-${CHECKSUMS_FILE_NAME}`);
    if ((await downloadAsset(github, repo, current, file)) === undefined) {
      return collided('replaced while being read');
    }
    currentSums = parseChecksums(await readFile(file, 'utf8'));
  }
  seen.sums = mergeChecksums(seen.sums, currentSums, reportedDigests(assets));
  const wanted = mergeChecksums(seen.sums, ours);
  if (current && coversChecksums(currentSums, wanted)) {
    return { ok: true, value: { asset: current, sums: currentSums } };
  }
  if (current && !(await deleteAsset(github, repo, current.id))) {
    return collided('replaced before it could be deleted');
  }
  const text = renderChecksums(wanted);
  const file = path.join(context.workDir, `${round}-${CHECKSUMS_FILE_NAME}`);
  await writeFile(file, text);
  try {
    const sha256 = createHash('sha256').update(text).digest('hex');
    const size = Buffer.byteLength(text);
    const asset = await uploadAsset(context, release, {
      path: file,
      size,
      sha256,
      name: CHECKSUMS_FILE_NAME,
    });
    stepLog.info(
      `${CHECKSUMS_FILE_NAME} on the release lists ${wanted.size} file(s)` +
        (currentSums.size > 0
          ? `, merged with the ${currentSums.size} line(s) already there.`
          : '.'),
    );
    return { ok: true, value: { asset, sums: wanted } };
  } catch (error) {
    if (!(error instanceof AssetUploadError && error.alreadyExists)) throw error;
    stepLog.info(`${CHECKSUMS_FILE_NAME} was replaced by another job meanwhile: merging again.`);
    return collided('uploaded by another job first');
  }
}

/** The files on the release whose sha256 GitHub reports (assets uploaded since mid-2025). */
export const reportedDigests = (assets: readonly ReleaseAsset[]): Checksums => {
  const sums = new Map<string, string>();
  for (const asset of assets) {
    const digest = asset.digest;
    const hex = /^sha256:([0-9a-f]{64})$/.exec(digest ?? '')?.[1];
    if (hex && asset.state === 'uploaded' && asset.name !== CHECKSUMS_FILE_NAME) {
      sums.set(asset.name, hex);
    }
  }
  return sums;
};
