import { ActionError } from '../shared/errors.ts';
export { ResponseTooLargeError } from '../http/errors.ts';
/** The service answered with a status that is not a success. */
export declare class ApiError extends ActionError {
    readonly status: number;
    readonly endpoint: string;
    readonly serviceMessage: string | undefined;
    readonly attempts: number;
    constructor(status: number, endpoint: string, serviceMessage: string | undefined, attempts?: number, message?: string);
}
/** 401 or 403: the service refused the API key. */
export declare class ApiKeyRefusedError extends ApiError {
    constructor(status: number, endpoint: string, serviceMessage: string | undefined);
}
/** 404: the resource named by the request does not exist. */
export declare class NotFoundError extends ApiError {
    readonly resourceId: string;
    constructor(endpoint: string, resourceId: string, serviceMessage: string | undefined);
}
/**
 * A success answer whose body is not JSON, lacks a field the client relies on, has a value out of
 * the contract (an id of another form, a negative size), or is not the resource asked for. The
 * message names the field and the rule, never the value.
 */
export declare class ResponseShapeError extends ActionError {
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
    constructor(endpoint: string, status: number, fieldPath: string, problem: string, attempts?: number, final?: boolean);
}
/** No HTTP answer at all (connection refused, reset, DNS) even after retrying. */
export declare class NetworkError extends ActionError {
    readonly endpoint: string;
    /** The system or undici error code, e.g. `ECONNRESET`, `UND_ERR_SOCKET`. */
    readonly code: string;
    readonly attempts: number;
    /** `proxy`: the proxy the request went through (without credentials), if any. */
    constructor(endpoint: string, code: string, attempts: number, message?: string, proxy?: string);
}
/** The proxy of the environment would not open a tunnel to the host (HTTP status of its answer). */
export declare class ProxyRefusedError extends NetworkError {
    readonly proxyStatus: number;
    constructor(endpoint: string, proxy: string, host: string, proxyStatus: number, attempts: number);
}
/**
 * The proxy of the environment dropped the connection while opening a tunnel to the host (undici
 * says only "Proxy Connection failed"): the proxy, not the host, is the place to look.
 */
export declare class ProxyConnectError extends NetworkError {
    readonly proxy: string;
    constructor(endpoint: string, proxy: string, host: string, code: string, attempts: number);
}
/**
 * The TLS connection to a host failed: its certificate is not one this runner trusts (often a
 * private CA, or a proxy that inspects TLS). Never retried, never ignored.
 */
export declare class TlsError extends ActionError {
    readonly endpoint: string;
    readonly host: string;
    /** The TLS error code, e.g. `SELF_SIGNED_CERT_IN_CHAIN`, `CERT_HAS_EXPIRED`. */
    readonly code: string;
    constructor(endpoint: string, host: string, code: string, reason: string);
}
/** No complete answer within the per-request timeout, even after retrying. */
export declare class TimeoutError extends NetworkError {
    readonly timeoutMs: number;
    constructor(endpoint: string, timeoutMs: number, attempts: number);
}
export type DownloadProblem = 'size' | 'space' | 'name' | 'redirect' | 'range' | 'content' | 'path';
/** The artifact is not as announced (length, range), or its name or redirects are unusable. */
export declare class DownloadError extends ActionError {
    readonly buildId: string;
    readonly problem: DownloadProblem;
    constructor(buildId: string, problem: DownloadProblem, message: string);
}
/**
 * The artifact host (not the service) refused or failed the transfer, even with a fresh URL from
 * the service: an expired or revoked signed URL, a host down, or one that blocks the runner.
 */
export declare class ArtifactHostError extends ActionError {
    readonly buildId: string;
    readonly host: string;
    readonly status: number;
    readonly attempts: number;
    constructor(buildId: string, host: string, status: number, body: string, attempts: number);
}
