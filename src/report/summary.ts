// The job summary: a table per build and a timeline of queued/building phases, kept under the
// runner's 1 MiB limit for any matrix.
import * as core from '@actions/core';
import { formatElapsed } from '../builds/progress.ts';
import { labelOf, type TrackedBuild } from '../builds/types.ts';
import { runStatus } from './outputs.ts';
import { durationSeconds, phasesOf } from './timing.ts';

export const SUMMARY_LIMIT_BYTES = 1024 * 1024;
/** A margin under the limit, for the notes and the lines the runner itself adds. */
const BUDGET_BYTES = SUMMARY_LIMIT_BYTES - 64 * 1024;
/** GitHub stops rendering big diagrams long before the byte limit. */
export const MAX_GANTT_BUILDS = 60;
/** A note can list every build (a timeout, a failure count): long ones are cut. */
const MAX_NOTE_CHARS = 4_000;

export interface SummaryContext {
  waited: boolean;
  releaseUrl?: string | undefined;
  /** Extra lines under the table: timeout, cancellation, publishing problems. */
  notes?: readonly string[];
  now: number;
}

const STATUS_ICON: Record<string, string> = {
  success: '✅',
  failed: '❌',
  queued: '⏳',
  building: '🔨',
};

/** Table cells carry service text: no pipes, no newlines, no HTML. */
export const cell = (text: string): string =>
  text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|');

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

function tableRow(build: TrackedBuild): string {
  const seconds = durationSeconds(build);
  const size = build.download?.size ?? build.artifactSize;
  const status = `${STATUS_ICON[build.status] ?? ''} ${build.status}${build.error ? ` (${cell(build.error)})` : ''}`;
  const links = [
    ...(build.buildLog ? [`[log](${encodeURI(build.buildLog)})`] : []),
    ...(build.artifact ? [`[artifact](${encodeURI(build.artifact.url)})`] : []),
  ].join(' · ');
  return `| ${[
    build.platform,
    build.arch,
    build.version ?? '',
    status,
    seconds === undefined ? '' : formatElapsed(seconds * 1000),
    formatSize(size),
    build.download ? `\`${build.download.sha256.slice(0, 12)}\`` : '',
    build.id ? `\`${build.id}\`` : '',
    links,
  ].join(' | ')} |`;
}

const TABLE_HEAD = [
  '| platform | arch | version | status | duration | size | sha256 | build | links |',
  '|---|---|---|---|---|---|---|---|---|',
];

/** Mermaid gantt, epoch-ms dates; a failed build's bar is `crit`, a running one `active`. */
export function renderGantt(builds: readonly TrackedBuild[], now: number): string[] {
  const shown = builds.filter((build) => build.id !== null).slice(0, MAX_GANTT_BUILDS);
  if (shown.length === 0) return [];
  const lines = ['```mermaid', 'gantt', '  dateFormat x', '  axisFormat %H:%M:%S'];
  for (const build of shown) {
    const { queued, building, ended } = phasesOf(build);
    const end = ended ?? now;
    const tag = build.status === 'failed' ? 'crit, ' : ended === undefined ? 'active, ' : '';
    lines.push(`  section ${labelOf(build)}`);
    lines.push(`  queued : ${queued}, ${Math.max(queued, building ?? end)}`);
    if (building !== undefined)
      lines.push(
        `  ${build.status === 'building' ? 'building' : build.status} : ${tag}${building}, ${Math.max(building, end)}`,
      );
  }
  lines.push('```');
  if (builds.length > shown.length) {
    lines.push(`_Timeline shows the first ${shown.length} of ${builds.length} builds._`);
  }
  return lines;
}

function headline(builds: readonly TrackedBuild[], context: SummaryContext): string {
  const done = builds.filter((b) => b.status === 'success' || b.status === 'failed').length;
  const failed = builds.filter((b) => b.status === 'failed' || b.error !== undefined).length;
  const status = runStatus(builds, context.waited);
  return `**${status}** · ${done}/${builds.length} builds finished${failed > 0 ? ` · ${failed} failed` : ''}`;
}

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Pure: the summary's Markdown. Rows beyond the budget are left out, and the text says so. */
export function renderSummary(builds: readonly TrackedBuild[], context: SummaryContext): string {
  const head = ['## Desktop builds', '', headline(builds, context), ''];
  if (context.releaseUrl) head.push(`Release: ${context.releaseUrl}`, '');
  const tail = [
    '',
    ...(context.notes ?? []).map((note) => {
      const text = cell(note);
      return `> ${text.length > MAX_NOTE_CHARS ? `${text.slice(0, MAX_NOTE_CHARS)}…` : text}`;
    }),
    ...(context.notes?.length ? [''] : []),
    ...renderGantt(builds, context.now),
    '',
  ];
  const fixed = bytes([...head, ...TABLE_HEAD, ...tail].join('\n')) + 200;
  const rows: string[] = [];
  let used = fixed;
  for (const build of builds) {
    const row = tableRow(build);
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

export async function writeSummary(
  builds: readonly TrackedBuild[],
  context: SummaryContext,
): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return;
  await core.summary.addRaw(renderSummary(builds, context)).write();
}
