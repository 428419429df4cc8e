// The job summary, as a release engineer reads it: the release's state first (published, a draft
// and why, or none), the run in one line, why each failed build failed in its log's own words,
// then a table that fits GitHub's page with each installer linked by its file name (ids and
// sha256s folded below it), the notes and the timeline. Kept under the runner's 1 MiB limit for
// any matrix. Nothing in it needs the API key to open. Every string the service sent (ids,
// version, status, log lines, file names, notes naming builds) goes in as code or through
// markdownText, so none of it can become a link, an image, HTML or a new table cell.
import * as core from '@actions/core';
import { outcomeOf } from '../builds/outcome.ts';
import { markdownCode, markdownText } from '../text/escape.ts';
import { plural } from '../text/plural.ts';
import { buildTable, folded, idList, sharedVersion } from './build-table.ts';
import { failureCauses } from './causes.ts';
import type { RunFacts } from './facts.ts';
import { releaseState } from './release-state.ts';
import { renderTimeline } from './timeline.ts';
import type { Verdict } from './verdict.ts';

export const SUMMARY_LIMIT_BYTES = 1024 * 1024;
/** A margin under the limit, for the notes and the lines the runner itself adds. */
const BUDGET_BYTES = SUMMARY_LIMIT_BYTES - 64 * 1024;
/** A note can list every build (a timeout, a failure count): long ones are cut. */
const MAX_NOTE_CHARS = 4_000;

const failedCount = (builds: RunFacts['builds']): number =>
  builds.filter((build) => outcomeOf(build) === 'failed').length;

function runLine(facts: RunFacts, verdict: Verdict): string {
  const outcomes = facts.builds.map(outcomeOf);
  const done = outcomes.filter((outcome) => outcome !== 'unfinished').length;
  const failed = failedCount(facts.builds);
  const version = sharedVersion(facts.builds);
  return [
    `**${verdict.status}**`,
    ...(version === undefined ? [] : [`version ${markdownCode(version, 80)}`]),
    `${done}/${plural(facts.builds.length, 'build')} finished`,
    ...(failed > 0 ? [`${failed} failed`] : []),
  ].join(' · ');
}

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Pure: the summary's Markdown. Rows beyond the budget are left out, and the text says so. */
export function renderSummary(facts: RunFacts, verdict: Verdict, now: number): string {
  const { builds, published } = facts;
  const causes = failureCauses(builds);
  const head = [
    '## Desktop builds',
    '',
    ...releaseState(facts, verdict),
    '',
    runLine(facts, verdict),
    '',
    ...(causes.length > 0
      ? [`### Why the ${failedCount(builds) > 1 ? 'builds' : 'build'} failed`, '', ...causes, '']
      : []),
  ];
  const notes = [...verdict.failures, ...verdict.warnings];
  const tail = [
    '',
    ...notes.map((note) => `> ${markdownText(note, MAX_NOTE_CHARS)}`),
    ...(notes.length > 0 ? [''] : []),
    ...renderTimeline(builds, published, now),
    '',
  ];
  const table = buildTable(builds, published.artifacts);
  const ids = idList(builds);
  const frame = [...head, ...table.head, '', ...folded('Build ids and sha256', []), ...tail];
  let used = bytes(frame.join('\n')) + 200;
  let shown = 0;
  for (const [n, row] of table.rows.entries()) {
    const cost = bytes(row) + bytes(ids[n]!) + 2;
    if (used + cost > BUDGET_BYTES) break;
    used += cost;
    shown += 1;
  }
  const cut =
    shown < builds.length
      ? [`_${builds.length - shown} more builds not shown: see the \`builds\` output._`, '']
      : [];
  return [
    ...head,
    ...table.head,
    ...table.rows.slice(0, shown),
    '',
    ...cut,
    ...folded('Build ids and sha256', ids.slice(0, shown)),
    ...tail,
  ].join('\n');
}

/** To GITHUB_STEP_SUMMARY, through @actions/core; nothing where the runner names no summary file. */
export async function writeSummary(
  summaryFile: string | undefined,
  facts: RunFacts,
  verdict: Verdict,
): Promise<void> {
  if (summaryFile === undefined) return;
  await core.summary.addRaw(renderSummary(facts, verdict, Date.now())).write();
}
