// The HTTP edge (undici): base URL, auth for the API's own origin only, User-Agent, per-request
// timeouts that follow the time left in the step, bounded answers, and classification of every
// failure for the retry policy.
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  boundedChunks,
  boundedJson,
  declaredLength,
  discardBody,
  errorBodyStart,
  headerValue,
} from '../http/bounded-body.ts';
import { AnswerTooDeepError, isRefusedAnswer, type RefusedAnswerError } from '../http/errors.ts';
import { serviceMessageOf } from '../http/error-body.ts';
import {
  ApiError,
  ApiKeyRefusedError,
  NetworkError,
  NotFoundError,
  ProxyConnectError,
  ProxyRefusedError,
  ResponseShapeError,
  TimeoutError,
  TlsError,
} from './errors.ts';
import {
  createDispatcher,
  describeProxy,
  proxyFor,
  TunnelRefusedError,
} from '../http/dispatcher.ts';
import {
  isRetryableStatus,
  parseRetryAfter,
  timeLeft,
  withRetries,
  type AttemptFailure,
  type AttemptResult,
  type RetryRuntime,
} from '../http/retry.ts';
import { shapeProblem, type FieldProblem } from '../http/answer-shape.ts';
import { ActionError, asError, errorCode, messageOf } from '../shared/errors.ts';

/**
 * The most a JSON answer may hold. A Get Build is ~1 KB and a List Builds of a big project perhaps
 * 1 MB: 16 MiB leaves a wide margin for growth while bounding what a misbehaving service can make
 * the runner hold (the body, its text and the parsed value together stay well under 100 MiB).
 */
export const MAX_JSON_ANSWER_BYTES = 16 * 1024 * 1024;

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  userAgent: string;
  timeoutMs: number;
  runtime: RetryRuntime;
  /** CAs to trust instead of the system's (tests); see DispatcherOptions. */
  ca?: string | Buffer;
}

/** What every call of the client takes. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface JsonRequest<T> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Template for messages and logs, e.g. `GET /builds/:buildId`. */
  endpoint: string;
  /** Path below the base URL, ids already encoded. */
  path: string;
  schema: z.ZodType<T>;
  body?: unknown;
  /** The id a 404 is about. */
  resourceId?: string;
  idempotencyKey?: string;
  /**
   * What is wrong with a well-formed answer that is not the one asked for (another build's id, a
   * platform not asked for); a problem is final. `reconcile` looks for its value by these same
   * fields, in answers checked in their turn.
   */
  check?: (value: T) => FieldProblem | undefined;
  /** See RetryTask.reconcile. */
  reconcile?: () => Promise<T | undefined>;
}

/** A 2xx answer as a stream reader sees it: its chunks are bounded and time-limited. */
export interface StreamResponse {
  /** The length the answer declared (Content-Length), when it is one exact number. */
  contentLength: number | undefined;
  chunks: AsyncIterable<Buffer>;
  /** Drops the body unread. */
  discard(): Promise<void>;
}

export interface StreamRequest<T> {
  endpoint: string;
  path: string;
  resourceId?: string;
  maxBytes: number;
  /** Throws UnusableBodyError for a body it cannot use; see there. */
  read(response: StreamResponse): Promise<T>;
}

export interface SendInit {
  method: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Limits both the wait for headers and any silence while the body streams. */
  idleTimeoutMs: number;
  /**
   * Never attach the API key, even on the API's own origin: a redirect chain that left the API's
   * origin once does not get the key back.
   */
  anonymous?: boolean;
}

/** Where and how long an exchange that failed without an answer was waiting. */
export interface NetworkContext {
  /** The URL asked for: a failure through a proxy names the proxy. */
  url?: URL;
  /** The exchange ran out of its time (its own timer, not undici's). */
  timedOut?: boolean;
  /** The timeout the exchange had; the transport's own when not given. */
  timeoutMs?: number;
}

type Headers = Dispatcher.ResponseData['headers'];

/**
 * A 2xx body its reader cannot use: garbled on the way (a later read may get it whole), or of
 * another shape or about another resource (`final`: asking again won't help). The transport
 * reports it as a ResponseShapeError.
 */
export class UnusableBodyError extends ActionError {
  readonly fieldPath: string;
  readonly problem: string;
  readonly final: boolean;

  constructor({ fieldPath, problem }: FieldProblem, final = true) {
    super(`${fieldPath} ${problem}`);
    this.fieldPath = fieldPath;
    this.problem = problem;
    this.final = final;
  }
}

/** A body that is not the JSON it should be: worth asking again. */
export const garbledBody = (): UnusableBodyError =>
  new UnusableBodyError({ fieldPath: '(body)', problem: 'is not valid JSON' }, false);

// Failures where the request certainly never reached the service.
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
// What a failed certificate check or TLS handshake is called (Node's and OpenSSL's codes).
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(?:GET|VERIFY)|^ERR_(?:TLS|SSL)_|^EPROTO$/;

/** A TLS failure (to the host, or to a proxy through UND_ERR_PRX_TLS) named with its fix. */
function tlsFailure(
  endpoint: string,
  error: unknown,
  url: URL | undefined,
  proxy: URL | undefined,
): AttemptFailure | undefined {
  const code = errorCode(error) ?? '';
  const toProxy = code === 'UND_ERR_PRX_TLS';
  const cause = toProxy ? (error as { cause?: unknown }).cause : error;
  const causeCode = errorCode(cause) ?? '';
  if (!TLS_CODE.test(causeCode) && !toProxy) return undefined;
  const host =
    toProxy && proxy !== undefined
      ? `the proxy ${describeProxy(proxy)}`
      : (url?.host ?? 'the service');
  return {
    retryable: false,
    outcomeUnknown: false,
    reason: `TLS to ${host} failed (${causeCode || code})`,
    toError: () => new TlsError(endpoint, host, causeCode || code, messageOf(cause)),
  };
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const TRANSIENT_CODES = new Set([
  ...CONNECT_CODES,
  ...TIMEOUT_CODES,
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);

/** The answer's value, validated and checked; UnusableBodyError when it is not the one asked for. */
function decode<T>(request: JsonRequest<T>, data: unknown): T {
  if (data === undefined) throw garbledBody();
  const parsed = request.schema.safeParse(data);
  if (!parsed.success) throw new UnusableBodyError(shapeProblem(parsed.error));
  const mismatch = request.check?.(parsed.data);
  if (mismatch !== undefined) throw new UnusableBodyError(mismatch);
  return parsed.data;
}

/** What one exchange asks for; its 2xx body goes to `read`. */
interface Exchange<T> {
  method: Dispatcher.HttpMethod;
  endpoint: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  resourceId?: string;
  read(response: Dispatcher.ResponseData): Promise<T>;
}

export class Transport {
  readonly runtime: RetryRuntime;
  readonly timeoutMs: number;
  readonly apiOrigin: string;
  /** The base URL's path prefix (`/v1`), which every path goes below. */
  readonly #basePath: string;
  readonly #apiKey: string;
  readonly #userAgent: string;
  readonly #dispatcher: Dispatcher;

  constructor(options: TransportOptions) {
    this.runtime = options.runtime;
    this.timeoutMs = options.timeoutMs;
    const base = new URL(options.baseUrl);
    this.apiOrigin = base.origin;
    this.#basePath = base.pathname.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#userAgent = options.userAgent;
    this.#dispatcher = createDispatcher({ ca: options.ca });
  }

  /** The per-request timeout: the configured one, shortened to the time left in the step. */
  requestTimeoutMs(): number {
    return Math.max(1, Math.min(this.timeoutMs, timeLeft(this.runtime)));
  }

  url(path: string): URL {
    return new URL(`${this.#basePath}${path}`, this.apiOrigin);
  }

  /** One HTTP exchange, no redirects followed; the API key goes to the API's own origin only. */
  send(url: URL, init: SendInit): Promise<Dispatcher.ResponseData> {
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, ...init.headers };
    if (!init.anonymous && url.origin === this.apiOrigin) {
      headers.authorization = `Bearer ${this.#apiKey}`;
    }
    return this.#dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: init.method,
      headers,
      body: init.body ?? null,
      signal: init.signal ?? null,
      headersTimeout: init.idleTimeoutMs,
      bodyTimeout: init.idleTimeoutMs,
    });
  }

  /** A JSON endpoint: retried, bounded, validated, checked, typed. */
  json<T>(request: JsonRequest<T>, signal?: AbortSignal): Promise<T> {
    return withRetries(this.runtime, {
      endpoint: request.endpoint,
      signal,
      attempt: () => this.jsonAttempt(request, signal),
      reconcile: request.reconcile,
    });
  }

  /** One attempt at a JSON endpoint, not retried: its failure classified for the caller's retries. */
  jsonAttempt<T>(request: JsonRequest<T>, signal?: AbortSignal): Promise<AttemptResult<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    const { endpoint } = request;
    return this.#attempt(
      {
        method: request.method,
        endpoint,
        path: request.path,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        resourceId: request.resourceId,
        read: async (response) =>
          decode(
            request,
            await boundedJson(response.body, response.headers, {
              maxBytes: MAX_JSON_ANSWER_BYTES,
              endpoint,
              answerer: 'the build service',
            }),
          ),
      },
      signal,
    );
  }

  /**
   * A GET whose 2xx body `read` consumes as it streams: retried like `json`, bounded by
   * `maxBytes` and by the request timeout in all (a body that trickles in ends as a timeout).
   */
  stream<T>(request: StreamRequest<T>, signal?: AbortSignal): Promise<T> {
    const { endpoint, maxBytes } = request;
    const exchange: Exchange<T> = {
      method: 'GET',
      endpoint,
      path: request.path,
      headers: { accept: 'application/json' },
      resourceId: request.resourceId,
      read: ({ body, headers }) =>
        request.read({
          contentLength: declaredLength(headers),
          chunks: boundedChunks(body, headers, {
            maxBytes,
            endpoint,
            answerer: 'the build service',
          }),
          discard: () => body.dump(),
        }),
    };
    return withRetries(this.runtime, {
      endpoint,
      signal,
      attempt: () => this.#attempt(exchange, signal),
    });
  }

  /** Classifies an HTTP status that is not a success. */
  statusFailure(
    endpoint: string,
    status: number,
    headers: Headers,
    bodyText: string,
    resourceId?: string,
  ): AttemptFailure {
    const serviceMessage = serviceMessageOf(bodyText, [this.#apiKey]);
    const retryable = isRetryableStatus(status);
    const retryAfterMs = retryable
      ? parseRetryAfter(headerValue(headers, 'retry-after'), this.runtime.now())
      : undefined;
    return {
      retryable,
      outcomeUnknown: status >= 500,
      retryAfterMs,
      reason:
        `HTTP ${status}` + (retryAfterMs === undefined ? '' : `, Retry-After ${retryAfterMs} ms`),
      toError: (attempts) => {
        if (status === 401 || status === 403) {
          return new ApiKeyRefusedError(status, endpoint, serviceMessage);
        }
        if (status === 404 && resourceId !== undefined) {
          return new NotFoundError(endpoint, resourceId, serviceMessage);
        }
        return new ApiError(status, endpoint, serviceMessage, attempts);
      },
    };
  }

  /**
   * Classifies an exception thrown while talking to a server: a proxy's refusal, a timeout, a
   * broken connection (retryable), or anything else, which no retry follows and which is
   * thrown as it is.
   */
  networkFailure(endpoint: string, error: unknown, context: NetworkContext = {}): AttemptFailure {
    const { url, timeoutMs = this.timeoutMs } = context;
    const proxy = url && proxyFor(url);
    if (proxy !== undefined && url !== undefined && error instanceof TunnelRefusedError) {
      const { statusCode } = error;
      return {
        retryable: isRetryableStatus(statusCode),
        outcomeUnknown: false,
        reason: `proxy answered HTTP ${statusCode}`,
        toError: (attempts) =>
          new ProxyRefusedError(endpoint, describeProxy(proxy), url.host, statusCode, attempts),
      };
    }
    const code = errorCode(error) ?? '';
    const tls = tlsFailure(endpoint, error, url, proxy);
    if (tls !== undefined) return tls;
    if (proxy !== undefined && url !== undefined && code === 'UND_ERR_PRX_CONN') {
      const cause = errorCode((error as { cause?: unknown }).cause) ?? 'closed';
      return {
        retryable: true,
        outcomeUnknown: false,
        reason: `the proxy ${describeProxy(proxy)} dropped the tunnel (${cause})`,
        toError: (attempts) =>
          new ProxyConnectError(endpoint, describeProxy(proxy), url.host, cause, attempts),
      };
    }
    const timedOut = context.timedOut === true || TIMEOUT_CODES.has(code);
    if (!timedOut && !TRANSIENT_CODES.has(code)) {
      return {
        retryable: false,
        outcomeUnknown: false,
        reason: messageOf(error),
        toError: () => asError(error),
      };
    }
    return {
      retryable: true,
      outcomeUnknown: !CONNECT_CODES.has(code),
      reason: timedOut ? `no answer within ${timeoutMs} ms` : code,
      toError: (attempts) =>
        timedOut
          ? new TimeoutError(endpoint, timeoutMs, attempts)
          : new NetworkError(endpoint, code, attempts, undefined, proxy && describeProxy(proxy)),
    };
  }

  close(): Promise<void> {
    return this.#dispatcher.close();
  }

  /** One request and its answer read whole, within the request timeout; every failure classified. */
  async #attempt<T>(exchange: Exchange<T>, signal?: AbortSignal): Promise<AttemptResult<T>> {
    const timeoutMs = this.requestTimeoutMs();
    // The whole exchange, not only each silence: a body that trickles a byte now and then would
    // otherwise hold its caller for as long as the service likes.
    const timeout = AbortSignal.timeout(timeoutMs);
    const { endpoint } = exchange;
    const url = this.url(exchange.path);
    const failed = (failure: AttemptFailure): AttemptResult<never> => {
      if (signal?.aborted) throw signal.reason;
      return { ok: false, failure };
    };
    const lost = (error: unknown) =>
      failed(this.networkFailure(endpoint, error, { url, timedOut: timeout.aborted, timeoutMs }));
    let response: Dispatcher.ResponseData;
    try {
      response = await this.send(url, {
        method: exchange.method,
        headers: exchange.headers,
        body: exchange.body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        idleTimeoutMs: timeoutMs,
      });
    } catch (error) {
      return lost(error);
    }
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      const text = await errorBodyStart(response.body);
      return failed(
        this.statusFailure(endpoint, status, response.headers, text, exchange.resourceId),
      );
    }
    try {
      return { ok: true, value: await exchange.read(response) };
    } catch (error) {
      discardBody(response.body);
      if (isRefusedAnswer(error)) return failed(refused(error));
      if (error instanceof UnusableBodyError) return failed(unusable(endpoint, status, error));
      const failure = this.networkFailure(endpoint, error, {
        url,
        timedOut: timeout.aborted,
        timeoutMs,
      });
      return failed(failure.retryable && !timeout.aborted ? cutShort(failure, status) : failure);
    }
  }
}

/**
 * A 2xx answer whose body broke off before its end (short of its Content-Length, or a chunked
 * body never finished): the service answered, so neither "no answer" nor base-url is the story.
 * Timeouts keep their own words.
 */
function cutShort(failure: AttemptFailure, status: number): AttemptFailure {
  return {
    ...failure,
    reason: `answer cut short (${failure.reason})`,
    toError: (attempts) => {
      const error = failure.toError(attempts);
      if (!(error instanceof NetworkError) || error instanceof TimeoutError) return error;
      return new NetworkError(
        error.endpoint,
        error.code,
        attempts,
        `${error.endpoint} answered HTTP ${status}, but its body broke off before its end ` +
          `(${error.code})${attempts > 1 ? `, ${attempts} times in a row` : ''}: the service ` +
          'or a proxy on the way cut it short; retry later.',
      );
    },
  };
}

/** Refused for its size or its nesting: the same request would get the same answer. */
const refused = (error: RefusedAnswerError): AttemptFailure => ({
  retryable: false,
  outcomeUnknown: false,
  reason: error instanceof AnswerTooDeepError ? 'answer nested too deep' : 'answer too large',
  toError: () => error,
});

/** A 2xx body of no use: garbled (the service may have acted on it; asked again) or final. */
const unusable = (endpoint: string, status: number, error: UnusableBodyError): AttemptFailure => ({
  retryable: !error.final,
  outcomeUnknown: !error.final,
  reason: error.final ? 'unexpected body' : 'unparsable JSON body',
  toError: (attempts) =>
    new ResponseShapeError(
      endpoint,
      status,
      error.fieldPath,
      error.problem,
      error.final ? 1 : attempts,
      error.final,
    ),
});
