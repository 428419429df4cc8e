import { Dispatcher } from 'undici';
import { ActionError } from '../shared/errors.ts';
export interface DispatcherOptions {
    /**
     * CAs to trust instead of the system's (tests). Users add a private CA with
     * NODE_EXTRA_CA_CERTS. Certificates are always verified, whatever the environment says
     * (NODE_TLS_REJECT_UNAUTHORIZED=0 would otherwise hand the API key to anyone on the path).
     */
    ca?: string | Buffer;
}
/** Where requests to `url` go: a proxy URL, or undefined for a direct connection. */
export declare function proxyFor(url: URL): URL | undefined;
/** The proxy without its credentials, for logs. */
export declare function describeProxy(proxy: URL): string;
/** The proxy would not open a tunnel: its answer to CONNECT had this status instead of 200. */
export declare class TunnelRefusedError extends ActionError {
    readonly statusCode: number;
    constructor(statusCode: number);
}
/** A dispatcher that reads the proxy settings of the environment at each new origin. */
export declare function createDispatcher(options?: DispatcherOptions): Dispatcher;
