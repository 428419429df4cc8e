// The job summary: a table per build and a timeline, kept under the runner's 1 MiB limit for any
// matrix. Nothing in it needs the API key to open. Every string the service sent (ids, version,
// status, problem messages, notes naming builds) goes in through markdownText, so none of it can
// become a link, an image, HTML or a new table cell.
import * as core from '@actions/core';
import { outcomeOf, type Outcome } from '../builds/outcome.ts';
import { formatElapsed } from '../text/durations.ts';
import type { BuildResult } from '../builds/result.ts';
import { markdownText } from '../text/escape.ts';
import type { ArtifactResult } from '../publish/types.ts';
import type { RunFacts } from './facts.ts';
import { renderTimeline } from './timeline.ts';
import { durationSeconds } from './timing.ts';
import type { Verdict } from './verdict.ts';

export const SUMMARY_LIMIT_BYTES = 1024 * 1024;
/** A margin under the limit, for the notes and the lines the runner itself adds. */
const BUDGET_BYTES = SUMMARY_LIMIT_BYTES - 64 * 1024;
/** A note can list every build (a timeout, a failure count): long ones are cut. */
const MAX_NOTE_CHARS = 4_000;

const OUTCOME_ICON: Record<Outcome, string> = {
  succeeded: '✅',
  failed: '❌',
  unfinished: '⏳',
};

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

function statusCell(build: BuildResult): string {
  const reused = build.origin === 'reused' ? ' · ♻️ reused from an earlier run' : '';
  const problem = build.problem ? ` (${markdownText(build.problem.message)})` : '';
  return `${OUTCOME_ICON[outcomeOf(build)]} ${markdownText(build.status, 40)}${reused}${problem}`;
}

function tableRow(build: BuildResult, artifact: ArtifactResult | undefined): string {
  const seconds = durationSeconds(build.phases);
  return `| ${[
    build.platform,
    build.arch,
    markdownText(build.version ?? '', 80),
    statusCell(build),
    build.phases.timesUnknown
      ? 'unknown'
      : seconds === undefined
        ? ''
        : formatElapsed(seconds * 1000),
    formatSize(build.download?.size ?? build.artifactSize),
    build.download ? `\`${build.download.sha256.slice(0, 12)}\`` : '',
    markdownText(build.id ?? '', 120),
    artifact ? `[${markdownText(artifact.name)}](${encodeURI(artifact.url)})` : '',
  ].join(' | ')} |`;
}

const TABLE_HEAD = [
  '| platform | arch | version | status | duration | size | sha256 | build | artifact |',
  '|---|---|---|---|---|---|---|---|---|',
];

function headline(facts: RunFacts, verdict: Verdict): string {
  const outcomes = facts.builds.map(outcomeOf);
  const done = outcomes.filter((outcome) => outcome !== 'unfinished').length;
  const failed = outcomes.filter((outcome) => outcome === 'failed').length;
  return `**${verdict.status}** · ${done}/${facts.builds.length} builds finished${failed > 0 ? ` · ${failed} failed` : ''}`;
}

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Pure: the summary's Markdown. Rows beyond the budget are left out, and the text says so. */
export function renderSummary(facts: RunFacts, verdict: Verdict, now: number): string {
  const { builds, published } = facts;
  const head = ['## Desktop builds', '', headline(facts, verdict), ''];
  if (published.release) head.push(`Release: ${published.release.url}`, '');
  const notes = [...verdict.failures, ...verdict.warnings];
  const tail = [
    '',
    ...notes.map((note) => `> ${markdownText(note, MAX_NOTE_CHARS)}`),
    ...(notes.length > 0 ? [''] : []),
    ...renderTimeline(builds, published, now),
    '',
  ];
  const fixed = bytes([...head, ...TABLE_HEAD, ...tail].join('\n')) + 200;
  const rows: string[] = [];
  let used = fixed;
  for (const build of builds) {
    const row = tableRow(build, build.id ? published.artifacts.get(build.id) : undefined);
    if (used + bytes(row) + 1 > BUDGET_BYTES) break;
    rows.push(row);
    used += bytes(row) + 1;
  }
  const cut =
    rows.length < builds.length
      ? [
          `| _${builds.length - rows.length} more builds not shown: see the \`builds\` output_ |||||||||`,
        ]
      : [];
  return [...head, ...TABLE_HEAD, ...rows, ...cut, ...tail].join('\n');
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
