// The GitHub client's one retry layer, its way out and its bound on each attempt, against a raw
// node:http server on 127.0.0.1 that plays GitHub's REST API with scripted answers (GitHub is not
// reachable here), and a real forward proxy; the real Octokit of @actions/github sends every
// request. Nothing of ours is mocked.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { createServer as createHttpsServer } from 'node:https';
import { lookup } from 'node:dns/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../src/http/dispatcher.ts';
import { defaultRetryRuntime, type RetryEvent } from '../../src/http/retry.ts';
import { GitHubAnswerError } from '../../src/github/errors.ts';
import { AnswerTooDeepError, ResponseTooLargeError } from '../../src/http/errors.ts';
import {
  callFailure,
  createGitHub,
  GitHubTimeoutError,
  MAX_GITHUB_ANSWER_BYTES,
  httpStatus,
  type RetryHints,
} from '../../src/github/client.ts';
import { makeCertificates } from '../../test-kit/certificates.ts';
import { close, listen, readBody, sendJson } from '../../test-kit/stand-ins/http.ts';
import { startProxy } from '../support/proxy.ts';
import { virtualClock, type VirtualClock } from '../support/virtual-clock.ts';

const repo = { owner: 'acme', repo: 'desktop-app' };
type Answer = (req: IncomingMessage, res: ServerResponse) => void;

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(closers.map((closeOne) => closeOne()));
  closers = [];
});

/** A GitHub whose n-th request gets `answers[n]` (the last one from then on). */
async function scriptedGitHub(...answers: Answer[]) {
  const received: string[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then(() => {
      received.push(`${req.method} ${req.url}`);
      const answer = answers[Math.min(received.length, answers.length) - 1]!;
      answer(req, res);
    });
  });
  const url = await listen(server);
  closers.push(() => close(server));
  return { url, received };
}

const release = (res: ServerResponse) => sendJson(res, 200, { id: 5, tag_name: 'v1' });
const status =
  (code: number, headers: Record<string, string> = {}): Answer =>
  (_req, res) =>
    sendJson(res, code, { message: `scripted ${code}` }, headers);
const noAnswer: Answer = (req) => req.socket.destroy();

function client(
  url: string,
  throttle = false,
  maxAttempts = 4,
  requestTimeoutMs?: number,
  clock?: Pick<VirtualClock, 'now' | 'sleep'>,
) {
  const retries: RetryEvent[] = [];
  const retry = {
    ...defaultRetryRuntime(
      { maxAttempts, baseDelayMs: 5, maxDelayMs: 10 },
      { onRetry: (event) => retries.push(event) },
    ),
    ...(clock && { now: clock.now, sleep: clock.sleep }),
  };
  return {
    github: createGitHub('ghs-x', { baseUrl: url, retry, throttle, requestTimeoutMs }),
    retries,
  };
}

describe('the GitHub client under the retry policy', () => {
  it('retries a 5xx and a 408 with backoff, and says which request it retries', async () => {
    const api = await scriptedGitHub(status(502), status(408), (_req, res) => release(res));
    const { github, retries } = client(api.url);

    const { data } = await github.rest.repos.getRelease({ ...repo, release_id: 5 });

    expect(data.id).toBe(5);
    expect(api.received).toHaveLength(3);
    expect(retries.map((event) => event.reason)).toEqual(['HTTP 502', 'HTTP 408']);
    expect(retries[0]!.endpoint).toBe('GitHub GET /repos/acme/desktop-app/releases/5');
  });

  it('gives up at once on an answer no wait can change, as the one GitHubAnswerError', async () => {
    const api = await scriptedGitHub(status(404, { 'x-github-request-id': 'C0DE:1234' }));
    const { github, retries } = client(api.url);

    const error = await github.rest.repos
      .getRelease({ ...repo, release_id: 5 })
      .catch((error: unknown) => error);

    expect(error).toBeInstanceOf(GitHubAnswerError);
    expect(httpStatus(error)).toBe(404);
    expect(error).toMatchObject({
      what: 'GET /repos/acme/desktop-app/releases/5',
      githubMessage: 'scripted 404',
      requestId: 'C0DE:1234',
      response: { data: { message: 'scripted 404' } },
    });
    expect(String(error)).toBe(
      'GitHubAnswerError: GitHub answered GET /repos/acme/desktop-app/releases/5 with HTTP 404: ' +
        'scripted 404 (request id C0DE:1234)',
    );
    expect(api.received).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it("shows GitHub's words inert, without the token, with a 422's error codes", async () => {
    const api = await scriptedGitHub((_req, res) =>
      sendJson(res, 422, {
        message: 'Validation Failed\n::error::owned for ghs-x',
        errors: [{ resource: 'Release', code: 'already_exists', field: 'tag_name' }],
      }),
    );
    const { github } = client(api.url);

    const error = await github.rest.repos
      .createRelease({ ...repo, tag_name: 'v1' })
      .catch((error: unknown) => error);

    expect(error).toBeInstanceOf(GitHubAnswerError);
    expect((error as GitHubAnswerError).githubMessage).toBe(
      'Validation Failed ::error::owned for *** (already_exists)',
    );
    expect(String(error)).not.toContain('\n');
    expect(String(error)).not.toContain('ghs-x');
    // What the release code reads of it is still there.
    expect((error as GitHubAnswerError).response.data).toMatchObject({
      errors: [{ code: 'already_exists' }],
    });
  });

  it('waits out a rate-limited 403 in one layer, throttling on: one request per attempt', async () => {
    const api = await scriptedGitHub(
      status(403, { 'retry-after': '0', 'x-ratelimit-remaining': '0' }),
    );
    const { github, retries } = client(api.url, true, 3);

    const error = await github.rest.repos
      .getRelease({ ...repo, release_id: 5 })
      .catch((error: unknown) => error);

    expect(httpStatus(error)).toBe(403);
    expect(api.received).toHaveLength(3);
    expect(retries.every((event) => event.serverAsked)).toBe(true);
  });

  it('retries every page of a listing on its own', async () => {
    let pageTwoFailed = false;
    const api = await scriptedGitHub((req, res) => {
      const page = new URL(req.url!, 'http://x').searchParams.get('page');
      if (page === null) {
        const next = `<http://${req.headers.host}${req.url}&page=2>; rel="next"`;
        return sendJson(res, 200, [{ id: 1 }], { link: next });
      }
      if (!pageTwoFailed) {
        pageTwoFailed = true;
        return sendJson(res, 503, { message: 'busy' });
      }
      sendJson(res, 200, [{ id: 2 }]);
    });
    const { github } = client(api.url);

    const assets = await github.paginate(github.rest.repos.listReleaseAssets, {
      ...repo,
      release_id: 5,
      per_page: 1,
    });

    expect(assets.map((asset) => asset.id)).toEqual([1, 2]);
    expect(api.received).toEqual([
      'GET /repos/acme/desktop-app/releases/5/assets?per_page=1',
      'GET /repos/acme/desktop-app/releases/5/assets?per_page=1&page=2',
      'GET /repos/acme/desktop-app/releases/5/assets?per_page=1&page=2',
    ]);
  });

  it('looks for the effect of a write whose answer was lost before sending it again', async () => {
    const api = await scriptedGitHub(noAnswer, status(500));
    const { github, retries } = client(api.url);
    let looked = 0;
    const hints: RetryHints = {
      reconcile: async () => (++looked === 1 ? undefined : { id: 77, body: 'found' }),
    };

    const { data } = await github.rest.issues.createComment({
      ...repo,
      issue_number: 7,
      body: 'hello',
      request: hints,
    });

    // Sent, no answer; nothing found, sent again, 500; found: not sent a third time.
    expect(data).toEqual({ id: 77, body: 'found' });
    expect(api.received).toHaveLength(2);
    expect(looked).toBe(2);
    expect(retries[0]!.reason).not.toMatch(/^HTTP/);
  });

  it('waits out what a request adds to the rule, and only for that request', async () => {
    const api = await scriptedGitHub(status(422), status(422), (_req, res) =>
      sendJson(res, 200, { id: 9 }),
    );
    const { github } = client(api.url);
    const tooSoon: RetryHints = { alsoRetryable: (error) => httpStatus(error) === 422 };

    const { data } = await github.rest.issues.updateComment({
      ...repo,
      comment_id: 9,
      body: 'x',
      request: tooSoon,
    });

    expect(data.id).toBe(9);
    expect(api.received).toHaveLength(3);
  });
});

describe('the way out: the dispatcher of the environment', () => {
  it('sends REST calls and every page through HTTPS_PROXY in tunnels, the step signal given', async () => {
    // `api.github.test` resolves only inside the proxy: a request around it cannot connect.
    await expect(lookup('api.github.test')).rejects.toThrow();
    const certificates = makeCertificates(['api.github.test']);
    const received: string[] = [];
    const server = createHttpsServer(certificates, (req, res) => {
      received.push(`${req.method} ${req.url}`);
      const url = new URL(req.url!, `https://${req.headers.host}`);
      if (req.method === 'POST') return sendJson(res, 201, { id: 5, tag_name: 'v1' });
      if (url.searchParams.has('page')) return sendJson(res, 200, [{ id: 2 }]);
      url.searchParams.set('page', '2');
      sendJson(res, 200, [{ id: 1 }], { link: `<${url.href}>; rel="next"` });
    });
    const port = new URL(await listen(server)).port;
    closers.push(() => close(server));
    const proxy = await startProxy({ user: 'runner', password: 'pw' });
    closers.push(() => proxy.close());
    vi.stubEnv('https_proxy', '');
    vi.stubEnv('HTTPS_PROXY', proxy.url('runner', 'pw'));
    vi.stubEnv('no_proxy', '');
    vi.stubEnv('NO_PROXY', '');
    const dispatcher = createDispatcher({ ca: certificates.ca });
    closers.push(() => dispatcher.close());
    const github = createGitHub('ghs-secret-token', {
      baseUrl: `https://api.github.test:${port}`,
      retry: defaultRetryRuntime({ maxAttempts: 1 }),
      throttle: false,
      signal: new AbortController().signal,
      dispatcher,
    });

    await github.rest.repos.createRelease({ ...repo, tag_name: 'v1' });
    const assets = await github.paginate(github.rest.repos.listReleaseAssets, {
      ...repo,
      release_id: 5,
    });

    expect(assets.map((asset) => asset.id)).toEqual([1, 2]);
    expect(received).toHaveLength(3);
    expect(proxy.log.length).toBeGreaterThan(0);
    expect(
      proxy.log.every((r) => !r.isHttp && r.hostname === 'api.github.test' && r.port === +port),
    ).toBe(true);
    expect(JSON.stringify(proxy.log)).not.toContain('ghs-secret-token');
  });
});

/** Counts the requests GitHub got; `reached(n)` resolves once n have come. */
function arrivals() {
  let count = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  return {
    arrived() {
      count++;
      for (const wait of waiting.filter(({ n }) => n <= count)) wait.resolve();
    },
    reached: (n: number) =>
      n <= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve })),
  };
}

describe('the bound on each attempt', () => {
  it('ends an attempt that gets no answer, and retries it, naming the bound', async () => {
    const requests = arrivals();
    const api = await scriptedGitHub(() => requests.arrived());
    // Each attempt's 30 s pass on the runtime's clock once GitHub has its request.
    const clock = virtualClock(Date.now(), { lapses: (attempt) => requests.reached(attempt) });
    const { github, retries } = client(api.url, false, 2, 30_000, clock);

    const error = await github.rest.repos
      .getRelease({ ...repo, release_id: 5 })
      .catch((error: unknown) => error);

    expect(error).toBeInstanceOf(GitHubTimeoutError);
    expect((error as Error).message).toBe('GitHub gave no answer within 30 s');
    expect(api.received).toHaveLength(2);
    expect(retries.map((event) => event.reason)).toEqual(['GitHub gave no answer within 30 s']);
    // Both bounds were waits on the injected clock, and the backoff between them too.
    expect(clock.bounds).toEqual([30_000, 30_000]);
    expect(clock.sleeps).toHaveLength(1);
  });

  it('cuts the bound short when the answer comes in time, on the same clock', async () => {
    const api = await scriptedGitHub((_req, res) => release(res));
    const clock = virtualClock();
    const { github } = client(api.url, false, 1, 30_000, clock);
    const started = clock.now();

    const { data } = await github.rest.repos.getRelease({ ...repo, release_id: 5 });

    expect(data.id).toBe(5);
    expect(clock.bounds).toEqual([30_000]);
    expect(clock.sleeps).toEqual([]);
    expect(clock.now()).toBe(started);
  });

  it('ends an answer whose body stalls, rather than reading it as empty', async () => {
    const stalled: Answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.write('[{"id": 1}');
    };
    const api = await scriptedGitHub(stalled, (_req, res) => sendJson(res, 200, [{ id: 7 }]));
    const { github, retries } = client(api.url, false, 2, 300);

    const { data } = await github.rest.repos.listReleaseAssets({ ...repo, release_id: 5 });

    expect(data.map((asset) => asset.id)).toEqual([7]);
    expect(retries.map((event) => event.reason)).toEqual(['GitHub gave no answer within 0.3 s']);
  });

  it('leaves a body handed back as a stream to be read past the bound', async () => {
    const api = await scriptedGitHub((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write('first ');
      // real time: the body really stalls past the bound, a real timer in github/client.ts
      setTimeout(() => res.end('last'), 400);
    });
    const { github } = client(api.url, false, 1, 200);

    const response = await github.rest.repos.getReleaseAsset({
      ...repo,
      asset_id: 1,
      headers: { accept: 'application/octet-stream' },
      request: { parseSuccessResponseBody: false },
    });

    const text = await new Response(response.data as unknown as ReadableStream).text();
    expect(text).toBe('first last');
  });
});

describe('the bound on what an answer holds', () => {
  // One gzip member of ~100 KiB of a release listing's entries, sent again and again: a few
  // hundred bytes on the wire inflate to ~100 KiB each.
  const entries = Buffer.from(`${'{"id":1,"tag_name":"v1","assets":[]},'.repeat(2_800)}`);
  const member = gzipSync(entries);
  const inflating =
    (members: number): Answer =>
    (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.write(gzipSync('['));
      for (let sent = 0; sent < members && !res.destroyed; sent++) res.write(member);
      res.end(gzipSync('{}]'));
    };

  it('refuses an answer that inflates past the bound, naming its size and GitHub, once', async () => {
    const api = await scriptedGitHub(inflating(200));
    const { github, retries } = client(api.url);

    const error = await github.rest.repos
      .listReleases({ ...repo, per_page: 100 })
      .catch((error: unknown) => error);

    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toBe(
      `GitHub GET /repos/acme/desktop-app/releases?per_page=100 answered with more than ` +
        `${MAX_GITHUB_ANSWER_BYTES} bytes (16.0 MiB), the most this client reads from it; ` +
        'reading stopped there. GitHub (or a proxy on the way) is misbehaving; retry later.',
    );
    expect(api.received).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('reads an answer that inflates within the bound as before', async () => {
    const api = await scriptedGitHub(inflating(2));
    const { github } = client(api.url);

    const { data } = await github.rest.repos.listReleases({ ...repo, per_page: 100 });

    expect(data).toHaveLength(2 * 2_800 + 1);
  });

  it('refuses a JSON answer nested past the bound before it is parsed, once', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const api = await scriptedGitHub((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(deep);
    });
    const { github, retries } = client(api.url);

    const error = await github.rest.repos
      .getRelease({ ...repo, release_id: 5 })
      .catch((error: unknown) => error);

    expect(error).toBeInstanceOf(AnswerTooDeepError);
    expect((error as Error).message).toMatch(
      /^GitHub GET \/repos\/acme\/desktop-app\/releases\/5 answered with JSON nested more than 32 levels deep/,
    );
    expect(retries).toEqual([]);
  });

  it('takes brackets in a text answer as text: only JSON is walked for depth', async () => {
    const api = await scriptedGitHub((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(`<style>${'{'.repeat(100)}</style>`);
    });
    const { github } = client(api.url, false, 1);

    const error = await github.rest.repos
      .getRelease({ ...repo, release_id: 5 })
      .catch((error: unknown) => error);

    expect(error).toBeInstanceOf(GitHubAnswerError);
    expect(httpStatus(error)).toBe(502);
  });
});

describe('callFailure, the one reading of a failed GitHub call', () => {
  const facts = {
    now: Date.parse('2026-01-01T00:00:00Z'),
    write: true,
    toError: () => new Error(),
  };
  const answer = (code: number, headers: Record<string, string> = {}) =>
    new GitHubAnswerError('a call', code, { headers, data: undefined }, undefined);

  it('retries by the status rule and the rate limit, after the wait GitHub asked for', () => {
    expect(callFailure(answer(503), facts)).toMatchObject({ retryable: true, reason: 'HTTP 503' });
    expect(callFailure(answer(400), facts).retryable).toBe(false);
    expect(callFailure(answer(403), facts).retryable).toBe(false);
    const reset = String(facts.now / 1000 + 30);
    const limited = answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset });
    expect(callFailure(limited, facts)).toMatchObject({ retryable: true, retryAfterMs: 30_000 });
    expect(callFailure(answer(429, { 'retry-after': '2' }), facts).retryAfterMs).toBe(2_000);
  });

  it('takes no answer for an unknown outcome of a write, naming what broke', () => {
    const broken = Object.assign(new Error('fetch failed'), {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    expect(callFailure(broken, facts)).toMatchObject({
      retryable: true,
      outcomeUnknown: true,
      reason: 'UND_ERR_SOCKET',
    });
    expect(callFailure(broken, { ...facts, write: false }).outcomeUnknown).toBe(false);
    // Octokit's RequestError for a failed fetch carries status 500 but no response.
    const octokitNoAnswer = Object.assign(new Error('other side closed'), { status: 500 });
    expect(callFailure(octokitNoAnswer, facts)).toMatchObject({
      outcomeUnknown: true,
      reason: 'other side closed',
    });
  });
});
