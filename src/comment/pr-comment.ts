// One comment on a pull request, kept current: found again by its marker (paging through every
// comment), created when missing, edited in place. Writes are coalesced: the newest text wins,
// at most one write per `minIntervalMs` (but the last one goes at once), and they never hold up
// the caller. Every request goes through the action's one retry policy (Octokit's own retries are
// off for these requests); a failure is a warning, and a refused token one notice, never a failure.
// The step's stop signal ends every request, wait and retry at once, and no write starts after it.
import * as core from '@actions/core';
import {
  parseRetryAfter,
  withRetries,
  type AttemptResult,
  type RetryRuntime,
} from '../api/retry.ts';
import { messageOf } from '../errors.ts';
import {
  httpStatus,
  isTransient,
  responseHeader,
  type GitHub,
  type Repo,
} from '../publish/github.ts';

export interface CommentTarget extends Repo {
  issueNumber: number;
  /** Text the comment starts with, and nothing else's does. */
  marker: string;
}

export interface PrCommentOptions {
  minIntervalMs: number;
  retry: RetryRuntime;
  /** The step's stop (its deadline, a signal): aborts the request in flight, and ends the writes. */
  signal?: AbortSignal;
}

interface Comment {
  id: number;
  html_url: string;
  body?: string | null;
}

const PAGE_SIZE = 100;

/** A secondary rate limit: a 403 that says when to come back, not a missing permission. */
const isRateLimit = (error: unknown): boolean =>
  httpStatus(error) === 403 &&
  (responseHeader(error, 'retry-after') !== undefined ||
    responseHeader(error, 'x-ratelimit-remaining') === '0');

/**
 * What waiting out can fix: besides the outages and rate limits every GitHub call retries,
 * a 408 and the 422 GitHub gives for comments written in quick succession.
 */
const worthRetrying = (error: unknown): boolean => {
  const status = httpStatus(error);
  return isTransient(status) || status === 408 || status === 422 || isRateLimit(error);
};

/**
 * `work`, or the stop's reason as soon as it comes: a request that Octokit's throttle still holds
 * in its process-wide queue (behind other clients' requests) sees its own signal only once sent.
 */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  let onAbort = () => {};
  const stopped = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, stopped]).finally(() => signal.removeEventListener('abort', onAbort));
}

export class PrComment {
  readonly #github: GitHub;
  readonly #target: CommentTarget;
  readonly #options: PrCommentOptions;
  #comment: Comment | undefined;
  #searched = false;
  #pending: string | undefined;
  #written: string | undefined;
  #lastWriteAt = -Infinity;
  #loop: Promise<void> | undefined;
  /** Cuts the wait between writes short when the last text comes. */
  #hurry = new AbortController();
  /** Ends the wait between writes: the last text came, or the step stopped. */
  readonly #cut: AbortSignal;
  #refused = false;
  #warned = false;
  /** Comments written (created or edited), for the log and the tests. */
  writes = 0;

  constructor(github: GitHub, target: CommentTarget, options: PrCommentOptions) {
    this.#github = github;
    this.#target = target;
    this.#options = options;
    this.#cut = options.signal
      ? AbortSignal.any([this.#hurry.signal, options.signal])
      : this.#hurry.signal;
  }

  get #stopped(): boolean {
    return this.#options.signal?.aborted ?? false;
  }

  /** The comment's page, once this run wrote it. */
  get url(): string | undefined {
    return this.writes > 0 ? this.#comment?.html_url : undefined;
  }

  /** Asks for `body` to be shown; returns at once. The newest body asked for wins. */
  show(body: string): void {
    if (this.#refused || this.#stopped || body === this.#written) return;
    this.#pending = body;
    this.#loop ??= this.#writeLoop().finally(() => (this.#loop = undefined));
  }

  /** Shows `body` without waiting out the interval; resolves when written or failed. */
  async finish(body: string): Promise<string | undefined> {
    this.show(body);
    this.#hurry.abort();
    await this.#loop;
    return this.url;
  }

  async #writeLoop(): Promise<void> {
    while (this.#pending !== undefined && !this.#refused && !this.#stopped) {
      const wait = this.#lastWriteAt + this.#options.minIntervalMs - this.#options.retry.now();
      if (wait > 0 && !this.#cut.aborted) {
        await this.#options.retry.sleep(wait, this.#cut).catch(() => undefined);
      }
      if (this.#stopped) return;
      const body = this.#pending;
      this.#pending = undefined;
      if (body === this.#written) continue;
      await this.#write(body);
    }
  }

  async #write(body: string): Promise<void> {
    try {
      if (!this.#searched) {
        this.#comment = await this.#find();
        this.#searched = true;
      }
      this.#comment = this.#comment
        ? ((await this.#edit(this.#comment.id, body)) ?? (await this.#create(body)))
        : await this.#create(body);
      this.#written = body;
      this.writes++;
    } catch (error) {
      if (this.#stopped) {
        core.info('The pull-request comment was left as it was: the step stopped.');
        return;
      }
      const status = httpStatus(error);
      if ((status === 403 && !isRateLimit(error)) || status === 404) {
        this.#refused = true;
        core.notice(
          `Could not comment on pull request #${this.#target.issueNumber} (HTTP ${status}): ` +
            'the token needs the `pull-requests: write` permission (add it under `permissions:` in ' +
            'the workflow). Pull requests from forks get a read-only token, so they get no comment. ' +
            'The builds are not affected.',
          { title: 'No pull-request comment' },
        );
        return;
      }
      // One warning says it; the next failures of the run only go to the log.
      const report = this.#warned ? core.info : core.warning;
      this.#warned = true;
      report(`Could not update the pull-request comment: ${messageOf(error)}`);
    } finally {
      this.#lastWriteAt = this.#options.retry.now();
    }
  }

  /** Pages through the pull request's comments for the one that starts with the marker. */
  async #find(): Promise<Comment | undefined> {
    for (let page = 1; ; page++) {
      const comments = await this.#call(`list comments (page ${page})`, undefined, async () => {
        const response = await this.#github.rest.issues.listComments({
          ...this.#repo,
          issue_number: this.#target.issueNumber,
          per_page: PAGE_SIZE,
          page,
          request: { retries: 0, signal: this.#options.signal },
        });
        return response.data as Comment[];
      });
      const found = comments.find((comment) => comment.body?.startsWith(this.#target.marker));
      if (found !== undefined) return found;
      if (comments.length < PAGE_SIZE) return undefined;
    }
  }

  #create(body: string): Promise<Comment> {
    // A create whose answer was lost may have landed: look for it before sending it again.
    const reconcile = () => this.#find();
    return this.#call('create comment', reconcile, async () => {
      const response = await this.#github.rest.issues.createComment({
        ...this.#repo,
        issue_number: this.#target.issueNumber,
        body,
        request: { retries: 0, signal: this.#options.signal },
      });
      return response.data as Comment;
    });
  }

  /** Edits the comment; undefined when it is gone (deleted by someone), so a new one is made. */
  async #edit(id: number, body: string): Promise<Comment | undefined> {
    try {
      return await this.#call('update comment', undefined, async () => {
        const response = await this.#github.rest.issues.updateComment({
          ...this.#repo,
          comment_id: id,
          body,
          request: { retries: 0, signal: this.#options.signal },
        });
        return response.data as Comment;
      });
    } catch (error) {
      if (httpStatus(error) === 404) return undefined;
      throw error;
    }
  }

  get #repo(): Repo {
    return { owner: this.#target.owner, repo: this.#target.repo };
  }

  #call<T>(
    what: string,
    reconcile: (() => Promise<T | undefined>) | undefined,
    request: () => Promise<T>,
  ): Promise<T> {
    const { retry, signal } = this.#options;
    return withRetries(retry, {
      endpoint: `GitHub ${what}`,
      reconcile,
      signal,
      attempt: async (): Promise<AttemptResult<T>> => {
        try {
          signal?.throwIfAborted();
          return { ok: true, value: await untilStopped(request(), signal) };
        } catch (error) {
          return {
            ok: false,
            failure: {
              // Octokit gives an aborted request status 500: the stop, not an outage.
              retryable: !signal?.aborted && worthRetrying(error),
              outcomeUnknown: httpStatus(error) === undefined,
              retryAfterMs: parseRetryAfter(responseHeader(error, 'retry-after'), retry.now()),
              reason:
                httpStatus(error) === undefined ? messageOf(error) : `HTTP ${httpStatus(error)}`,
              toError: () => (error instanceof Error ? error : new Error(messageOf(error))),
            },
          };
        }
      },
    });
  }
}
