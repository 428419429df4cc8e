import { Dispatcher } from '../vendor/undici/types/index.js';
import { ActionError } from '../shared/errors.ts';
export interface DispatcherOptions {
    /**
     * CAs to trust instead of the system's (tests). Users add a private CA with
     * NODE_EXTRA_CA_CERTS. Certificates are always verified, whatever the environment says
     * (NODE_TLS_REJECT_UNAUTHORIZED=0 would otherwise hand the API key to anyone on the path).
     */
    ca?: string | Buffer;
}
/** A proxy variable of the environment that names no usable proxy. */
export declare class ProxySettingError extends ActionError {
    readonly variable: string;
    constructor(variable: string, value: string, problem: string);
}
/** The proxy a variable names: a URL without a scheme is http://; throws when it is none. */
export declare function parseProxyUrl(variable: string, value: string): URL;
/** Where requests to `url` go: a proxy URL, or undefined for a direct connection. */
export declare function proxyFor(url: URL, env?: NodeJS.ProcessEnv): URL | undefined;
/** Throws ProxySettingError for the first proxy variable that names no usable proxy. */
export declare function checkProxySettings(env?: NodeJS.ProcessEnv): void;
/** The proxy without its credentials, for logs. */
export declare function describeProxy(proxy: URL): string;
/** The proxy would not open a tunnel: its answer to CONNECT had this status instead of 200. */
export declare class TunnelRefusedError extends ActionError {
    readonly statusCode: number;
    constructor(statusCode: number);
}
export declare function proxyCredentials(proxy: URL): {
    token?: string;
};
/**
 * A dispatcher that reads the proxy settings of the environment at each new origin; a proxy
 * variable that names no proxy is refused here, before any request.
 */
export declare function createDispatcher(options?: DispatcherOptions): Dispatcher;
