// The HTTP edge (undici): base URL, auth for the API's own origin only, User-Agent, per-request
// timeouts that follow the time left in the step, and classification of every failure for the
// retry policy.
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { serviceMessageOf } from './error-body.ts';
import {
  ApiError,
  ApiKeyRefusedError,
  NetworkError,
  NotFoundError,
  ProxyRefusedError,
  ResponseShapeError,
  TimeoutError,
} from './errors.ts';
import { createDispatcher, describeProxy, proxyFor } from './dispatcher.ts';
import { LogEntryShapeError, UnreadableBodyError } from './log-stream.ts';
import {
  parseRetryAfter,
  timeLeft,
  withRetries,
  type AttemptFailure,
  type AttemptResult,
  type RetryRuntime,
} from './retry.ts';
import { shapeProblem, type FieldProblem } from './schemas.ts';

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  userAgent: string;
  timeoutMs: number;
  runtime: RetryRuntime;
  /** CAs to trust instead of the system's (tests); see DispatcherOptions. */
  ca?: string | Buffer;
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

export interface StreamRequest<T> {
  endpoint: string;
  path: string;
  resourceId?: string;
  read(response: Pick<Dispatcher.ResponseData, 'body' | 'headers'>): Promise<T>;
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

// Failures where the request certainly never reached the service.
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
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

/** The status with which a proxy refused a tunnel, as undici reports it; undefined otherwise. */
function proxyRefusal(error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : '';
  const status = /^Proxy response \((\d{3})\)|^Proxy Authentication Required \((407)\)/.exec(
    message,
  );
  return status ? Number(status[1] ?? status[2]) : undefined;
}

function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const headerValue = (
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Joins a path to the base URL, keeping the base's own path prefix (`/v1`). */
function joinUrl(baseUrl: string, path: string): URL {
  const base = new URL(baseUrl);
  return new URL(`${base.pathname.replace(/\/+$/, '')}${path}`, base.origin);
}

export class Transport {
  readonly runtime: RetryRuntime;
  readonly timeoutMs: number;
  readonly apiOrigin: string;
  readonly #baseUrl: string;
  readonly #apiKey: string;
  readonly #userAgent: string;
  readonly #dispatcher: Dispatcher;

  constructor(options: TransportOptions) {
    this.runtime = options.runtime;
    this.timeoutMs = options.timeoutMs;
    this.apiOrigin = new URL(options.baseUrl).origin;
    this.#baseUrl = options.baseUrl;
    this.#apiKey = options.apiKey;
    this.#userAgent = options.userAgent;
    this.#dispatcher = createDispatcher({ ca: options.ca });
  }

  /** The per-request timeout: the configured one, shortened to the time left in the step. */
  requestTimeoutMs(): number {
    return Math.max(1, Math.min(this.timeoutMs, timeLeft(this.runtime)));
  }

  url(path: string): URL {
    return joinUrl(this.#baseUrl, path);
  }

  /** Request headers for `url`: the API key goes to the API's own origin only. */
  headersFor(
    url: URL,
    extra: Record<string, string> = {},
    anonymous = false,
  ): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': this.#userAgent, ...extra };
    if (!anonymous && url.origin === this.apiOrigin) {
      headers.authorization = `Bearer ${this.#apiKey}`;
    }
    return headers;
  }

  /** One HTTP exchange, no redirects followed. */
  send(url: URL, init: SendInit): Promise<Dispatcher.ResponseData> {
    const headers = this.headersFor(url, init.headers, init.anonymous);
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

  /** A JSON endpoint: retried, validated, checked, typed. */
  json<T>(request: JsonRequest<T>, signal?: AbortSignal): Promise<T> {
    return withRetries(this.runtime, {
      endpoint: request.endpoint,
      signal,
      attempt: () => this.#jsonAttempt(request, signal),
      reconcile: request.reconcile,
    });
  }

  /**
   * A GET whose 2xx body `read` consumes as it streams: retried like `json`. `read` throws
   * UnreadableBodyError for a garbled body (asked again), LogEntryShapeError for a body of another
   * shape (final); a broken connection is a network failure.
   */
  stream<T>(request: StreamRequest<T>, signal?: AbortSignal): Promise<T> {
    return withRetries(this.runtime, {
      endpoint: request.endpoint,
      signal,
      attempt: () => this.#streamAttempt(request, signal),
    });
  }

  /** Classifies an HTTP status that is not a success. */
  statusFailure(
    endpoint: string,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    bodyText: string,
    resourceId?: string,
  ): AttemptFailure {
    const serviceMessage = serviceMessageOf(bodyText, [this.#apiKey]);
    const retryable = status === 408 || status === 429 || status >= 500;
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

  /** Classifies an exception thrown while talking to a server; rethrows what is not transient. */
  networkFailure(
    endpoint: string,
    error: unknown,
    timedOut: boolean,
    timeoutMs = this.timeoutMs,
    url?: URL,
  ): AttemptFailure {
    const proxy = url === undefined ? undefined : proxyFor(url);
    const refusedBy = proxyRefusal(error);
    if (proxy !== undefined && url !== undefined && refusedBy !== undefined) {
      return {
        retryable: refusedBy >= 500,
        outcomeUnknown: false,
        reason: `proxy answered HTTP ${refusedBy}`,
        toError: (attempts) =>
          new ProxyRefusedError(endpoint, describeProxy(proxy), url.host, refusedBy, attempts),
      };
    }
    const code = errorCode(error);
    if (!timedOut && (code === undefined || !TRANSIENT_CODES.has(code))) throw error;
    const isTimeout = timedOut || TIMEOUT_CODES.has(code ?? '');
    return {
      retryable: true,
      outcomeUnknown: !CONNECT_CODES.has(code ?? ''),
      reason: isTimeout ? `no answer within ${timeoutMs} ms` : (code ?? 'network error'),
      toError: (attempts) =>
        isTimeout
          ? new TimeoutError(endpoint, timeoutMs, attempts)
          : new NetworkError(
              endpoint,
              code ?? 'network error',
              attempts,
              undefined,
              proxy && describeProxy(proxy),
            ),
    };
  }

  close(): Promise<void> {
    return this.#dispatcher.close();
  }

  async #streamAttempt<T>(
    request: StreamRequest<T>,
    signal?: AbortSignal,
  ): Promise<AttemptResult<T>> {
    const timeoutMs = this.requestTimeoutMs();
    const url = this.url(request.path);
    const { endpoint } = request;
    let response: Dispatcher.ResponseData;
    try {
      response = await this.send(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal,
        // A long body may take longer than the timeout in all; only silence counts.
        idleTimeoutMs: timeoutMs,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return { ok: false, failure: this.networkFailure(endpoint, error, false, timeoutMs, url) };
    }
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      const text = await response.body.text().catch(() => '');
      const failure = this.statusFailure(
        endpoint,
        status,
        response.headers,
        text,
        request.resourceId,
      );
      return { ok: false, failure };
    }
    try {
      return { ok: true, value: await request.read(response) };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      response.body.destroy();
      if (error instanceof LogEntryShapeError) {
        return shapeFailure(endpoint, status, error.fieldPath, error.problem);
      }
      if (error instanceof UnreadableBodyError) {
        return {
          ok: false,
          failure: {
            retryable: true,
            outcomeUnknown: false,
            reason: 'unparsable JSON body',
            toError: (attempts) =>
              new ResponseShapeError(
                endpoint,
                status,
                '(body)',
                'is not valid JSON',
                attempts,
                false,
              ),
          },
        };
      }
      return { ok: false, failure: this.networkFailure(endpoint, error, false, timeoutMs, url) };
    }
  }

  async #jsonAttempt<T>(request: JsonRequest<T>, signal?: AbortSignal): Promise<AttemptResult<T>> {
    const timeoutMs = this.requestTimeoutMs();
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    const url = this.url(request.path);
    let response: Dispatcher.ResponseData;
    let text: string;
    try {
      response = await this.send(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        idleTimeoutMs: timeoutMs,
      });
      text = await response.body.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      return {
        ok: false,
        failure: this.networkFailure(request.endpoint, error, timeout.aborted, timeoutMs, url),
      };
    }
    const status = response.statusCode;
    if (status < 200 || status >= 300) {
      const failure = this.statusFailure(
        request.endpoint,
        status,
        response.headers,
        text,
        request.resourceId,
      );
      return { ok: false, failure };
    }
    return this.#decode(request, status, text);
  }

  #decode<T>(request: JsonRequest<T>, status: number, text: string): AttemptResult<T> {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return {
        ok: false,
        failure: {
          retryable: true,
          outcomeUnknown: true,
          reason: 'unparsable JSON body',
          toError: (attempts) =>
            new ResponseShapeError(
              request.endpoint,
              status,
              '(body)',
              'is not valid JSON',
              attempts,
              false,
            ),
        },
      };
    }
    const parsed = request.schema.safeParse(data);
    if (!parsed.success) {
      const { fieldPath, problem } = shapeProblem(parsed.error);
      return shapeFailure(request.endpoint, status, fieldPath, problem);
    }
    const mismatch = request.check?.(parsed.data);
    if (mismatch !== undefined) {
      return shapeFailure(request.endpoint, status, mismatch.fieldPath, mismatch.problem);
    }
    return { ok: true, value: parsed.data };
  }
}

/** A 2xx body of another shape, or about another resource: asking again won't help. */
const shapeFailure = (
  endpoint: string,
  status: number,
  fieldPath: string,
  problem: string,
): AttemptResult<never> => ({
  ok: false,
  failure: {
    retryable: false,
    outcomeUnknown: false,
    reason: 'unexpected body',
    toError: () => new ResponseShapeError(endpoint, status, fieldPath, problem),
  },
});
