// The one undici dispatcher every request of the action goes through. It routes each origin the
// way @actions/http-client does (the client behind @actions/core, artifact and github), so the
// service, the artifact host and GitHub all take the same way out: `https_proxy`/`HTTPS_PROXY`
// for https, `http_proxy`/`HTTP_PROXY` for http, `no_proxy`/`NO_PROXY` and loopback hosts direct.
// https goes through a CONNECT tunnel; credentials in the proxy URL become Proxy-Authorization,
// sent to the proxy only. A proxy without a scheme (`localhost:3128`, common in corporate images)
// is http://, as curl and @actions/http-client take it; one that is no URL at all is refused,
// naming its variable, before any request (http-client would quietly connect directly).
import { checkBypass } from '@actions/http-client/lib/proxy';
import { Agent, Dispatcher, Pool, ProxyAgent } from 'undici';
import { ActionError } from '../shared/errors.ts';
import { quotedText } from '../text/escape.ts';

export interface DispatcherOptions {
  /**
   * CAs to trust instead of the system's (tests). Users add a private CA with
   * NODE_EXTRA_CA_CERTS. Certificates are always verified, whatever the environment says
   * (NODE_TLS_REJECT_UNAUTHORIZED=0 would otherwise hand the API key to anyone on the path).
   */
  ca?: string | Buffer;
}

/** A proxy variable of the environment that names no usable proxy. */
export class ProxySettingError extends ActionError {
  readonly variable: string;

  constructor(variable: string, value: string, problem: string) {
    super(
      // Credentials in it stay out of the message.
      `${variable}: ${quotedText(value.replace(/^([^@/]*\/\/)?[^@/]*@/, '$1***@'))} ${problem}; ` +
        'set it to http://host:port (user and password as http://user:password@host:port), ' +
        'or unset it to connect directly',
    );
    this.variable = variable;
  }
}

/** The variables naming the proxy for each scheme, in the order http-client and undici read them. */
const PROXY_VARIABLES = {
  'https:': ['https_proxy', 'HTTPS_PROXY'],
  'http:': ['http_proxy', 'HTTP_PROXY'],
} as const;

/** The proxy a variable names: a URL without a scheme is http://; throws when it is none. */
export function parseProxyUrl(variable: string, value: string): URL {
  const text = value.trim();
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  if (url === null || url.hostname === '') {
    throw new ProxySettingError(variable, value, 'is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProxySettingError(
      variable,
      value,
      `is a ${url.protocol}// proxy; only http and https are`,
    );
  }
  return url;
}

/** Where requests to `url` go: a proxy URL, or undefined for a direct connection. */
export function proxyFor(url: URL, env: NodeJS.ProcessEnv = process.env): URL | undefined {
  if (checkBypass(url)) return undefined;
  const names = url.protocol === 'https:' ? PROXY_VARIABLES['https:'] : PROXY_VARIABLES['http:'];
  const variable = names.find((name) => env[name]);
  return variable === undefined ? undefined : parseProxyUrl(variable, env[variable]!);
}

/** Throws ProxySettingError for the first proxy variable that names no usable proxy. */
export function checkProxySettings(env: NodeJS.ProcessEnv = process.env): void {
  for (const variable of [...PROXY_VARIABLES['https:'], ...PROXY_VARIABLES['http:']]) {
    if (env[variable]) parseProxyUrl(variable, env[variable]);
  }
}

/** The proxy without its credentials, for logs. */
export function describeProxy(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`;
}

/** The proxy would not open a tunnel: its answer to CONNECT had this status instead of 200. */
export class TunnelRefusedError extends ActionError {
  readonly statusCode: number;

  constructor(statusCode: number) {
    super(`the proxy refused the tunnel (HTTP ${statusCode})`);
    this.statusCode = statusCode;
  }
}

/**
 * A refused CONNECT fails as TunnelRefusedError, with the proxy's status as a number: undici's own
 * error for it keeps the status only in its message text.
 */
const refusedTunnels: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) =>
  dispatch(
    options,
    options.method !== 'CONNECT'
      ? handler
      : {
          onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
          onResponseStart: (controller, statusCode, headers, statusMessage) =>
            handler.onResponseStart?.(controller, statusCode, headers, statusMessage),
          onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
          onRequestUpgrade: (controller, statusCode, headers, socket) => {
            if (statusCode === 200) {
              handler.onRequestUpgrade?.(controller, statusCode, headers, socket);
              return;
            }
            socket.destroy();
            handler.onResponseError?.(controller, new TunnelRefusedError(statusCode));
          },
        },
  );

class RoutingDispatcher extends Dispatcher {
  readonly #tls: { rejectUnauthorized: true; ca?: string | Buffer };
  readonly #direct: Agent;
  readonly #proxies = new Map<string, ProxyAgent>();

  constructor(options: DispatcherOptions) {
    super();
    this.#tls = { rejectUnauthorized: true, ...(options.ca !== undefined && { ca: options.ca }) };
    this.#direct = new Agent({ connect: this.#tls });
  }

  override dispatch(
    options: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): boolean {
    return this.#route(new URL(String(options.origin))).dispatch(options, handler);
  }

  override async close(): Promise<void> {
    await Promise.all([
      this.#direct.close(),
      ...[...this.#proxies.values()].map((agent) => agent.close()),
    ]);
  }

  override async destroy(): Promise<void> {
    await Promise.all([
      this.#direct.destroy(),
      ...[...this.#proxies.values()].map((agent) => agent.destroy()),
    ]);
  }

  #route(origin: URL): Dispatcher {
    const proxy = proxyFor(origin);
    if (proxy === undefined) return this.#direct;
    let agent = this.#proxies.get(proxy.href);
    if (agent === undefined) {
      agent = new ProxyAgent({
        uri: describeProxy(proxy),
        ...proxyCredentials(proxy),
        requestTls: this.#tls,
        proxyTls: this.#tls,
        clientFactory: (origin, poolOptions) =>
          new Pool(origin, poolOptions).compose(refusedTunnels),
      });
      this.#proxies.set(proxy.href, agent);
    }
    return agent;
  }
}

// A URL keeps its credentials percent-encoded; undici wants them decoded, as one Basic token.
export function proxyCredentials(proxy: URL): { token?: string } {
  if (proxy.username === '' && proxy.password === '') return {};
  const decoded = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const basic = Buffer.from(`${decoded(proxy.username)}:${decoded(proxy.password)}`).toString(
    'base64',
  );
  return { token: `Basic ${basic}` };
}

/**
 * A dispatcher that reads the proxy settings of the environment at each new origin; a proxy
 * variable that names no proxy is refused here, before any request.
 */
export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  checkProxySettings();
  return new RoutingDispatcher(options);
}
