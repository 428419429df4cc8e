// The release read back before it is published: one listing of its assets (paged, bounded) and its
// SHA256SUMS, compared with what this job attached. Where GitHub gives each asset's sha256
// (`digest`), that is the check and no installer's bytes are read; where it gives none (older
// Enterprise Server), an asset is known by the id its upload got (a replacement gets a new one),
// its size and state, and SHA256SUMS read back lists its sha256.
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { stepLog } from '../runner/log.ts';
import { withRetries } from '../http/retry.ts';
import { CHECKSUMS_FILE_NAME, parseChecksums, type Checksums } from './checksums.ts';
import type { Discrepancy } from './errors.ts';
import type { Release, ReleaseAsset } from '../github/release-answers.ts';
import { listAssets, readAsset } from '../github/release-asset-reads.ts';
import type { ReleaseContext } from './release-find.ts';
import { formatSeconds } from '../text/durations.ts';
import { commandText } from '../text/escape.ts';
import { plural } from '../text/plural.ts';

/** One installer this job put on the release (uploaded, or found there with its bytes and kept). */
export interface Attached {
  /** The asset's name on the release (GitHub's, after its renaming). */
  name: string;
  size: number;
  sha256: string;
  /** The id the upload's answer (or the kept asset) had. */
  assetId: number;
}

export interface ReleaseCheck {
  discrepancies: Discrepancy[];
  /** Assets checked by GitHub's sha256 digest, and by the id their upload got (no digest). */
  byDigest: number;
  byAssetId: number;
  /** SHA256SUMS lines checked against the assets they name. */
  lines: number;
}

/** SHA256SUMS as read back: its lines, or what GitHub holds instead of a file that lists them. */
export type HeldChecksums = { lines: Checksums } | { unusable: string };

/** More than a release's 1000 assets' lines can take; SHA256SUMS is read back, never more. */
export const MAX_CHECKSUMS_BYTES = 1024 * 1024;

const sha256Of = (asset: ReleaseAsset): string | undefined =>
  /^sha256:([0-9a-f]{64})$/.exec(asset.digest ?? '')?.[1];

const describeAsset = (asset: ReleaseAsset): string => {
  const digest = sha256Of(asset);
  return (
    `asset ${asset.id}, ${asset.size} bytes, state ${commandText(asset.state, 32)}` +
    (digest
      ? `, sha256 ${digest}`
      : asset.digest
        ? `, digest ${commandText(asset.digest, 160)}`
        : '')
  );
};

/** How one attached installer was checked, and what GitHub holds instead when it is not the same. */
const checkAttached = (
  asset: ReleaseAsset | undefined,
  attached: Attached,
  digests: boolean,
): { discrepancy?: Discrepancy; by: 'digest' | 'asset-id' } => {
  const digest = asset && sha256Of(asset);
  // An asset gone is checked as the release's others are: by digest where GitHub gives them.
  const by: 'digest' | 'asset-id' = (asset ? digest : digests) ? 'digest' : 'asset-id';
  const expected =
    `${attached.size} bytes, ` +
    (by === 'digest'
      ? `sha256 ${attached.sha256}`
      : `asset ${attached.assetId} as its upload answered (GitHub gives no digest)`);
  const discrepancy = (held: string) => ({
    discrepancy: { asset: commandText(attached.name), expected, held },
    by,
  });
  if (asset === undefined) return discrepancy('no asset of that name');
  const same =
    asset.state === 'uploaded' &&
    asset.size === attached.size &&
    (digest ? digest === attached.sha256 : asset.id === attached.assetId);
  return same ? { by } : discrepancy(describeAsset(asset));
};

/**
 * Pure: the release's listing and its SHA256SUMS as read back against
 * what this job attached. `whole`: every SHA256SUMS line is checked too (the job that publishes),
 * by the digest of the asset it names where GitHub gives one, else by that asset being there.
 */
export function compareRelease(
  listing: readonly ReleaseAsset[],
  held: HeldChecksums,
  attached: readonly Attached[],
  whole: boolean,
): ReleaseCheck {
  const byName = new Map(listing.map((asset) => [asset.name, asset]));
  const digests = listing.some((asset) => sha256Of(asset) !== undefined);
  const discrepancies: Discrepancy[] = [];
  let byDigest = 0;
  let byAssetId = 0;
  for (const installer of attached) {
    const { discrepancy, by } = checkAttached(byName.get(installer.name), installer, digests);
    if (by === 'digest') byDigest++;
    else byAssetId++;
    if (discrepancy) discrepancies.push(discrepancy);
  }
  if ('unusable' in held) {
    discrepancies.push({
      asset: CHECKSUMS_FILE_NAME,
      expected: `a file with a line for each of ${plural(attached.length, 'installer')}`,
      held: held.unusable,
    });
    return { discrepancies, byDigest, byAssetId, lines: 0 };
  }
  const sums = held.lines;
  for (const installer of attached) {
    const line = sums.get(installer.name);
    if (line !== installer.sha256) {
      discrepancies.push({
        asset: commandText(installer.name),
        expected: `the line "${installer.sha256}  ${commandText(installer.name)}" in ${CHECKSUMS_FILE_NAME}`,
        held: line === undefined ? `no line for it` : `the line "${line}"`,
      });
    }
  }
  let lines = attached.length;
  if (whole) {
    const ours = new Set(attached.map((installer) => installer.name));
    for (const [name, hex] of sums) {
      if (ours.has(name)) continue;
      lines++;
      const asset = byName.get(name);
      const digest = asset && sha256Of(asset);
      if (asset !== undefined && asset.state === 'uploaded' && (!digest || digest === hex))
        continue;
      discrepancies.push({
        asset: commandText(name),
        expected: `an asset with sha256 ${hex}, as ${CHECKSUMS_FILE_NAME} lists`,
        held: asset === undefined ? 'no asset of that name' : describeAsset(asset),
      });
    }
  }
  return { discrepancies, byDigest, byAssetId, lines };
}

/** How the check ran, for the log. */
export const describeCheck = (check: ReleaseCheck, whole: boolean): string => {
  const ways = [
    check.byDigest > 0 ? `${check.byDigest} by GitHub's sha256 digest and size` : '',
    check.byAssetId > 0
      ? `${check.byAssetId} by size, state and the asset id its upload got (GitHub gives no digest)`
      : '',
  ].filter(Boolean);
  return (
    `${plural(check.byDigest + check.byAssetId, 'installer')} of this job: ` +
    `${ways.join(', ') || 'none'}; ` +
    `${CHECKSUMS_FILE_NAME} read back, ${plural(check.lines, 'line')} checked` +
    (whole ? ' (every line, the release being published)' : '')
  );
};

/**
 * Reads that come back to a check that did not pass: another job of the matrix may be rewriting
 * SHA256SUMS (between its delete and its upload the release has none) or adding its line. What
 * truly differs differs at every read; that costs these rounds in the failure case only.
 */
const MAX_READS = 4;

/**
 * Reads the release back and compares (compareRelease), again a few times while it does not pass;
 * logs which check ran, its outcome and how long it took.
 */
export async function verifyRelease(
  context: ReleaseContext,
  release: Pick<Release, 'id'>,
  attached: readonly Attached[],
  whole: boolean,
): Promise<ReleaseCheck> {
  const start = context.retry.now();
  const rounds = {
    ...context.retry,
    policy: { maxAttempts: MAX_READS, baseDelayMs: 200, maxDelayMs: 1_000, maxElapsedMs: 10_000 },
    onRetry: undefined,
  };
  let last: ReleaseCheck | undefined;
  let reads = 0;
  // A marker for the last round's outcome, caught below by identity: it never leaves this function.
  const differs = new Error('the release read back differs');
  try {
    await withRetries(rounds, {
      endpoint: 'the release check',
      signal: context.uploads.signal,
      attempt: async () => {
        reads++;
        last = await checkOnce(context, release, attached, whole);
        if (last.discrepancies.length === 0) return { ok: true, value: last };
        return {
          ok: false,
          failure: {
            retryable: true,
            outcomeUnknown: false,
            reason: 'what GitHub holds differs',
            toError: () => differs,
          },
        };
      },
    });
  } catch (error) {
    if (error !== differs) throw error;
  }
  const check = last!;
  stepLog.info(
    `Release check (read back before publishing) ${check.discrepancies.length === 0 ? 'passed' : 'FAILED'} ` +
      `in ${formatSeconds(context.retry.now() - start)}${reads > 1 ? ` (${reads} reads)` : ''}: ${describeCheck(check, whole)}.`,
  );
  return check;
}

const checkOnce = async (
  context: ReleaseContext,
  release: Pick<Release, 'id'>,
  attached: readonly Attached[],
  whole: boolean,
): Promise<ReleaseCheck> => {
  const listing = await listAssets(context.github, context.repo, release.id);
  const sumsAsset = listing.find((asset) => asset.name === CHECKSUMS_FILE_NAME);
  const held: HeldChecksums = sumsAsset
    ? await readChecksums(context, sumsAsset)
    : { unusable: 'no asset of that name' };
  return compareRelease(listing, held, attached, whole);
};

/**
 * SHA256SUMS's lines as GitHub holds them, or why they cannot be had: larger than a release's lines
 * can be, other bytes than its size or digest say, gone while read.
 */
async function readChecksums(context: ReleaseContext, asset: ReleaseAsset): Promise<HeldChecksums> {
  const unusable = (why: string) => ({ unusable: `${describeAsset(asset)}: ${why}` });
  if (asset.size > MAX_CHECKSUMS_BYTES) return unusable(`more than ${MAX_CHECKSUMS_BYTES} bytes`);
  const file = path.join(context.workDir, `verify-${asset.id}-${CHECKSUMS_FILE_NAME}`);
  const read = await readAsset(
    context.github,
    context.repo,
    asset.id,
    asset.size,
    createWriteStream(file),
  );
  if (read === undefined) return unusable('gone while it was read');
  const bytes = await readFile(file);
  if (bytes.length !== asset.size) return unusable(`its bytes read back are ${bytes.length}`);
  const digest = sha256Of(asset);
  if (digest !== undefined && read !== digest)
    return unusable(`its bytes read back hash to ${read}`);
  return { lines: parseChecksums(bytes.toString('utf8')) };
}
