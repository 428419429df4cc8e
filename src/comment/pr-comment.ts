// One comment on a pull request, kept current: found again by its marker (paging through the
// comments until the page that holds it), created when missing, edited in place. Writes are
// coalesced: the newest text wins, at most one write per `minIntervalMs` (but the last one goes at
// once), and they never hold up the caller. The GitHub client retries every request under the
// action's retry policy; a failure is a warning, and a refused token one notice, never a failure.
// The step's stop signal, which the client is made with too, ends every request, wait and retry at
// once, and no write starts after it.
import * as core from '@actions/core';
import type { RetryRuntime } from '../api/retry.ts';
import { messageOf } from '../errors.ts';
import {
  httpStatus,
  isRateLimited,
  isWrittenTooSoon,
  type GitHub,
  type Repo,
  type RetryHints,
} from '../publish/github.ts';

export interface CommentTarget extends Repo {
  issueNumber: number;
  /** Text the comment starts with, and nothing else's does. */
  marker: string;
}

export interface PrCommentOptions {
  minIntervalMs: number;
  /** The clock and sleep of the waits between writes. */
  retry: RetryRuntime;
  /** The step's stop (its deadline, a signal): ends the writes; the GitHub client ends the request. */
  signal?: AbortSignal;
}

interface Comment {
  id: number;
  html_url: string;
  body?: string | null;
}

const PAGE_SIZE = 100;

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
      if ((status === 403 && !isRateLimited(error)) || status === 404) {
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

  /** Pages through the pull request's comments until the one that starts with the marker. */
  async #find(): Promise<Comment | undefined> {
    const pages = this.#github.paginate.iterator(this.#github.rest.issues.listComments, {
      ...this.#repo,
      issue_number: this.#target.issueNumber,
      per_page: PAGE_SIZE,
    });
    for await (const { data } of pages) {
      const found = data.find((comment) => comment.body?.startsWith(this.#target.marker));
      if (found !== undefined) return found;
    }
    return undefined;
  }

  async #create(body: string): Promise<Comment> {
    const hints: RetryHints = {
      // A create whose answer was lost may have landed: look for it before sending it again.
      reconcile: () => this.#find(),
      alsoRetryable: isWrittenTooSoon,
    };
    const response = await this.#github.rest.issues.createComment({
      ...this.#repo,
      issue_number: this.#target.issueNumber,
      body,
      request: hints,
    });
    return response.data;
  }

  /** Edits the comment; undefined when it is gone (deleted by someone), so a new one is made. */
  async #edit(id: number, body: string): Promise<Comment | undefined> {
    const hints: RetryHints = { alsoRetryable: isWrittenTooSoon };
    try {
      const response = await this.#github.rest.issues.updateComment({
        ...this.#repo,
        comment_id: id,
        body,
        request: hints,
      });
      return response.data;
    } catch (error) {
      if (httpStatus(error) === 404) return undefined;
      throw error;
    }
  }

  get #repo(): Repo {
    return { owner: this.#target.owner, repo: this.#target.repo };
  }
}
