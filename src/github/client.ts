// The GitHub REST client: the real Octokit from @actions/github, every request through the action's
// one proxy-aware dispatcher (undici's fetch on it) under the one retry policy (a hook around
// Octokit's request), each attempt bounded in time, GitHub's pacing of writes from its throttling
// plugin, logging through the step's log; an answer that fails a request is thrown as the one
// GitHubAnswerError. Every answer Octokit reads whole is bounded as the service's are: in bytes
// counted after decompression, and in depth (http/bounded-body.ts). Also the one reading of a failed GitHub call for that policy, shared by the
// asset uploads and the artifact service, which do not go through Octokit.
import { getOctokit } from '@actions/github';
import { throttling } from '@octokit/plugin-throttling';
import { fetch as undiciFetch, Response, type Dispatcher } from 'undici';
import { createDispatcher } from '../http/dispatcher.ts';
import { boundedBody } from '../http/bounded-body.ts';
import { isRefusedAnswer, type AnswerBound } from '../http/errors.ts';
import { stepLog } from '../runner/log.ts';
import {
  isRetryableStatus,
  parseRetryAfter,
  withRetries,
  type AttemptFailure,
  type RetryRuntime,
  type Sleep,
} from '../http/retry.ts';
import { redact, serviceMessageOf } from '../http/error-body.ts';
import { untilStopped } from '../runner/deadline.ts';
import { ActionError, asError, errorCode, messageOf } from '../shared/errors.ts';
import { REQUEST_TIMEOUT_MS } from '../shared/timing.ts';
import { GitHubAnswerError, RepositoryNameError, type GitHubAnswer } from './errors.ts';

export interface GitHubOptions {
  /** REST base URL (GITHUB_API_URL); api.github.com outside a runner. */
  baseUrl: string;
  /** The retry policy of every request the client makes; each request is one attempt of it. */
  retry: RetryRuntime;
  /**
   * GitHub's recommended spacing of writes (1 s apart). The spacing is process-wide, so tests that
   * run several publishers in one process to race them turn it off.
   */
  throttle: boolean;
  /** Ends every request when aborted: the step's deadline, or a signal. */
  signal?: AbortSignal;
  /**
   * The way out of every request (createDispatcher): the one the caller's other GitHub requests
   * take (asset uploads, the artifact service); a new one when not given.
   */
  dispatcher?: Dispatcher;
  /**
   * Bound of one attempt, from the moment it is sent (after the throttle's queue) until its answer
   * is read; a body handed back as a stream (an asset's bytes) only until its headers, and from
   * then on by the dispatcher's bound on silence. Default REQUEST_TIMEOUT_MS, the build service's.
   */
  requestTimeoutMs?: number;
}

/**
 * The most of one GitHub answer that is read whole, counted after decompression: a page of 100
 * releases with their assets is ~1 MB. The build service's JSON answers have the same bound
 * (MAX_JSON_ANSWER_BYTES); an asset's bytes, streamed to their reader, are bounded by its size.
 */
export const MAX_GITHUB_ANSWER_BYTES = 16 * 1024 * 1024;

/** A GitHub request gave no (whole) answer within its bound: one failed attempt, worth another. */
export class GitHubTimeoutError extends ActionError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`GitHub gave no answer within ${timeoutMs / 1000} s`);
    this.timeoutMs = timeoutMs;
  }
}

export type GitHub = ReturnType<typeof getOctokit>;

/** What Octokit's request resolves to. */
type Answer = Awaited<ReturnType<GitHub['request']>>;

export interface Repo {
  owner: string;
  repo: string;
}

/** What one request adds to the client's retry policy, given among Octokit's `request` options. */
export interface RetryHints {
  /**
   * Looks for the effect of a write whose answer was lost, before it is sent again; what it finds
   * stands in for the answer's data (a comment found by its marker, for a create).
   */
  reconcile?: () => Promise<unknown>;
  /** An answer this request may wait out besides the ones every call does (isWrittenTooSoon). */
  alsoRetryable?: (error: unknown) => boolean;
}

export const createGitHub = (token: string, options: GitHubOptions): GitHub => {
  const dispatcher = options.dispatcher ?? createDispatcher();
  const github = getOctokit(
    token,
    {
      baseUrl: options.baseUrl,
      // Octokit takes `request` whole, not merged with @actions/github's: its fetch is ours.
      request: { fetch: fetchThrough(dispatcher), signal: options.signal },
      log: {
        debug: stepLog.debug,
        info: stepLog.debug,
        warn: stepLog.warning,
        error: stepLog.error,
      },
      throttle: {
        enabled: options.throttle,
        // The retry policy waits rate limits out; the plugin only paces.
        onRateLimit: () => false,
        onSecondaryRateLimit: () => false,
      },
    },
    // Listed before the throttle, so inside its queue: an attempt's time starts when it is sent.
    boundedAttempts(options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, options.retry.sleep),
    throttling,
  );
  const { retry } = options;
  // Wrapped last, so it is the outermost layer: every attempt waits its turn in the throttle.
  github.hook.wrap('request', (request, requestOptions) =>
    underRetryPolicy(retry, token, github.request.endpoint.parse(requestOptions), () =>
      request(requestOptions),
    ),
  );
  return github;
};

/**
 * undici's fetch on `dispatcher`, in the shape Octokit calls it. Octokit reads every answer whole
 * (as text, then JSON.parse) except an asset's bytes asked for as a stream: those answers are read
 * here first, within MAX_GITHUB_ANSWER_BYTES after decompression and, when JSON, within
 * MAX_ANSWER_DEPTH, and handed to Octokit as bytes. A refused answer fails the fetch: Octokit
 * would read a body that broke off as an empty one.
 */
const fetchThrough =
  (dispatcher: Dispatcher): typeof globalThis.fetch =>
  async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? 'GET';
    const response = await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    });
    const asked = new Headers(init?.headers as ConstructorParameters<typeof Headers>[0]);
    const streamed = response.ok && asked.get('accept') === 'application/octet-stream';
    if (response.body === null || streamed) return response as unknown as globalThis.Response;
    const bound: AnswerBound = {
      maxBytes: MAX_GITHUB_ANSWER_BYTES,
      endpoint: `GitHub ${method} ${url.pathname}${url.search}`,
      answerer: 'GitHub',
    };
    const { headers } = response;
    const encoded = !/^(identity)?$/i.test(headers.get('content-encoding')?.trim() ?? '');
    const length = headers.get('content-length');
    const bytes = await boundedBody(asBuffers(response.body), bound, {
      // A compressed answer's length is not that of the bytes counted.
      announced: !encoded && length !== null && /^\d+$/.test(length) ? Number(length) : undefined,
      json: /^application\/([\w.-]+\+)?json\b/i.test(headers.get('content-type') ?? ''),
    });
    const read = new Response(bytes, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
    Object.defineProperty(read, 'url', { value: response.url });
    return read as unknown as globalThis.Response;
  };

/** A web stream's chunks as Buffers over the same memory. */
async function* asBuffers(body: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  for await (const chunk of body) yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
}

/**
 * An Octokit plugin: each attempt ends as a GitHubTimeoutError when its answer is not read within
 * `timeoutMs`, waited on the retry runtime's clock (`sleep`), as the waits between attempts are.
 * Octokit reads a cut JSON body as an empty one, so a late abort is thrown here too.
 */
const boundedAttempts = (timeoutMs: number, sleep: Sleep) => (octokit: Pick<GitHub, 'hook'>) => {
  octokit.hook.wrap('request', async (request, options) => {
    // Every layer of Octokit's hook chain is bound to the options the request started with (the
    // arguments a layer passes on are dropped), so the attempt's signal is set on them, and the
    // step's put back for the next attempt.
    const settings = (options.request ?? {}) as { signal?: AbortSignal };
    options.request = settings;
    const stop = settings.signal;
    const deadline = new AbortController();
    const answered = new AbortController();
    sleep(timeoutMs, answered.signal).then(
      () => deadline.abort(new GitHubTimeoutError(timeoutMs)),
      () => {}, // cut short: the answer came first
    );
    settings.signal = stop ? AbortSignal.any([stop, deadline.signal]) : deadline.signal;
    try {
      const answer = await request(options);
      deadline.signal.throwIfAborted();
      return answer;
    } catch (error) {
      throw deadline.signal.aborted ? deadline.signal.reason : error;
    } finally {
      answered.abort();
      settings.signal = stop;
    }
  });
};

/** One request (`send`, as Octokit parsed it) under the retry policy and its hints. */
function underRetryPolicy(
  retry: RetryRuntime,
  token: string,
  { method, url, request: hints = {} }: { method: string; url: string; request?: object },
  send: () => Answer | Promise<Answer>,
): Promise<Answer> {
  const { signal, reconcile, alsoRetryable } = hints as RetryHints & { signal?: AbortSignal };
  const { pathname, search } = new URL(url);
  const write = method !== 'GET' && method !== 'HEAD';
  const asked = `${method} ${pathname}${search}`;
  return withRetries(retry, {
    endpoint: `GitHub ${asked}`,
    signal,
    reconcile:
      reconcile &&
      (async () => {
        const data = await reconcile();
        return data === undefined ? undefined : { status: 200, url, headers: {}, data };
      }),
    attempt: async () => {
      try {
        signal?.throwIfAborted();
        // A request the throttling plugin still holds in its process-wide queue sees its own
        // signal only once sent.
        return { ok: true, value: await untilStopped(Promise.resolve(send()), signal) };
      } catch (error) {
        // Octokit gives an aborted request status 500: the stop, not an outage.
        if (signal?.aborted) throw signal.reason;
        // An answer refused for its size or depth (fetchThrough), which Octokit wraps: final.
        const { cause } = error as { cause?: unknown };
        const refused = isRefusedAnswer(error) ? error : isRefusedAnswer(cause) ? cause : undefined;
        if (refused !== undefined) {
          const reason = 'answer refused';
          return {
            ok: false,
            failure: { retryable: false, outcomeUnknown: false, reason, toError: () => refused },
          };
        }
        const failure = callFailure(error, {
          now: retry.now(),
          write,
          toError: () => answerErrorOf(error, asked, [token]),
        });
        const retryable = failure.retryable || (alsoRetryable?.(error) ?? false);
        return { ok: false, failure: { ...failure, retryable } };
      }
    },
  });
}

export const parseRepository = (repository: string): Repo => {
  const [owner, repo, ...rest] = repository.split('/');
  if (!owner || !repo || rest.length > 0) {
    throw new RepositoryNameError(repository);
  }
  return { owner, repo };
};

/**
 * A failed request's error as the one GitHubAnswerError when GitHub answered it (Octokit's
 * RequestError carries the answer), its message inert and without `secrets`; anything else (no
 * answer came back) as it is.
 */
export function answerErrorOf(error: unknown, what: string, secrets: readonly string[]): Error {
  const status = httpStatus(error);
  if (status === undefined || error instanceof GitHubAnswerError) return asError(error);
  const { headers = {}, data } = (error as { response: Partial<GitHubAnswer> }).response;
  return new GitHubAnswerError(what, status, { headers, data }, githubWordsOf(data, secrets));
}

/** GitHub's message in an answer's body, with the codes of a 422's `errors` ("already_exists"). */
function githubWordsOf(data: unknown, secrets: readonly string[]): string | undefined {
  if (data === undefined || data === null || data === '') return undefined;
  const message = serviceMessageOf(typeof data === 'string' ? data : JSON.stringify(data), secrets);
  const { errors } = data as { errors?: unknown };
  const codes = (Array.isArray(errors) ? errors : [])
    .map((entry) => (entry as { code?: unknown } | null)?.code)
    .filter((code): code is string => typeof code === 'string');
  const detail = codes.length > 0 ? ` (${[...new Set(codes)].join(', ')})` : '';
  return message === undefined ? undefined : redact(`${message}${detail}`, secrets);
}

/**
 * HTTP status of a failed GitHub call (GitHubAnswerError, or Octokit's RequestError inside the
 * client's own layers); undefined when no answer came back, which Octokit reports as a 500
 * without a response.
 */
export const httpStatus = (error: unknown): number | undefined => {
  const { status, response } = (error ?? {}) as { status?: unknown; response?: unknown };
  return typeof status === 'number' && typeof response === 'object' && response !== null
    ? status
    : undefined;
};

/** A header of the answer behind a failed GitHub call, as text; undefined when absent. */
const responseHeader = (error: unknown, name: string): string | undefined => {
  const headers = (error as { response?: { headers?: Record<string, unknown> } } | undefined)
    ?.response?.headers;
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
    errors.some((entry) => (entry as { code?: unknown })?.code === 'already_exists')
  );
};

/** A 403 that is GitHub's rate limit (a Retry-After, or the quota spent), not a refusal. */
export const isRateLimited = (error: unknown): boolean =>
  httpStatus(error) === 403 &&
  (responseHeader(error, 'retry-after') !== undefined ||
    responseHeader(error, 'x-ratelimit-remaining') === '0');

/**
 * The 422 GitHub gives a comment written in quick succession with others (its limit on creating
 * content, which spans every job of the repository): a wait, where elsewhere a 422 is a refusal.
 */
export const isWrittenTooSoon = (error: unknown): boolean => httpStatus(error) === 422;

/** The wait GitHub asks for, in ms: its Retry-After, else the reset of a spent quota. */
const askedWaitMs = (error: unknown, now: number): number | undefined => {
  const retryAfter = parseRetryAfter(responseHeader(error, 'retry-after'), now);
  if (retryAfter !== undefined || responseHeader(error, 'x-ratelimit-remaining') !== '0') {
    return retryAfter;
  }
  const reset = Number(responseHeader(error, 'x-ratelimit-reset'));
  return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : undefined;
};

export interface CallFacts {
  /** Now on the retry runtime's clock, for a Retry-After given as a date. */
  now: number;
  /** The call changes something, so without an answer it may have done so. */
  write: boolean;
  toError: (attempts: number) => Error;
}

/**
 * The one reading of a failed GitHub call for the retry policy: an answer is worth another try
 * by isRetryableStatus or as a rate limit, after the wait GitHub asked for; no answer at all is
 * worth one too, and leaves a write's outcome unknown.
 */
export function callFailure(error: unknown, facts: CallFacts): AttemptFailure {
  const status = httpStatus(error);
  if (status === undefined) {
    return {
      retryable: true,
      outcomeUnknown: facts.write,
      reason: errorCode(error) ?? messageOf(error),
      toError: facts.toError,
    };
  }
  return {
    retryable: isRetryableStatus(status) || isRateLimited(error),
    outcomeUnknown: false,
    retryAfterMs: askedWaitMs(error, facts.now),
    reason: `HTTP ${status}`,
    toError: facts.toError,
  };
}
