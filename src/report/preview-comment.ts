// The pull-request preview comment of a run: shown when the builds are known, updated when one
// changes state or an installer's workflow artifact lands (its link shows at once), and finished
// with every link. It only reads the run's model. Its last edit has `finishWithinMs` at most: then
// every request of the comment ends, so nothing of it holds the step after the run.
import { stepLog } from '../runner/log.ts';
import {
  defaultRetryRuntime,
  describeRetry,
  type RetryPolicy,
  type RetryRuntime,
} from '../http/retry.ts';
import type { BuildResult } from '../builds/result.ts';
import type { BuildSubscriber } from '../builds/types.ts';
import type { PullRequest, RunnerContext } from '../runner/context.ts';
import { formatElapsed } from '../text/durations.ts';
import { createGitHub, parseRepository } from '../github/client.ts';
import { repositoryUrl, runUrl } from '../runner/run-url.ts';
import type { ArtifactResult, Published } from '../publish/types.ts';
import { CommentStoppedError, PrComment } from '../github/pr-comment.ts';
import { commentMarker, renderComment, type CommentView } from './render-comment.ts';

export interface CommentPlan {
  pullRequest: PullRequest;
  githubToken: string;
  repository: string;
}

export interface PreviewCommentOptions {
  /** At most one write per this many ms while the builds run (GitHub asks for no bursts). */
  minIntervalMs?: number;
  /** Octokit's spacing of writes; tests that run several in one process turn it off. */
  throttle?: boolean;
  /** Time the last write may take at the end; then the comment stops and is left as it was. */
  finishWithinMs?: number;
  /** Tests shrink the backoff. */
  retryPolicy?: Partial<RetryPolicy>;
  /**
   * The time, and the waits between writes and between tries. Default: the process's own; a test
   * passes one that moves only as it says.
   */
  clock?: Pick<RetryRuntime, 'now' | 'sleep'>;
  /** The step's stop: ends every request of the comment, and no write starts after it. */
  signal?: AbortSignal;
}

export interface PreviewComment extends BuildSubscriber {
  /** The builds as they stand now: cheap to call on every change, writes only on a new state. */
  buildsChanged(builds: readonly BuildResult[], projectId: string): void;
  /**
   * The workflow artifacts uploaded so far (by build id), shown beside the builds last heard of.
   * They add to those of earlier calls: a link, once shown, stays.
   */
  artifactsLanded(artifacts: ReadonlyMap<string, ArtifactResult>): void;
  /** The final text, with the artifact links; resolves to the comment's URL when there is one. */
  finish(
    projectId: string,
    builds: readonly BuildResult[],
    published: Published,
  ): Promise<string | undefined>;
  /** Ends whatever of the comment is still under way (a run that ends without `finish`). */
  end(): void;
  /** Resolves once every change told so far is written, failed or stopped. */
  settled(): Promise<void>;
}

const MIN_INTERVAL_MS = 3_000;
const FINISH_WITHIN_MS = 30_000;

export function startPreviewComment(
  plan: CommentPlan,
  context: Pick<RunnerContext, 'serverUrl' | 'runId' | 'apiUrl'>,
  options: PreviewCommentOptions = {},
): PreviewComment {
  const { owner, repo } = parseRepository(plan.repository);
  const pages = {
    repository: repositoryUrl(context, plan.repository),
    run: runUrl(context, plan.repository),
  };
  const retry = {
    ...defaultRetryRuntime(
      { maxAttempts: 5, maxElapsedMs: 30_000, ...options.retryPolicy },
      { onRetry: (event) => stepLog.info(describeRetry(event, 'GitHub')) },
    ),
    ...options.clock,
  };
  const github = createGitHub(plan.githubToken, {
    baseUrl: context.apiUrl,
    retry,
    throttle: options.throttle ?? true,
    signal: options.signal,
  });
  // The comment's own end (its last edit's time is up), besides the step's stop.
  const ended = new AbortController();
  const stop = options.signal ? AbortSignal.any([options.signal, ended.signal]) : ended.signal;
  let comment: PrComment | undefined;
  let shownState: string | undefined;
  let heard: { projectId: string; builds: readonly BuildResult[] } | undefined;
  let landed: ReadonlyMap<string, ArtifactResult> = new Map();
  const withLanded = (artifacts: ReadonlyMap<string, ArtifactResult>) =>
    (landed = new Map([...landed, ...artifacts]));

  const view = (
    projectId: string,
    builds: readonly BuildResult[],
    artifacts: Published['artifacts'],
    final: boolean,
  ): CommentView => ({
    projectId,
    builds,
    artifacts,
    commit: plan.pullRequest.headSha,
    repositoryUrl: pages.repository,
    runUrl: pages.run,
    final,
    updatedAt: retry.now(),
  });

  const commentFor = (projectId: string) =>
    (comment ??= new PrComment(
      github,
      {
        owner,
        repo,
        issueNumber: plan.pullRequest.number,
        marker: commentMarker(projectId),
        issueUrl: `${pages.repository}/pull/${plan.pullRequest.number}`,
      },
      { minIntervalMs: options.minIntervalMs ?? MIN_INTERVAL_MS, retry, signal: stop },
    ));

  const show = (projectId: string, builds: readonly BuildResult[]) => {
    heard = { projectId, builds };
    const next = view(projectId, builds, landed, false);
    // The time of the update alone is no new state.
    const state = renderComment({ ...next, updatedAt: 0 });
    if (state === shownState) return;
    shownState = state;
    commentFor(projectId).show(renderComment(next));
  };

  return {
    buildsChanged: (builds, projectId) => show(projectId, builds),
    artifactsLanded(artifacts) {
      withLanded(artifacts);
      if (heard) show(heard.projectId, heard.builds);
    },
    async finish(projectId, builds, published) {
      const target = commentFor(projectId);
      const body = renderComment(view(projectId, builds, withLanded(published.artifacts), true));
      const within = options.finishWithinMs ?? FINISH_WITHIN_MS;
      const timeUp = `GitHub did not let it finish within ${formatElapsed(within)} of the run's end`;
      const timer = setTimeout(() => ended.abort(new CommentStoppedError(timeUp)), within);
      const url = await target.finish(body).finally(() => clearTimeout(timer));
      if (url !== undefined)
        stepLog.info(`Pull-request comment: ${url} (${target.writes} write(s))`);
      return url;
    },
    // After `finish` nothing is under way, and a second abort does nothing.
    end: () => ended.abort(new CommentStoppedError('the run ended without its last edit')),
    settled: async () => comment?.settled,
  };
}
