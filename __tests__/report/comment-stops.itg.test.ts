// The pull-request comment under the step's stop (its deadline, a signal), against a GitHub that
// never answers: a raw server on 127.0.0.1 that takes every request and says nothing (GitHub's
// side, mocked where no stand-in hangs on purpose), driven by the real Octokit of @actions/github.
// The stop ends the request in flight at once, and nothing is sent after it.
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

const PROJECT = 'proj_acme7';
/** The comment's first request: who the token writes as. */
const VIEWER = 'POST /graphql';

let silentGitHub: Server;
let url: string;
/** `METHOD path?query` of every request the server took. */
let received: string[];
/** Requests whose connection the client closed. */
let ended: number;
let printed: StepLogCapture;

beforeEach(async () => {
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
      finishWithinMs: 25_000,
      retryPolicy: { baseDelayMs: 10, maxDelayMs: 20 },
      signal,
      ...options,
    },
  );

async function until(done: () => boolean): Promise<void> {
  // real time: polls what real sockets change, and ends as soon as it holds
  while (!done()) await sleep(10);
}

/**
 * Real time (how soon a stop ends a real request): without the stop, `finish` waits out its 25 s.
 * The bound holds on a loaded machine.
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
  // real time: preview-comment.ts waits on a real timer (it does not use its clock yet)
  await sleep(300);
  // GitHub says nothing: without the stop, the comment would still be waiting.
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
    // real time: preview-comment.ts waits on a real timer (it does not use its clock yet)
    await sleep(300);
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
    // real time: preview-comment.ts waits on a real timer (it does not use its clock yet)
    await sleep(200);
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
    // real time: preview-comment.ts waits on a real timer (it does not use its clock yet)
    await sleep(200);
    expect(received).toHaveLength(10);
    expect(await stopDuringFinish(comment, stop)).toBeLessThan(STOPS_WITHIN_MS);
    others.abort();
    await Promise.all(hanging);
    // real time: preview-comment.ts waits on a real timer (it does not use its clock yet)
    await sleep(200);
    expect(received).not.toContain(VIEWER);
  });
});
