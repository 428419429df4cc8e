// Every failure the client reports. Messages name the endpoint as a template
// ('GET /builds/:buildId') and never carry the API key: service text is redacted before it
// reaches an error (see error-body.ts).

import { ActionError } from '../shared/errors.ts';
import { REQUEST_TIMEOUT_MS } from '../shared/timing.ts';
import { isRetryableStatus } from '../http/retry.ts';
import { commandText } from '../text/escape.ts';

export { ResponseTooLargeError } from '../http/errors.ts';

const attemptsNote = (attempts: number): string =>
  attempts > 1 ? ` after ${attempts} attempts` : '';

/** `: <the service's message>. `, one sentence end whether or not the service wrote its own. */
function quoted(serviceMessage: string | undefined): string {
  const text = serviceMessage?.trimEnd() ?? '';
  if (text === '') return '. ';
  return /[.!?]$/.test(text) ? `: ${text} ` : `: ${text}. `;
}

/** The service answered with a status that is not a success. */
export class ApiError extends ActionError {
  readonly status: number;
  readonly endpoint: string;
  readonly serviceMessage: string | undefined;
  readonly attempts: number;

  constructor(
    status: number,
    endpoint: string,
    serviceMessage: string | undefined,
    attempts = 1,
    message?: string,
  ) {
    super(
      message ??
        `${endpoint} failed with HTTP ${status}${attemptsNote(attempts)}` +
          (serviceMessage ? `: ${serviceMessage}` : '.'),
    );
    this.status = status;
    this.endpoint = endpoint;
    this.serviceMessage = serviceMessage;
    this.attempts = attempts;
  }
}

/** 401 or 403: the service refused the API key. */
export class ApiKeyRefusedError extends ApiError {
  constructor(status: number, endpoint: string, serviceMessage: string | undefined) {
    super(
      status,
      endpoint,
      serviceMessage,
      1,
      `The service refused the API key (HTTP ${status} on ${endpoint})` +
        quoted(serviceMessage) +
        'Check that the api-key secret is set, current, and allowed to use this project.',
    );
  }
}

/** 404: the resource named by the request does not exist. */
export class NotFoundError extends ApiError {
  readonly resourceId: string;

  constructor(endpoint: string, resourceId: string, serviceMessage: string | undefined) {
    super(
      404,
      endpoint,
      serviceMessage,
      1,
      `'${resourceId}' was not found (HTTP 404 on ${endpoint})` +
        quoted(serviceMessage) +
        "It may be misspelt, deleted, or belong to another account than the API key's.",
    );
    this.resourceId = resourceId;
  }
}

/**
 * A success answer whose body is not JSON, lacks a field the client relies on, has a value out of
 * the contract (an id of another form, a negative size), or is not the resource asked for. The
 * message names the field and the rule, never the value.
 */
export class ResponseShapeError extends ActionError {
  readonly endpoint: string;
  readonly status: number;
  /** Dotted path of the offending field, e.g. `builds.0.status`; `(body)` when not JSON. */
  readonly fieldPath: string;
  readonly attempts: number;
  /**
   * Asking again won't help: the body was JSON of another shape or another resource. False for a
   * body that was not JSON at all (garbled on the way), which a later read may get right.
   */
  readonly final: boolean;

  constructor(
    endpoint: string,
    status: number,
    fieldPath: string,
    problem: string,
    attempts = 1,
    final = true,
  ) {
    super(
      `${endpoint} answered HTTP ${status} with an unexpected body${attemptsNote(attempts)}: ` +
        `${fieldPath} ${problem}. The service may be a different API version than this action ` +
        'expects, or misbehaving.',
    );
    this.endpoint = endpoint;
    this.status = status;
    this.fieldPath = fieldPath;
    this.attempts = attempts;
    this.final = final;
  }
}

/** No HTTP answer at all (connection refused, reset, DNS) even after retrying. */
export class NetworkError extends ActionError {
  readonly endpoint: string;
  /** The system or undici error code, e.g. `ECONNRESET`, `UND_ERR_SOCKET`. */
  readonly code: string;
  readonly attempts: number;

  /** `proxy`: the proxy the request went through (without credentials), if any. */
  constructor(endpoint: string, code: string, attempts: number, message?: string, proxy?: string) {
    super(
      message ??
        `${endpoint} got no answer from the service (${code})${attemptsNote(attempts)}` +
          (proxy === undefined
            ? '. Check base-url and that the service is reachable from the runner' +
              ' (behind a proxy, set HTTPS_PROXY).'
            : ` through the proxy ${proxy}. Check base-url, the proxy, and NO_PROXY.`),
    );
    this.endpoint = endpoint;
    this.code = code;
    this.attempts = attempts;
  }
}

/** The proxy of the environment would not open a tunnel to the host (HTTP status of its answer). */
export class ProxyRefusedError extends NetworkError {
  readonly proxyStatus: number;

  constructor(
    endpoint: string,
    proxy: string,
    host: string,
    proxyStatus: number,
    attempts: number,
  ) {
    super(
      endpoint,
      'EPROXY',
      attempts,
      `The proxy ${proxy} refused to connect to ${host} (HTTP ${proxyStatus}` +
        (proxyStatus === 407 ? ': proxy authentication required' : '') +
        `)${attemptsNote(attempts)}. ` +
        (proxyStatus === 407
          ? 'Put the proxy user and password in HTTPS_PROXY (http://user:password@host:port).'
          : 'Check that the proxy allows this host, or list the host in NO_PROXY.'),
      proxy,
    );
    this.proxyStatus = proxyStatus;
  }
}

/**
 * The proxy of the environment dropped the connection while opening a tunnel to the host (undici
 * says only "Proxy Connection failed"): the proxy, not the host, is the place to look.
 */
export class ProxyConnectError extends NetworkError {
  readonly proxy: string;

  constructor(endpoint: string, proxy: string, host: string, code: string, attempts: number) {
    super(
      endpoint,
      code,
      attempts,
      `The proxy ${proxy} dropped the connection while opening a tunnel to ${host} (${code})` +
        `${attemptsNote(attempts)}. Check that the proxy runs and accepts CONNECT to this host, ` +
        'the proxy URL in HTTPS_PROXY, or list the host in NO_PROXY.',
      proxy,
    );
    this.proxy = proxy;
  }
}

/**
 * The TLS connection to a host failed: its certificate is not one this runner trusts (often a
 * private CA, or a proxy that inspects TLS). Never retried, never ignored.
 */
export class TlsError extends ActionError {
  readonly endpoint: string;
  readonly host: string;
  /** The TLS error code, e.g. `SELF_SIGNED_CERT_IN_CHAIN`, `CERT_HAS_EXPIRED`. */
  readonly code: string;

  constructor(endpoint: string, host: string, code: string, reason: string) {
    super(
      `${endpoint}: the TLS connection to ${host} failed (${code}: ${commandText(reason, 200)}). ` +
        'If the host (or a proxy that inspects TLS) uses a private certificate authority, give ' +
        'the runner its certificate with NODE_EXTRA_CA_CERTS=/path/to/ca.pem in the env of the ' +
        'job; certificates are always checked.',
    );
    this.endpoint = endpoint;
    this.host = host;
    this.code = code;
  }
}

/** No complete answer within the per-request timeout, even after retrying. */
export class TimeoutError extends NetworkError {
  readonly timeoutMs: number;

  constructor(endpoint: string, timeoutMs: number, attempts: number) {
    super(
      endpoint,
      'ETIMEDOUT',
      attempts,
      `${endpoint} did not answer within ${timeoutMs} ms${attemptsNote(attempts)}. ` +
        'The service may be overloaded; retry later. (A request waits at most ' +
        `${REQUEST_TIMEOUT_MS / 1000} s, or what ` +
        "is left of the step's timeout input.)",
    );
    this.timeoutMs = timeoutMs;
  }
}

export type DownloadProblem = 'size' | 'space' | 'name' | 'redirect' | 'range' | 'content' | 'path';

/** The artifact is not as announced (length, range), or its name or redirects are unusable. */
export class DownloadError extends ActionError {
  readonly buildId: string;
  readonly problem: DownloadProblem;

  constructor(buildId: string, problem: DownloadProblem, message: string) {
    super(`Download of build ${buildId}: ${message}`);
    this.buildId = buildId;
    this.problem = problem;
  }
}

/**
 * The artifact host (not the service) refused or failed the transfer, even with a fresh URL from
 * the service: an expired or revoked signed URL, a host down, or one that blocks the runner.
 */
export class ArtifactHostError extends ActionError {
  readonly buildId: string;
  readonly host: string;
  readonly status: number;
  readonly attempts: number;

  constructor(buildId: string, host: string, status: number, body: string, attempts: number) {
    const words = commandText(body, 200);
    super(
      `Download of build ${buildId}: the artifact host ${host} answered HTTP ${status}` +
        `${attemptsNote(attempts)}${words === '' ? '' : ` (${words})`}. ` +
        (isRetryableStatus(status)
          ? 'The host may be overloaded; re-run the job later.'
          : 'A signed artifact URL may have expired even when fetched fresh, or the host refuses ' +
            "the runner's network; re-run the job, or check the runner's proxy settings."),
    );
    this.buildId = buildId;
    this.host = host;
    this.status = status;
    this.attempts = attempts;
  }
}
