// The GitHub REST client for releases: the real Octokit from @actions/github, with retries and
// rate-limit handling configured, logging through @actions/core.
import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { parseRetryAfter } from '../api/retry.ts';
import { ActionError } from '../errors.ts';

export interface GitHubOptions {
  /** REST base URL (GITHUB_API_URL); api.github.com outside a runner. */
  baseUrl: string;
  /** Base of the retry plugin's quadratic backoff (1000 ms on GitHub; tests shrink it). */
  retryBaseMs: number;
  retries: number;
  /**
   * Rate-limit handling and GitHub's recommended spacing of writes (1 s apart). The spacing is
   * process-wide, so tests that run several publishers in one process to race them turn it off.
   */
  throttle: boolean;
  /** Ends every request when aborted: the step's deadline, or a signal. */
  signal?: AbortSignal;
}

export type GitHub = ReturnType<typeof getOctokit>;
export type Release = Awaited<ReturnType<GitHub['rest']['repos']['getRelease']>>['data'];
export type ReleaseAsset = Awaited<ReturnType<GitHub['rest']['repos']['getReleaseAsset']>>['data'];

export interface Repo {
  owner: string;
  repo: string;
}

const RATE_LIMIT_RETRIES = 2;

export const createGitHub = (token: string, options: GitHubOptions): GitHub => {
  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _: unknown, count: number) => {
      const again = count < RATE_LIMIT_RETRIES;
      core.warning(
        `GitHub ${kind} rate limit on ${request.method} ${request.url}` +
          (again ? `: retrying in ${retryAfter} s.` : ': giving up.'),
      );
      return again;
    };
  return getOctokit(
    token,
    {
      baseUrl: options.baseUrl,
      ...(options.signal && { request: { signal: options.signal } }),
      log: { debug: core.debug, info: core.debug, warn: core.warning, error: core.error },
      retry: { retries: options.retries, retryAfterBaseValue: options.retryBaseMs },
      throttle: {
        enabled: options.throttle,
        onRateLimit: onLimit('primary'),
        onSecondaryRateLimit: onLimit('secondary'),
      },
    },
    retry,
    throttling,
  );
};

export const parseRepository = (repository: string): Repo => {
  const [owner, repo, ...rest] = repository.split('/');
  if (!owner || !repo || rest.length > 0) {
    throw new Error(
      `Repository "${repository}" is not "owner/name"; GITHUB_REPOSITORY is set by the runner.`,
    );
  }
  return { owner, repo };
};

/**
 * A non-2xx answer to a request made without Octokit (asset uploads), in the shape of Octokit's
 * RequestError as far as the helpers below read it, so both kinds are handled alike.
 */
export class GitHubAnswerError extends ActionError {
  readonly status: number;
  readonly response: { headers: Record<string, string | string[] | undefined>; data: unknown };
  /** GitHub's own message, inert and without the token; undefined when it gave none. */
  readonly githubMessage: string | undefined;
  constructor(
    what: string,
    status: number,
    response: GitHubAnswerError['response'],
    githubMessage: string | undefined,
  ) {
    super(
      `GitHub answered ${what} with HTTP ${status}${githubMessage ? `: ${githubMessage}` : ''}`,
    );
    this.status = status;
    this.response = response;
    this.githubMessage = githubMessage;
  }
}

/** HTTP status of an Octokit error; undefined when no response came back. */
export const httpStatus = (error: unknown): number | undefined =>
  typeof error === 'object' &&
  error !== null &&
  'status' in error &&
  typeof error.status === 'number'
    ? error.status
    : undefined;

/** A header of the response behind an Octokit error, as text; undefined when absent. */
export const responseHeader = (error: unknown, name: string): string | undefined => {
  const headers = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers;
  const value = headers?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** GitHub's 422 `already_exists` (a release for the tag, or an asset of that name). */
export const isAlreadyExists = (error: unknown): boolean => {
  if (httpStatus(error) !== 422) return false;
  const data = (error as { response?: { data?: unknown } }).response?.data;
  const errors = (data as { errors?: unknown } | undefined)?.errors;
  return (
    Array.isArray(errors) &&
    errors.some((e) => (e as { code?: unknown })?.code === 'already_exists')
  );
};

export const isTransient = (status: number | undefined): boolean =>
  status === undefined || status === 429 || status >= 500;

/**
 * A 403 that is GitHub's rate limit (a Retry-After, or the quota spent), not a refusal. Octokit's
 * throttling plugin waits these out; requests made without Octokit (uploads) must do it themselves.
 */
export const isRateLimited = (error: unknown): boolean =>
  httpStatus(error) === 403 &&
  (responseHeader(error, 'retry-after') !== undefined ||
    responseHeader(error, 'x-ratelimit-remaining') === '0');

/** The wait GitHub asks for, in ms: its Retry-After, else the reset of a spent quota. */
export const askedWaitMs = (error: unknown, now: number): number | undefined => {
  const retryAfter = parseRetryAfter(responseHeader(error, 'retry-after'), now);
  if (retryAfter !== undefined || responseHeader(error, 'x-ratelimit-remaining') !== '0') {
    return retryAfter;
  }
  const reset = Number(responseHeader(error, 'x-ratelimit-reset'));
  return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : undefined;
};
