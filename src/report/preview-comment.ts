// The pull-request preview comment of a run: shown when the builds are known, updated when one
// changes state or an installer's workflow artifact lands (its link shows at once), and finished
// with every link. It only reads the run's model. Its last edit has `finishWithinMs` at most (on
// its clock): then every request of the comment ends, so nothing of it holds the step after the run.
import { stepLog } from '../runner/log.ts';
import { COMMENT_FINISH_WITHIN_MS, COMMENT_WRITE_INTERVAL_MS } from '../shared/timing.ts';
import {
  defaultRetryRuntime,
  describeRetry,
  systemSleep,
  type RetryPolicy,
  type RetryRuntime,
} from '../http/retry.ts';
import type { BuildResult } from '../builds/result.ts';
import type { BuildSubscriber } from '../builds/types.ts';
import type { PullRequest, RunnerContext } from '../runner/context.ts';
import { formatElapsed } from '../text/durations.ts';
import { createGitHub, parseRepository, type GitHub } from '../github/client.ts';
import { repositoryUrl, runUrl } from '../runner/run-url.ts';
import type { ArtifactResult, Published } from '../publish/types.ts';
import { CommentStoppedError, PrComment } from '../github/pr-comment.ts';
import { commentMarker, renderComment, type CommentView } from './render-comment.ts';

export interface CommentPlan {
  pullRequest: PullRequest;
  githubToken: string;
  repository: string;
}

/** The comment's time: the date it shows, its waits between writes and tries, and its own end. */
export interface CommentClock extends Pick<RetryRuntime, 'now' | 'sleep'> {
  /** A signal that aborts once `ms` have passed on this clock. */
  timeout(ms: number): AbortSignal;
}

const processClock: CommentClock = {
  now: Date.now,
  sleep: systemSleep,
  timeout: (ms) => AbortSignal.timeout(ms),
};

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
   * The time, the waits between writes and between tries, and the last edit's time limit.
   * Default: the process's own; a test passes one that moves only as it says.
   */
  clock?: CommentClock;
  /** The step's stop: ends every request of the comment, and no write starts after it. */
  signal?: AbortSignal;
}

export class PreviewComment implements BuildSubscriber {
  readonly #plan: CommentPlan;
  readonly #options: PreviewCommentOptions;
  readonly #repo: { owner: string; repo: string };
  readonly #pages: { repository: string; run: string };
  readonly #retry: RetryRuntime;
  readonly #timeout: CommentClock['timeout'];
  readonly #github: GitHub;
  /** The comment's own end (its last edit's time is up), besides the step's stop. */
  readonly #ended = new AbortController();
  readonly #stop: AbortSignal;
  #comment: PrComment | undefined;
  #shownState: string | undefined;
  #heard: { projectId: string; builds: readonly BuildResult[] } | undefined;
  #landed: ReadonlyMap<string, ArtifactResult> = new Map();

  constructor(
    plan: CommentPlan,
    context: Pick<RunnerContext, 'serverUrl' | 'runId' | 'apiUrl'>,
    options: PreviewCommentOptions = {},
  ) {
    this.#plan = plan;
    this.#options = options;
    this.#repo = parseRepository(plan.repository);
    this.#pages = {
      repository: repositoryUrl(context, plan.repository),
      run: runUrl(context, plan.repository),
    };
    const clock = options.clock ?? processClock;
    this.#retry = {
      ...defaultRetryRuntime(
        { maxAttempts: 5, maxElapsedMs: 30_000, ...options.retryPolicy },
        { onRetry: (event) => stepLog.info(describeRetry(event, 'GitHub')) },
      ),
      now: clock.now,
      sleep: clock.sleep,
    };
    this.#timeout = clock.timeout;
    this.#github = createGitHub(plan.githubToken, {
      baseUrl: context.apiUrl,
      retry: this.#retry,
      throttle: options.throttle ?? true,
      signal: options.signal,
    });
    this.#stop = options.signal
      ? AbortSignal.any([options.signal, this.#ended.signal])
      : this.#ended.signal;
  }

  /** The builds as they stand now: cheap to call on every change, writes only on a new state. */
  buildsChanged(builds: readonly BuildResult[], projectId: string): void {
    this.#show(projectId, builds);
  }

  /**
   * The workflow artifacts uploaded so far (by build id), shown beside the builds last heard of.
   * They add to those of earlier calls: a link, once shown, stays.
   */
  artifactsLanded(artifacts: ReadonlyMap<string, ArtifactResult>): void {
    this.#withLanded(artifacts);
    if (this.#heard) this.#show(this.#heard.projectId, this.#heard.builds);
  }

  /** The final text, with the artifact links; resolves to the comment's URL when there is one. */
  async finish(
    projectId: string,
    builds: readonly BuildResult[],
    published: Published,
  ): Promise<string | undefined> {
    const target = this.#commentFor(projectId);
    const artifacts = this.#withLanded(published.artifacts);
    const body = renderComment(this.#view(projectId, builds, artifacts, true));
    const within = this.#options.finishWithinMs ?? COMMENT_FINISH_WITHIN_MS;
    const timeUp = `GitHub did not let it finish within ${formatElapsed(within)} of the run's end`;
    const limit = this.#timeout(within);
    const end = () => this.#ended.abort(new CommentStoppedError(timeUp));
    if (limit.aborted) end();
    else limit.addEventListener('abort', end, { once: true });
    const url = await target.finish(body).finally(() => limit.removeEventListener('abort', end));
    if (url !== undefined) stepLog.info(`Pull-request comment: ${url} (${target.writes} write(s))`);
    return url;
  }

  /** Ends whatever of the comment is still under way (a run that ends without `finish`). */
  end(): void {
    // After `finish` nothing is under way, and a second abort does nothing.
    this.#ended.abort(new CommentStoppedError('the run ended without its last edit'));
  }

  /** Resolves once every change told so far is written, failed or stopped. */
  async settled(): Promise<void> {
    return this.#comment?.settled;
  }

  #withLanded(artifacts: ReadonlyMap<string, ArtifactResult>): ReadonlyMap<string, ArtifactResult> {
    return (this.#landed = new Map([...this.#landed, ...artifacts]));
  }

  #view(
    projectId: string,
    builds: readonly BuildResult[],
    artifacts: Published['artifacts'],
    final: boolean,
  ): CommentView {
    return {
      projectId,
      builds,
      artifacts,
      commit: this.#plan.pullRequest.headSha,
      repositoryUrl: this.#pages.repository,
      runUrl: this.#pages.run,
      final,
      updatedAt: this.#retry.now(),
    };
  }

  #commentFor(projectId: string): PrComment {
    const { number } = this.#plan.pullRequest;
    return (this.#comment ??= new PrComment(
      this.#github,
      {
        ...this.#repo,
        issueNumber: number,
        marker: commentMarker(projectId),
        issueUrl: `${this.#pages.repository}/pull/${number}`,
      },
      {
        minIntervalMs: this.#options.minIntervalMs ?? COMMENT_WRITE_INTERVAL_MS,
        retry: this.#retry,
        signal: this.#stop,
      },
    ));
  }

  #show(projectId: string, builds: readonly BuildResult[]): void {
    this.#heard = { projectId, builds };
    const next = this.#view(projectId, builds, this.#landed, false);
    // The time of the update alone is no new state.
    const state = renderComment({ ...next, updatedAt: 0 });
    if (state === this.#shownState) return;
    this.#shownState = state;
    this.#commentFor(projectId).show(renderComment(next));
  }
}
