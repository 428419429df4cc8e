// One comment on a pull request, kept current: found again by its marker among the comments the
// token's own account wrote (a marked comment by anyone else is left alone), created when missing,
// edited in place. The search is a paged listing (paged-listing.ts): when it stops at the cap, a
// new comment is made and the log says so once. Writes are coalesced: the newest text wins, at
// most one write per `minIntervalMs` (but the last one goes at once), and they never hold up the
// caller. The GitHub client retries every request under the action's retry policy; a failure
// (an answer that is no page of comments too) is a warning, a refused token one notice, a refused
// edit a warning and a new comment, never a failure. The stop signal goes with every request: it
// ends each request, wait and retry at once, and no write starts after it.
import { stepLog } from '../runner/log.ts';
import type { RetryRuntime } from '../http/retry.ts';
import { ActionError, messageOf } from '../shared/errors.ts';
import { COMMENT_RECONCILE_WINDOW_MS } from '../shared/timing.ts';
import { commandText } from '../text/escape.ts';
import {
  httpStatus,
  isRateLimited,
  isWrittenTooSoon,
  type GitHub,
  type Repo,
  type RetryHints,
} from './client.ts';
import { tokenLogin } from './comment-identity.ts';
import { commentOf, commentsOf, markedBy, type ListedComment } from './comment-listing.ts';
import { IncompleteAnswerError } from './errors.ts';
import { MAX_PAGES, readListing } from './paged-listing.ts';

export interface CommentTarget extends Repo {
  issueNumber: number;
  /** Text the comment starts with, and nothing else's does. */
  marker: string;
  /** The pull request's page; the comment's page is this with its id. */
  issueUrl: string;
}

export interface PrCommentOptions {
  minIntervalMs: number;
  /** The clock and sleep of the waits between writes. */
  retry: RetryRuntime;
  /**
   * Ends the comment (the step's stop, or the comment's own end): every request and wait, and no
   * write starts after it. A CommentStoppedError reason is named in the log.
   */
  signal?: AbortSignal;
}

/** Why the comment stopped before the step did, as the end of a log line. */
export class CommentStoppedError extends ActionError {}

/** GitHub refused to edit a comment (its answer, not a missing permission of the token). */
export class EditRefusedError extends ActionError {
  readonly commentId: number;
  readonly status: number;
  constructor(commentId: number, status: number, githubMessage: string) {
    super(`GitHub refused editing comment ${commentId} (HTTP ${status}: ${githubMessage})`);
    this.commentId = commentId;
    this.status = status;
  }
}

interface OwnComment {
  id: number;
  /** Written by this run: a refused edit of it is not worked around with yet another comment. */
  createdHere: boolean;
}

/** GitHub's own message of a failed call, inert; a placeholder when it gave none. */
function githubMessageOf(error: unknown): string {
  const message = (error as { response?: { data?: { message?: unknown } } } | undefined)?.response
    ?.data?.message;
  return typeof message === 'string' && message.trim() !== ''
    ? commandText(message, 200)
    : 'no reason given';
}

const isRefusal = (error: unknown): boolean => {
  const status = httpStatus(error);
  return (status === 403 && !isRateLimited(error)) || status === 404;
};

export class PrComment {
  readonly #github: GitHub;
  readonly #target: CommentTarget;
  readonly #options: PrCommentOptions;
  #comment: OwnComment | undefined;
  #searched = false;
  #login: Promise<string | undefined> | undefined;
  /** Comments whose edit GitHub refused: never taken for ours again. */
  readonly #refusedIds = new Set<number>();
  #strangersSaid = false;
  #boundSaid = false;
  #pending: string | undefined;
  #written: string | undefined;
  #lastWriteAt = -Infinity;
  #loop: Promise<void> | undefined;
  /** Cuts the wait between writes short when the last text comes. */
  #hurry = new AbortController();
  /** Ends the wait between writes: the last text came, or the comment stopped. */
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

  /** The comment's page, once this run wrote it: built from the pull request's and the id. */
  get url(): string | undefined {
    return this.writes > 0 && this.#comment
      ? `${this.#target.issueUrl}#issuecomment-${this.#comment.id}`
      : undefined;
  }

  /** Asks for `body` to be shown; returns at once. The newest body asked for wins. */
  show(body: string): void {
    if (this.#refused || this.#stopped || body === this.#written) return;
    this.#pending = body;
    this.#loop ??= this.#writeLoop().finally(() => (this.#loop = undefined));
  }

  /** Resolves once every text asked for so far is written, failed or stopped. */
  get settled(): Promise<void> {
    return this.#loop ?? Promise.resolve();
  }

  /** Shows `body` without waiting out the interval; resolves when written, failed or stopped. */
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
      this.#comment =
        (this.#comment && (await this.#edit(this.#comment, body))) ?? (await this.#create(body));
      this.#written = body;
      this.writes++;
    } catch (error) {
      this.#failed(error);
    } finally {
      this.#lastWriteAt = this.#options.retry.now();
    }
  }

  #failed(error: unknown): void {
    if (this.#stopped) {
      const reason: unknown = this.#options.signal?.reason;
      const why = reason instanceof CommentStoppedError ? reason.message : 'the step stopped';
      stepLog.info(`The pull-request comment was left as it was: ${why}.`);
      return;
    }
    if (error instanceof EditRefusedError) {
      this.#refused = true;
      stepLog.warning(`${error.message}; this run wrote it, so the comment is left as it was.`);
      return;
    }
    if (isRefusal(error)) {
      this.#refused = true;
      stepLog.notice(
        `Could not comment on pull request #${this.#target.issueNumber} ` +
          `(HTTP ${httpStatus(error)}: ${githubMessageOf(error)}): the token needs the ` +
          '`pull-requests: write` permission (add it under `permissions:` in the workflow). Pull ' +
          'requests from forks get a read-only token, so they get no comment. The builds are not ' +
          'affected.',
        { title: 'No pull-request comment' },
      );
      return;
    }
    // One warning says it; the next failures of the run only go to the log.
    const report = this.#warned ? stepLog.info : stepLog.warning;
    this.#warned = true;
    report(`Could not update the pull-request comment: ${commandText(messageOf(error), 300)}`);
  }

  /** The login the token writes as, asked once; undefined when GitHub would not say. */
  #ownLogin(): Promise<string | undefined> {
    this.#login ??= tokenLogin(this.#github, this.#options.signal).catch((error: unknown) => {
      if (this.#stopped) throw error;
      stepLog.info(
        `Could not learn which account the token writes as (${commandText(messageOf(error), 200)}): ` +
          "a new pull-request comment is made rather than editing one that may be someone else's.",
      );
      return undefined;
    });
    return this.#login;
  }

  /**
   * The first comment by the token's account that starts with the marker (among those changed
   * since `since`, when given), within MAX_PAGES pages; undefined when there is none.
   */
  async #find(since?: string): Promise<OwnComment | undefined> {
    const login = await this.#ownLogin();
    if (login === undefined) return undefined;
    const listing = await readListing(
      `the comments of pull request #${this.#target.issueNumber}`,
      (query) =>
        this.#github.rest.issues.listComments({
          ...this.#repo,
          issue_number: this.#target.issueNumber,
          ...query,
          ...(since !== undefined && { since }),
          request: this.#stop,
        }),
      (entries) => {
        const candidates = commentsOf(entries).filter(
          (comment) => !this.#refusedIds.has(comment.id),
        );
        return markedBy(candidates, this.#target.marker, login);
      },
      { until: (page) => page.own !== undefined },
    );
    this.#passOver(
      listing.pages.flatMap((page) => page.strangers),
      login,
    );
    const own = listing.pages.at(-1)?.own;
    if (own) return { id: own.id, createdHere: false };
    if (listing.end === 'capped' && !this.#boundSaid) {
      this.#boundSaid = true;
      stepLog.info(
        `Looked through ${MAX_PAGES} pages of comments on pull request ` +
          `#${this.#target.issueNumber} without finding this project's: a new one is made.`,
      );
    }
    return undefined;
  }

  /** Says once that marked comments by others were left alone. */
  #passOver(strangers: readonly ListedComment[], login: string): void {
    const [first] = strangers;
    if (first === undefined || this.#strangersSaid) return;
    this.#strangersSaid = true;
    const author = first.login === undefined ? 'an unknown author' : commandText(first.login, 60);
    stepLog.info(
      `Comment ${first.id} by ${author} starts with this project's marker but was not written by ` +
        `${login}, the token's account: it is left alone.`,
    );
  }

  async #create(body: string): Promise<OwnComment> {
    const sentAt = Date.now();
    const hints: RetryHints = {
      // A create whose answer was lost may have landed: look for it before sending it again.
      reconcile: () => this.#find(new Date(sentAt - COMMENT_RECONCILE_WINDOW_MS).toISOString()),
      alsoRetryable: isWrittenTooSoon,
    };
    const response = await this.#github.rest.issues.createComment({
      ...this.#repo,
      issue_number: this.#target.issueNumber,
      body,
      request: { ...hints, ...this.#stop },
    });
    const created = commentOf(response.data);
    if (created === undefined)
      throw new IncompleteAnswerError('the creation of the comment', 'a comment id');
    return { id: created.id, createdHere: true };
  }

  /**
   * Edits the comment; undefined when it is gone (deleted by someone), or when GitHub refuses to
   * edit a comment an earlier run wrote: then a new one is made.
   */
  async #edit(comment: OwnComment, body: string): Promise<OwnComment | undefined> {
    const hints: RetryHints = { alsoRetryable: isWrittenTooSoon };
    try {
      await this.#github.rest.issues.updateComment({
        ...this.#repo,
        comment_id: comment.id,
        body,
        request: { ...hints, ...this.#stop },
      });
      return comment;
    } catch (error) {
      const status = httpStatus(error);
      if (status === 404) return undefined;
      if (status !== 403 || isRateLimited(error)) throw error;
      const refused = new EditRefusedError(comment.id, status, githubMessageOf(error));
      if (comment.createdHere) throw refused;
      this.#refusedIds.add(comment.id);
      stepLog.warning(`${refused.message}: the preview goes in a new comment.`);
      return undefined;
    }
  }

  /** Octokit's request option that makes the stop end the request (none: the client's own). */
  get #stop(): { signal?: AbortSignal } {
    return this.#options.signal ? { signal: this.#options.signal } : {};
  }

  get #repo(): Repo {
    return { owner: this.#target.owner, repo: this.#target.repo };
  }
}
