// The builds as a table (pure), the same in the job summary and the pull-request comment: narrow
// enough for GitHub's page at six builds and more (one `platform/arch` column, the version only
// when the builds differ in it), each installer linked by its file name; the ids and sha256s,
// which a reader needs rarely, folded into a list below it. Every string the service sent
// goes in as code (escaped text when it holds a `|`), so none of it can become a link, HTML, an
// @mention or a new cell.
import { outcomeOf, type Outcome } from '../builds/outcome.ts';
import { labelOf, type BuildResult } from '../builds/result.ts';
import { isKnownStatus } from '../service/schemas.ts';
import type { ArtifactResult } from '../publish/types.ts';
import { formatElapsed } from '../text/durations.ts';
import { markdownCell, markdownUrl } from '../text/escape.ts';
import { durationSeconds } from './timing.ts';

export const OUTCOME_ICON: Record<Outcome, string> = {
  succeeded: '✅',
  failed: '❌',
  unfinished: '⏳',
};

/** Longest file name or id shown; sanitized file names are at most 200 bytes. */
const MAX_NAME_CHARS = 120;

export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The version every build shares, or undefined when they differ (or none is known). */
export function sharedVersion(builds: readonly BuildResult[]): string | undefined {
  const versions = new Set(builds.map((build) => build.version));
  const [only] = versions;
  return versions.size === 1 && only !== null ? only : undefined;
}

/** Our own word for the status: a status the service made up is never shown here. */
function statusWord(build: BuildResult): string {
  if (build.problem?.stage === 'download') return 'download failed';
  if (build.id === null) return 'not triggered';
  return isKnownStatus(build.status) ? build.status : 'unknown status';
}

function statusCell(build: BuildResult): string {
  const reused = build.origin === 'reused' ? ' · ♻️ reused' : '';
  return `${OUTCOME_ICON[outcomeOf(build)]} ${statusWord(build)}${reused}`;
}

function durationCell(build: BuildResult): string {
  if (build.phases.timesUnknown) return 'unknown';
  const seconds = durationSeconds(build.phases);
  return seconds === undefined ? '' : formatElapsed(seconds * 1000);
}

function installerCell(build: BuildResult, artifact: ArtifactResult | undefined): string {
  const name = build.download?.fileName ?? artifact?.name;
  if (name === undefined) return '';
  const text = markdownCell(name, MAX_NAME_CHARS);
  return artifact ? `[${text}](${markdownUrl(artifact.url)})` : text;
}

export interface BuildTable {
  head: string[];
  /** One row per build, in the builds' order. */
  rows: string[];
}

/** `build | status | duration | size | installer`, with a version column when versions differ. */
export function buildTable(
  builds: readonly BuildResult[],
  artifacts: ReadonlyMap<string, ArtifactResult>,
): BuildTable {
  const versions = builds.length > 0 && sharedVersion(builds) === undefined;
  const head = [
    `| build |${versions ? ' version |' : ''} status | duration | size | installer |`,
    `| --- |${versions ? ' --- |' : ''} --- | ---: | ---: | --- |`,
  ];
  const rows = builds.map((build) => {
    const cells = [
      labelOf(build),
      ...(versions ? [markdownCell(build.version ?? '', 40)] : []),
      statusCell(build),
      durationCell(build),
      formatSize(build.download?.size ?? build.artifactSize),
      installerCell(build, build.id ? artifacts.get(build.id) : undefined),
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return { head, rows };
}

const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * The folded part: each build's id and its installer's sha256, for a reader who looks one up. A
 * list, not a table: a 64-character hash beside an id is wider than GitHub's page in a table
 * (which then scrolls), and a list item wraps.
 */
export function idList(builds: readonly BuildResult[]): string[] {
  return builds.map((build) => {
    const sha256 = build.download?.sha256 ?? '';
    return [
      `- **${labelOf(build)}**`,
      build.id === null ? 'not triggered' : `build ${markdownCell(build.id, MAX_NAME_CHARS)}`,
      ...(HEX_64.test(sha256) ? [`sha256 \`${sha256}\``] : []),
    ].join(' · ');
  });
}

/** The folded block around the id list. */
export const folded = (summary: string, lines: readonly string[]): string[] => [
  `<details><summary>${summary}</summary>`,
  '',
  ...lines,
  '',
  '</details>',
];
