import { afterEach, describe, expect, it } from 'vitest';
import { TunnelRefusedError } from '../../src/http/dispatcher.ts';
import { NetworkError, ProxyRefusedError, TimeoutError } from '../../src/service/errors.ts';
import { defaultRetryRuntime } from '../../src/http/retry.ts';
import { Transport } from '../../src/service/transport.ts';

const ENDPOINT = 'GET /projects';
const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY };

const transport = () =>
  new Transport({
    baseUrl: 'https://api.example.com/v1',
    apiKey: 'key',
    userAgent: 'test',
    timeoutMs: 1_000,
    runtime: defaultRetryRuntime(),
  });

const coded = (code: string) => Object.assign(new Error(code), { code });

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('Transport.networkFailure', () => {
  it('classifies without throwing: anything that is not a network failure is final, as it was', () => {
    const bug = new TypeError('not a function');
    const failure = transport().networkFailure(ENDPOINT, bug);
    expect(failure).toMatchObject({ retryable: false, reason: 'not a function' });
    expect(failure.toError(1)).toBe(bug);
  });

  it('tells a request that never left from one the service may have acted on', () => {
    const refused = transport().networkFailure(ENDPOINT, coded('ECONNREFUSED'));
    const reset = transport().networkFailure(ENDPOINT, { cause: coded('ECONNRESET') });
    expect(refused).toMatchObject({ retryable: true, outcomeUnknown: false });
    expect(reset).toMatchObject({ retryable: true, outcomeUnknown: true, reason: 'ECONNRESET' });
    expect(reset.toError(3)).toBeInstanceOf(NetworkError);
  });

  it('reports a timeout with the time the exchange had', () => {
    const failure = transport().networkFailure(ENDPOINT, new Error('aborted'), {
      timedOut: true,
      timeoutMs: 250,
    });
    expect(failure).toMatchObject({ retryable: true, reason: 'no answer within 250 ms' });
    expect(failure.toError(2)).toBeInstanceOf(TimeoutError);
  });

  it("recognises a proxy's refusal by its error class, naming the proxy without credentials", () => {
    delete process.env.NO_PROXY;
    process.env.HTTPS_PROXY = 'http://user:secret@proxy.corp:3128';
    const url = new URL('https://api.example.com/v1/projects');
    const auth = transport().networkFailure(ENDPOINT, new TunnelRefusedError(407), { url });
    const down = transport().networkFailure(ENDPOINT, new TunnelRefusedError(502), { url });
    expect(auth).toMatchObject({ retryable: false, reason: 'proxy answered HTTP 407' });
    expect(down.retryable).toBe(true);
    const error = auth.toError(1);
    expect(error).toBeInstanceOf(ProxyRefusedError);
    expect(error).toMatchObject({ proxyStatus: 407 });
    expect(error.message).toContain('http://proxy.corp:3128');
    expect(error.message).not.toContain('secret');
  });
});
