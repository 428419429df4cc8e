// The pull-request comment, as text: pure. It says what was built (the version, each installer
// linked by its file name, why a failed build failed) in the table the job summary uses. What the
// service wrote (version, file names, ids, log lines) goes in only as code or escaped text, so a
// build cannot inject Markdown, HTML, links or @mentions into the pull request; platform and arch
// are the schema's enums, a status is one of the known words, sizes are numbers and the sha256 is
// checked hex. Nothing in it needs the API key.
import { outcomeOf, type Outcome } from '../builds/outcome.ts';
import type { BuildResult } from '../builds/result.ts';
import type { ArtifactResult } from '../publish/types.ts';
import { formatUtcMinute } from '../text/durations.ts';
import { markdownCode, markdownUrl } from '../text/escape.ts';
import { plural } from '../text/plural.ts';
import { buildTable, folded, idList, sharedVersion } from './build-table.ts';
import { failureCauses } from './causes.ts';

export interface CommentView {
  projectId: string;
  builds: readonly BuildResult[];
  /** By build id: the installers' workflow artifacts uploaded so far. */
  artifacts: ReadonlyMap<string, ArtifactResult>;
  /** The head commit the builds were made for (a 40-hex sha), when the event gave one. */
  commit: string | undefined;
  repositoryUrl: string;
  runUrl: string;
  /** The run is over: no more updates will come. */
  final: boolean;
  /** Epoch ms of this update. */
  updatedAt: number;
}

/** A comment holds at most 65,536 characters: the causes of this many failed builds fit well. */
const MAX_EXPLAINED_BUILDS = 10;

/** Finds the comment again, one per pull request and project. */
export const commentMarker = (projectId: string): string =>
  `<!-- desktop-build-action:pr-preview project=${projectId.replace(/[^A-Za-z0-9_]/g, '')} -->`;

const HEX = /^[0-9a-f]+$/;

function headline(builds: readonly BuildResult[], final: boolean): string {
  const outcomes = builds.map(outcomeOf);
  const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
  const [succeeded, failed, unfinished] = [
    count('succeeded'),
    count('failed'),
    count('unfinished'),
  ];
  if (!final) {
    return `⏳ Building ${plural(builds.length, 'desktop installer')}: ${succeeded} done, ${failed} failed`;
  }
  const of = `of ${plural(builds.length, 'desktop build')}`;
  if (unfinished > 0) {
    return `⏳ ${unfinished} ${of} still running; this run stopped following them`;
  }
  if (failed === 0) return `✅ ${plural(succeeded, 'desktop installer')} ready to try`;
  return `❌ ${failed} ${of} failed, ${succeeded} succeeded`;
}

function runLine(view: CommentView): string {
  const version = sharedVersion(view.builds);
  const commit =
    view.commit !== undefined && HEX.test(view.commit) && view.commit.length === 40
      ? `[\`${view.commit.slice(0, 7)}\`](${markdownUrl(`${view.repositoryUrl}/commit/${view.commit}`)})`
      : 'the pull request';
  const lead =
    version === undefined
      ? `Built from ${commit}`
      : `Version ${markdownCode(version, 80)} · built from ${commit}`;
  return `${lead} · [workflow run](${markdownUrl(view.runUrl)}) · updated ${formatUtcMinute(view.updatedAt)}`;
}

export function renderComment(view: CommentView): string {
  const causes = failureCauses(view.builds, MAX_EXPLAINED_BUILDS);
  const table = buildTable(view.builds, view.artifacts);
  const ids = idList(view.builds);
  return [
    commentMarker(view.projectId),
    `### ${headline(view.builds, view.final)}`,
    '',
    runLine(view),
    '',
    ...(causes.length > 0 ? [...causes, ''] : []),
    ...table.head,
    ...table.rows,
    '',
    ...folded('Build ids and sha256', ids),
    '',
    view.final
      ? '<sub>Installers are workflow artifacts of the run: signed-in users with read access can download them.</sub>'
      : '<sub>This comment updates itself while the builds run; each installer is linked as soon as its workflow artifact is uploaded.</sub>',
  ].join('\n');
}
