// The pull-request comment under the step's stop (its deadline, a signal), against a GitHub that
// never answers: a raw server on 127.0.0.1 that takes every request and says nothing (GitHub's
// side, mocked where no stand-in hangs on purpose), driven by the real Octokit of @actions/github.
// The stop ends the request in flight at once, and nothing is sent after it. The comment's time
// (its waits, its last edit's limit) is a virtual clock that moves only as the test says.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreviewComment, type PreviewCommentOptions } from '../../src/report/preview-comment.ts';
import { defaultRetryRuntime } from '../../src/http/retry.ts';
import { readContext } from '../../src/runner/context.ts';
import { captureStepLog, type StepLogCapture } from '../../test-kit/step-log-capture.ts';
import { createGitHub } from '../../src/github/client.ts';
import { NOTHING_PUBLISHED } from '../../src/publish/types.ts';
import { result } from '../report/fixtures.ts';
import { virtualClock, type VirtualClock } from '../support/virtual-clock.ts';

const PROJECT = 'proj_acme7';
/** The comment's first request: who the token writes as. */
const VIEWER = 'POST /graphql';
const FINISH_WITHIN_MS = 25_000;

let silentGitHub: Server;
let url: string;
/** `METHOD path?query` of every request the server took. */
let received: string[];
/** Requests whose connection the client closed. */
let ended: number;
let printed: StepLogCapture;
let clock: VirtualClock;

beforeEach(async () => {
  clock = virtualClock();
  received = [];
  ended = 0;
  silentGitHub = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.on('close', () => ended++);
  });
  await new Promise<void>((resolve) => silentGitHub.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(silentGitHub.address() as AddressInfo).port}`;
  printed = captureStepLog();
});
afterEach(async () => {
  silentGitHub.closeAllConnections();
  await new Promise((resolve) => silentGitHub.close(resolve));
});

const open = (signal: AbortSignal, options: PreviewCommentOptions = {}) =>
  new PreviewComment(
    {
      pullRequest: { number: 7, headSha: undefined },
      githubToken: 'ghs-x',
      repository: 'acme/desktop-app',
    },
    readContext({
      GITHUB_API_URL: url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '42',
    }),
    {
      minIntervalMs: 150,
      throttle: false,
      finishWithinMs: FINISH_WITHIN_MS,
      retryPolicy: { baseDelayMs: 10, maxDelayMs: 20 },
      clock,
      signal,
      ...options,
    },
  );

async function until(done: () => boolean): Promise<void> {
  // real time: polls what real sockets change, and ends as soon as it holds
  while (!done()) await sleep(10);
}

/**
 * Real time (how soon a stop ends a real request): without the stop, `finish` waits until its
 * clock passes its 25 s, and the clock stands still. The bound holds on a loaded machine.
 */
const STOPS_WITHIN_MS = 5_000;

/** Stops the step while `finish` waits on GitHub; resolves to how long finish took after the stop. */
async function stopDuringFinish(
  comment: ReturnType<typeof open>,
  stop: AbortController,
): Promise<number> {
  let settled = false;
  const finished = comment
    .finish(PROJECT, [result(1, 'success')], NOTHING_PUBLISHED)
    .finally(() => (settled = true));
  // GitHub says nothing: up to the last instant of its time, the comment is still waiting.
  clock.advance(FINISH_WITHIN_MS - 1);
  await new Promise(setImmediate);
  expect(settled).toBe(false);
  const stoppedAt = Date.now();
  stop.abort('SIGTERM');
  expect(await finished).toBeUndefined();
  return Date.now() - stoppedAt;
}

describe('the pull-request comment when the step stops', () => {
  it('ends the request in flight, sends nothing after, and says so without a warning', async () => {
    const stop = new AbortController();
    const comment = open(stop.signal);
    comment.buildsChanged([result(1, 'building')], PROJECT);
    await until(() => received.length === 1);
    expect(await stopDuringFinish(comment, stop)).toBeLessThan(STOPS_WITHIN_MS);
    await until(() => ended === 1);
    comment.buildsChanged([result(1, 'failed')], PROJECT);
    // A write started now would hold `settled` (GitHub never answers) or be refused by the stop.
    clock.advance(1_000);
    await comment.settled();
    expect(received).toEqual([VIEWER]);
    expect(printed.text()).toContain(
      'The pull-request comment was left as it was: the step stopped.',
    );
    expect(printed.lines().some((line) => line.startsWith('::warning'))).toBe(false);
  });

  it('sends nothing once the step has stopped', async () => {
    const stop = new AbortController();
    stop.abort('SIGTERM');
    const comment = open(stop.signal);
    comment.buildsChanged([result(1, 'building')], PROJECT);
    expect(
      await comment.finish(PROJECT, [result(1, 'success')], NOTHING_PUBLISHED),
    ).toBeUndefined();
    await comment.settled();
    expect(received).toEqual([]);
  });

  it("ends a request still queued behind the process's other GitHub requests (Octokit's throttle)", async () => {
    // Octokit's throttle lets 10 requests of the process run at once, whichever client sends them.
    const others = new AbortController();
    const publisher = createGitHub('ghs-x', {
      baseUrl: url,
      retry: defaultRetryRuntime({ maxAttempts: 1 }),
      throttle: true,
    });
    const hanging = Array.from({ length: 10 }, (_, count) =>
      publisher.rest.repos
        .getReleaseByTag({
          owner: 'acme',
          repo: 'desktop-app',
          tag: `v${count}`,
          request: { signal: others.signal },
        })
        .catch(() => undefined),
    );
    await until(() => received.length === 10);
    const stop = new AbortController();
    const comment = open(stop.signal, { throttle: true });
    comment.buildsChanged([result(1, 'building')], PROJECT);
    // Octokit's throttle holds the request in its queue on its own timers, not the comment's clock:
    // real time: had the throttle not queued the request, it would reach the server within this
    await sleep(200);
    expect(received).toHaveLength(10);
    expect(await stopDuringFinish(comment, stop)).toBeLessThan(STOPS_WITHIN_MS);
    others.abort();
    await Promise.all(hanging);
    // real time: the freed throttle takes the next request from its queue on its own timers
    await sleep(200);
    expect(received).not.toContain(VIEWER);
  });
});
