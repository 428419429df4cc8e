// The pull-request comment, as text: pure. Everything in it comes from the action's own model or
// the runner; nothing the service wrote (ids, versions, messages, logs, file names, a status this
// action does not know) goes in, so a build cannot inject markdown, HTML or @mentions into the
// pull request: platform and arch are the schema's enums, the status is one of the known words,
// sizes are numbers and the sha256 is checked hex. Nothing in it needs the API key.
import { isKnownStatus } from '../service/schemas.ts';
import { outcomeOf, type Outcome } from '../builds/outcome.ts';
import { formatElapsed } from '../text/durations.ts';
import type { BuildResult } from '../builds/result.ts';
import type { ArtifactResult } from '../publish/types.ts';
import { formatSize } from '../report/summary.ts';
import { durationSeconds } from '../report/timing.ts';

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

const ICON: Record<Outcome, string> = { succeeded: '✅', failed: '❌', unfinished: '⏳' };

/** Finds the comment again, one per pull request and project. */
export const commentMarker = (projectId: string): string =>
  `<!-- desktop-build-action:pr-preview project=${projectId.replace(/[^A-Za-z0-9_]/g, '')} -->`;

const HEX = /^[0-9a-f]+$/;

function statusWord(build: BuildResult): string {
  if (build.problem?.stage === 'download') return 'download failed';
  if (build.id === null) return 'not triggered';
  return isKnownStatus(build.status) ? build.status : 'unknown status';
}

function row(build: BuildResult, artifact: ArtifactResult | undefined): string {
  const seconds = durationSeconds(build.phases);
  const sha = build.download && HEX.test(build.download.sha256) ? build.download.sha256 : '';
  const link = artifact ? `[download](${artifact.url})` : '';
  return `| ${[
    build.platform,
    build.arch,
    `${ICON[outcomeOf(build)]} ${statusWord(build)}`,
    seconds === undefined ? '' : formatElapsed(seconds * 1000),
    formatSize(build.download?.size ?? build.artifactSize),
    sha === '' ? '' : `\`${sha.slice(0, 12)}\``,
    link,
  ].join(' | ')} |`;
}

function headline(builds: readonly BuildResult[], final: boolean): string {
  const outcomes = builds.map(outcomeOf);
  const count = (outcome: Outcome) => outcomes.filter((each) => each === outcome).length;
  const [succeeded, failed, unfinished] = [
    count('succeeded'),
    count('failed'),
    count('unfinished'),
  ];
  if (!final) {
    return `⏳ Building ${builds.length} desktop installer(s): ${succeeded} done, ${failed} failed`;
  }
  if (unfinished > 0) {
    return `⏳ ${unfinished} of ${builds.length} desktop build(s) still running; this run stopped following them`;
  }
  if (failed === 0) return `✅ ${succeeded} desktop installer(s) ready to try`;
  return `❌ ${failed} of ${builds.length} desktop build(s) failed, ${succeeded} succeeded`;
}

export function renderComment(view: CommentView): string {
  const commit =
    view.commit !== undefined && HEX.test(view.commit) && view.commit.length === 40
      ? `[\`${view.commit.slice(0, 7)}\`](${view.repositoryUrl}/commit/${view.commit})`
      : 'the pull request';
  const updated = new Date(view.updatedAt).toISOString().replace(/\.\d+Z$/, 'Z');
  return [
    commentMarker(view.projectId),
    `### ${headline(view.builds, view.final)}`,
    '',
    `Built from ${commit} · [workflow run](${view.runUrl}) · updated ${updated}`,
    '',
    '| platform | arch | status | duration | size | sha256 | installer |',
    '| --- | --- | --- | ---: | ---: | --- | --- |',
    ...view.builds.map((build) => row(build, build.id ? view.artifacts.get(build.id) : undefined)),
    '',
    view.final
      ? '<sub>Installers are workflow artifacts of the run: signed-in users with read access can download them.</sub>'
      : '<sub>This comment updates itself while the builds run; each installer is linked as soon as its workflow artifact is uploaded.</sub>',
  ].join('\n');
}
