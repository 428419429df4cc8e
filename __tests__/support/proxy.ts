// A real forward proxy for tests (proxy-chain): it asks for credentials, logs every request it
// gets as the proxy sees it, and resolves every name to 127.0.0.1, so a host such as
// `service.test` is reachable through it and from nowhere else.
import type { LookupFunction } from 'node:net';
import { Server } from 'proxy-chain';

export interface ProxiedRequest {
  /** The target as the proxy was asked for it. */
  hostname: string;
  port: number;
  /** true for a forwarded plain-http request, false for a CONNECT tunnel. */
  isHttp: boolean;
  user: string;
  /** The request's headers as the proxy received them. */
  headers: Record<string, string | string[] | undefined>;
}

export interface TestProxy {
  /** `http://user:password@127.0.0.1:<port>` */
  url(user: string, password: string): string;
  log: ProxiedRequest[];
  close(): Promise<void>;
}

const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

export async function startProxy(credentials: {
  user: string;
  password: string;
}): Promise<TestProxy> {
  const log: ProxiedRequest[] = [];
  const server = new Server({
    host: '127.0.0.1',
    port: 0,
    prepareRequestFunction: ({ request, username, password, hostname, port, isHttp }) => {
      log.push({ hostname, port, isHttp, user: username, headers: { ...request.headers } });
      return {
        requestAuthentication: username !== credentials.user || password !== credentials.password,
        dnsLookup: toLoopback as never,
      };
    },
  });
  await server.listen();
  return {
    url: (user, password) =>
      `http://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${server.port}`,
    log,
    close: () => server.close(true),
  };
}
