// Which way each origin takes out, read from the environment as @actions/http-client reads it.
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkProxySettings,
  createDispatcher,
  describeProxy,
  proxyCredentials,
  proxyFor,
  ProxySettingError,
} from '../../src/http/dispatcher.ts';

const NAMES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY', 'no_proxy', 'NO_PROXY'];
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

function environment(values: Record<string, string>): void {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, values);
}

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const route = (url: string): string => {
  const proxy = proxyFor(new URL(url));
  return proxy === undefined ? 'direct' : describeProxy(proxy);
};

describe('proxyFor', () => {
  it('takes https_proxy for https and http_proxy for http, lower case first', () => {
    environment({
      https_proxy: 'http://lower:3128',
      HTTPS_PROXY: 'http://upper:3128',
      HTTP_PROXY: 'http://plain:8080',
    });
    expect(route('https://api.example.com/v1')).toBe('http://lower:3128');
    expect(route('http://artifacts.example.com/a')).toBe('http://plain:8080');
  });

  it('goes direct when no variable names a proxy for the scheme', () => {
    environment({ HTTP_PROXY: 'http://plain:8080' });
    expect(route('https://api.example.com/v1')).toBe('direct');
  });

  it('goes direct to loopback hosts and to NO_PROXY entries (suffix, host:port, *)', () => {
    environment({
      HTTPS_PROXY: 'http://proxy:3128',
      NO_PROXY: 'example.org, .corp.test, cdn.test:8443',
    });
    expect(route('https://127.0.0.1:8443/v1')).toBe('direct');
    expect(route('https://localhost/v1')).toBe('direct');
    expect(route('https://[::1]/v1')).toBe('direct');
    expect(route('https://api.example.org/v1')).toBe('direct');
    expect(route('https://example.org/v1')).toBe('direct');
    expect(route('https://a.corp.test/x')).toBe('direct');
    expect(route('https://cdn.test:8443/x')).toBe('direct');
    expect(route('https://cdn.test/x')).toBe('http://proxy:3128');
    expect(route('https://example.com/v1')).toBe('http://proxy:3128');
    environment({ HTTPS_PROXY: 'http://proxy:3128', no_proxy: '*' });
    expect(route('https://example.com/v1')).toBe('direct');
  });

  it('reads credentials decoded, and never shows them in the proxy description', () => {
    environment({ HTTPS_PROXY: 'http://ci%40corp:p%3Ass@proxy.corp:3128' });
    const proxy = proxyFor(new URL('https://api.example.com'))!;
    expect(proxyCredentials(proxy)).toEqual({
      token: `Basic ${Buffer.from('ci@corp:p:ss').toString('base64')}`,
    });
    expect(describeProxy(proxy)).toBe('http://proxy.corp:3128');
  });

  it('takes a proxy without a scheme as http://, as curl and @actions/http-client do', () => {
    environment({ HTTPS_PROXY: 'localhost:3128', http_proxy: 'user:pw@proxy.corp:8080' });
    expect(route('https://api.example.com/v1')).toBe('http://localhost:3128');
    expect(route('http://artifacts.example.com/a')).toBe('http://proxy.corp:8080');
  });

  it('refuses a proxy variable that names no proxy, naming the variable, never its password', () => {
    for (const [value, problem] of [
      ['http://exa mple:3128', 'is not a URL'],
      ['http://user:s3cret@[bad:3128', 'is not a URL'],
      ['socks5://proxy:1080', 'is a socks5:// proxy; only http and https are'],
    ]) {
      environment({ https_proxy: value! });
      const error = (() => {
        try {
          proxyFor(new URL('https://api.example.com'));
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(ProxySettingError);
      expect((error as Error).message).toMatch(new RegExp(`^https_proxy: ".*" ${problem}`));
      expect((error as Error).message).not.toContain('s3cret');
      expect(() => checkProxySettings()).toThrow(ProxySettingError);
      expect(() => createDispatcher()).toThrow(/^https_proxy: /);
    }
  });
});
