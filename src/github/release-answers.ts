// GitHub's answers about releases and their assets, checked where they come in: ids are positive
// safe integers (they go into request paths), names and labels bounded and without controls, the URLs we
// show or hand on (html_url, browser_download_url) are plain http(s) URLs with nothing in them that
// could end a Markdown link or a log line, upload_url is a bounded string that uploadOriginOf
// judges before any byte is sent. Everything else GitHub sends is dropped. `digest` is optional:
// GitHub before mid-2025, and older Enterprise Server, send none.
import { z } from 'zod';
import { shapeProblem } from '../http/answer-shape.ts';
import { ReleaseAnswerError } from './errors.ts';

/** GitHub caps asset names at 255 characters; a label is no longer. Room, but no payload. */
const NAME_MAX_CHARS = 1024;
const URL_MAX_CHARS = 2048;
/** `sha256:` and 64 hex digits, or another algorithm's form: short either way. */
const DIGEST_MAX_CHARS = 160;
const STATE_MAX_CHARS = 32;
const MAX_ASSETS = 1000;

const rule = (problem: string) => ({ error: problem, abort: true });

const id = z
  .number(rule('is not a number'))
  .int(rule('is not a safe whole number'))
  .positive(rule('is not positive'));

const bounded = (max: number) => z.string().max(max, rule(`is longer than ${max} characters`));

// A name goes into SHA256SUMS lines and log lines: no line breaks or other controls, no
// bidirectional overrides.
// eslint-disable-next-line no-control-regex
const NO_CONTROLS = /^[^\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/u;
const name = bounded(NAME_MAX_CHARS).regex(
  NO_CONTROLS,
  rule('is not plain text (it holds control characters)'),
);

// No whitespace or controls (a new log line), no quotes, brackets, parentheses or backslashes (the
// end of a Markdown link or of an attribute), no backtick (code).
// eslint-disable-next-line no-control-regex
const PLAIN_URL = /^https?:\/\/[^\s\u0000-\u001f\u007f-\u009f"'<>()[\]{}\\`|^]+$/u;
const shownUrl = bounded(URL_MAX_CHARS).regex(
  PLAIN_URL,
  rule('is not a plain http(s) URL (no spaces, quotes, brackets or controls)'),
);

export const ReleaseAsset = z.object({
  id,
  name: name.min(1, rule('is empty')),
  // GitHub answers null for an asset uploaded without one.
  label: name.nullish().transform((label) => label ?? ''),
  state: bounded(STATE_MAX_CHARS),
  size: z
    .number(rule('is not a number'))
    .int(rule('is not a safe whole number'))
    .nonnegative(rule('is negative')),
  digest: bounded(DIGEST_MAX_CHARS).nullish(),
  browser_download_url: shownUrl,
});
export type ReleaseAsset = z.infer<typeof ReleaseAsset>;

export const Release = z.object({
  id,
  tag_name: name,
  draft: z.boolean(rule('is not true or false')),
  html_url: shownUrl,
  upload_url: bounded(URL_MAX_CHARS),
  // Read entry by entry (releaseAssetsOf): one bad entry costs itself.
  assets: z
    .array(z.unknown())
    .max(MAX_ASSETS, rule(`holds more than the ${MAX_ASSETS} assets a release can hold`))
    .optional(),
});
export type Release = z.infer<typeof Release>;

/** A release GitHub answered `what` with; ReleaseAnswerError naming the field when it is not one. */
export function parseReleaseAnswer(data: unknown, what: string): Release {
  const parsed = Release.safeParse(data);
  if (parsed.success) return parsed.data;
  const { fieldPath, problem } = shapeProblem(parsed.error);
  throw new ReleaseAnswerError(what, `${fieldPath} ${problem}`);
}

/** An asset GitHub answered `what` with (an upload's answer). */
export function parseAssetAnswer(data: unknown, what: string): ReleaseAsset {
  const parsed = ReleaseAsset.safeParse(data);
  if (parsed.success) return parsed.data;
  const { fieldPath, problem } = shapeProblem(parsed.error);
  throw new ReleaseAnswerError(what, `${fieldPath} ${problem}`);
}

export interface ParsedEntries<T> {
  items: T[];
  /** How many entries were not what they claim to be, and why the first was not. */
  refused: { count: number; first: string | undefined };
}

/**
 * A list's entries (a listing page's, bounded by paged-listing.ts, or a release's embedded assets,
 * bounded by its schema): those that are valid, and a count of those that are not. One bad entry
 * costs itself (an asset we cannot name by id cannot be ours to keep or replace), not the list.
 */
export function parseEntries<T>(
  schema: z.ZodType<T>,
  entries: readonly unknown[],
): ParsedEntries<T> {
  const items: T[] = [];
  const refused = { count: 0, first: undefined as string | undefined };
  entries.forEach((entry: unknown, index) => {
    const parsed = schema.safeParse(entry);
    if (parsed.success) {
      items.push(parsed.data);
      return;
    }
    refused.count++;
    if (refused.first === undefined) {
      const { fieldPath, problem } = shapeProblem(parsed.error, [index]);
      refused.first = `${fieldPath} ${problem}`;
    }
  });
  return { items, refused };
}

/** The valid assets a release's answer embeds. */
export const releaseAssetsOf = (release: Release): ReleaseAsset[] =>
  parseEntries(ReleaseAsset, release.assets ?? []).items;
