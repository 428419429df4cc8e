// The pull-request comment against a local stand-in of GitHub's issue-comments API, driven by the
// real Octokit of @actions/github (GitHub itself is not reachable here). Its waits (between writes,
// between tries) run on a virtual clock, and a test waits for the comment to settle, not for a
// time: what it asserts never depends on how busy the machine is.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreviewComment, type PreviewCommentOptions } from '../../src/report/preview-comment.ts';
import { readContext } from '../../src/runner/context.ts';
import { captureStepLog, type StepLogCapture } from '../../test-kit/step-log-capture.ts';
import { commentMarker } from '../../src/report/render-comment.ts';
import type { BuildResult } from '../../src/builds/result.ts';
import { NOTHING_PUBLISHED, type Published } from '../../src/publish/types.ts';
import {
  startIssueCommentsApi,
  type IssueCommentsApi,
} from '../../test-kit/stand-ins/issue-comments-api.ts';
import { result } from '../report/fixtures.ts';
import { virtualClock, type VirtualClock } from '../support/virtual-clock.ts';

const SHA1 = 'a'.repeat(40);
const SHA2 = 'b'.repeat(40);
const PROJECT = 'proj_acme7';
const BOT = 'github-actions[bot]';
const MIN_INTERVAL_MS = 150;

let api: IssueCommentsApi;
let printed: StepLogCapture;
let clock: VirtualClock;
let FAST: PreviewCommentOptions;

beforeEach(async () => {
  clock = virtualClock();
  FAST = {
    minIntervalMs: MIN_INTERVAL_MS,
    throttle: false,
    retryPolicy: { baseDelayMs: 10, maxDelayMs: 20 },
    clock,
  };
  api = await startIssueCommentsApi({
    tokens: { 'ghs-write': { login: BOT }, 'ghs-fork': { login: BOT, readOnly: true } },
  });
  printed = captureStepLog();
});
afterEach(async () => {
  await api.close();
});

const context = () =>
  readContext({
    GITHUB_API_URL: api.url,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '42',
  });
const open = (token = 'ghs-write', headSha = SHA1, options: PreviewCommentOptions = FAST) =>
  new PreviewComment(
    { pullRequest: { number: 7, headSha }, githubToken: token, repository: 'acme/desktop-app' },
    context(),
    options,
  );
const withArtifacts = (builds: readonly BuildResult[]): Published => ({
  release: undefined,
  assetUploads: new Map(),
  artifacts: new Map(
    builds.map((build, index) => [
      build.id!,
      {
        buildId: build.id!,
        name: `b${index}`,
        id: 900 + index,
        url: `https://github.com/acme/desktop-app/actions/runs/42/artifacts/${900 + index}`,
        span: { start: 0, end: 1 },
      },
    ]),
  ),
});
const ours = () =>
  api.comments(7).filter((comment) => comment.body.startsWith(commentMarker(PROJECT)));

describe('the pull-request comment', () => {
  it('is created when the builds are known, updated as they change, and ends with artifact links', async () => {
    const comment = open();
    comment.buildsChanged([result(1, 'queued'), result(2, 'queued')], PROJECT);
    await comment.settled();
    expect(api.writes.map((write) => write.kind)).toEqual(['create']);
    comment.buildsChanged([result(1, 'building'), result(2, 'queued')], PROJECT);
    await comment.settled();
    comment.buildsChanged([result(1, 'success'), result(2, 'building')], PROJECT);
    await comment.settled();
    const done = [result(1, 'success'), result(2, 'success')];
    const url = await comment.finish(PROJECT, done, withArtifacts(done));
    expect(api.writes.map((write) => write.kind)).toEqual(['create', 'update', 'update', 'update']);
    expect(ours()).toHaveLength(1);
    const [only] = ours();
    expect(url).toBe(`https://github.com/acme/desktop-app/pull/7#issuecomment-${only!.id}`);
    expect(only!.body).toContain(
      '](https://github.com/acme/desktop-app/actions/runs/42/artifacts/900)',
    );
    expect(only!.body).toContain(
      '](https://github.com/acme/desktop-app/actions/runs/42/artifacts/901)',
    );
    expect(only!.body).toContain('✅ 2 desktop installers ready to try');
  });

  it('links an installer as soon as its artifact lands, while the other build runs', async () => {
    const comment = open();
    const building = [result(1, 'success'), result(2, 'building')];
    comment.buildsChanged(building, PROJECT);
    await comment.settled();
    const [linux] = withArtifacts(building).artifacts;
    comment.artifactsLanded(new Map([linux!]));
    await comment.settled();
    expect(api.writes.map((write) => write.kind)).toEqual(['create', 'update']);
    const link = '](https://github.com/acme/desktop-app/actions/runs/42/artifacts/900)';
    expect(ours()[0]!.body).toContain(link);
    expect(ours()[0]!.body).toContain('⏳ Building 2 desktop installers: 1 done, 0 failed');
    // The same state again, with or without the artifacts, writes nothing; the link stays.
    comment.artifactsLanded(new Map([linux!]));
    comment.buildsChanged(building, PROJECT);
    await comment.settled();
    expect(api.writes).toHaveLength(2);
    comment.buildsChanged([result(1, 'success'), result(2, 'failed')], PROJECT);
    await comment.settled();
    expect(api.writes).toHaveLength(3);
    expect(api.writes[2]!.body).toContain(link);
  });

  it('writes once per state at most, however often it is told the same state', async () => {
    const comment = open();
    for (let i = 0; i < 20; i++) comment.buildsChanged([result(1, 'building')], PROJECT);
    await comment.settled();
    expect(api.writes).toHaveLength(1);
  });

  it('coalesces quick changes: at most one write per interval, the newest state wins', async () => {
    const comment = open(undefined, undefined, { ...FAST, minIntervalMs: 1_000 });
    comment.buildsChanged([result(1, 'queued')], PROJECT);
    await comment.settled();
    expect(clock.sleeps).toEqual([]);
    comment.buildsChanged([result(1, 'building')], PROJECT);
    comment.buildsChanged([result(1, 'failed')], PROJECT);
    await comment.settled();
    expect(api.writes.map((write) => write.kind)).toEqual(['create', 'update']);
    // The update waited out the whole interval since the create (no time passed meanwhile).
    expect(clock.sleeps).toEqual([1_000]);
    expect(api.writes[1]!.body).toContain('❌ failed');
  });

  it("dates each update by the clock it is given, not the process's", async () => {
    clock = virtualClock(Date.UTC(2020, 0, 2, 3, 4));
    const comment = open(undefined, undefined, { ...FAST, clock });
    comment.buildsChanged([result(1, 'building')], PROJECT);
    await comment.settled();
    expect(api.writes[0]!.body).toContain('updated 2 Jan 2020, 03:04 UTC');
    const builds = [result(1, 'success')];
    await comment.finish(PROJECT, builds, withArtifacts(builds));
    expect(api.writes.map((write) => write.kind)).toEqual(['create', 'update']);
    expect(api.writes[1]!.body).toContain('updated 2 Jan 2020, 03:04 UTC');
  });

  it('a second run, on a new commit, updates the same comment and names the new commit', async () => {
    const first = open();
    const builds = [result(1, 'success')];
    await first.finish(PROJECT, builds, withArtifacts(builds));
    const second = open('ghs-write', SHA2);
    second.buildsChanged([result(1, 'queued')], PROJECT);
    await second.finish(PROJECT, builds, withArtifacts(builds));
    expect(ours()).toHaveLength(1);
    expect(api.writes.map((write) => write.kind)).toEqual(['create', 'update', 'update']);
    expect(ours()[0]!.body).toContain(`/commit/${SHA2})`);
    expect(ours()[0]!.body).not.toContain(SHA1);
  });

  it('finds its comment among 250 others (page 3) instead of adding one', async () => {
    for (let i = 0; i < 220; i++) api.seed(7, `comment ${i}`);
    const mine = api.seed(7, `${commentMarker(PROJECT)}\nold text`, BOT);
    for (let i = 0; i < 30; i++) api.seed(7, `later ${i}`);
    const other = api.seed(7, `${commentMarker('proj_other')}\nanother project`, BOT);
    const builds = [result(1, 'success')];
    await open().finish(PROJECT, builds, withArtifacts(builds));
    expect(api.writes).toEqual([expect.objectContaining({ kind: 'update', id: mine.id })]);
    expect(api.requests.filter((request) => request.startsWith('GET'))).toEqual([
      'GET /repos/acme/desktop-app/issues/7/comments?per_page=100&page=1',
      'GET /repos/acme/desktop-app/issues/7/comments?per_page=100&page=2',
      'GET /repos/acme/desktop-app/issues/7/comments?per_page=100&page=3',
    ]);
    expect(other.body).toContain('another project');
  });

  it('with a read-only token (a fork), gives one notice naming the permission and stops trying', async () => {
    const comment = open('ghs-fork');
    comment.buildsChanged([result(1, 'queued')], PROJECT);
    await comment.settled();
    comment.buildsChanged([result(1, 'building')], PROJECT);
    const url = await comment.finish(PROJECT, [result(1, 'success')], NOTHING_PUBLISHED);
    expect(url).toBeUndefined();
    expect(api.comments(7)).toHaveLength(0);
    const notices = printed.lines().filter((line) => line.startsWith('::notice'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('pull-requests: write');
    expect(api.requests.filter((request) => request.startsWith('POST /repos'))).toHaveLength(1);
  });

  it('takes a 403 rate limit (Retry-After) for a wait, not for a missing permission', async () => {
    const limited = { status: 403, headers: { 'retry-after': '0' }, only: 'GET /repos' };
    api.failNext(...Array.from({ length: 5 }, () => limited));
    const url = await open().finish(PROJECT, [result(1, 'success')], NOTHING_PUBLISHED);
    expect(url).toBeUndefined();
    expect(printed.lines().some((line) => line.startsWith('::notice'))).toBe(false);
    expect(
      printed.lines().filter((line) => line.startsWith('::warning::Could not update')),
    ).toHaveLength(1);
    expect(api.requests.filter((request) => request.startsWith('GET'))).toHaveLength(5);
    expect(api.writes).toEqual([]);
  });

  it('retries a 422 to a write, a 502 and a 429 with Retry-After through the retry policy', async () => {
    const comment = open();
    comment.buildsChanged([result(1, 'building')], PROJECT);
    await comment.settled();
    // The update after the create meets GitHub's 422 for comments written in quick succession.
    api.failNext(
      { status: 422 },
      { status: 502 },
      { status: 429, headers: { 'retry-after': '1' } },
    );
    const started = clock.now();
    const builds = [result(1, 'success')];
    const url = await comment.finish(PROJECT, builds, withArtifacts(builds));
    expect(url).toMatch(/#issuecomment-\d+$/);
    expect(clock.sleeps).toContain(1_000);
    expect(clock.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(ours()).toHaveLength(1);
    expect(api.writes.map((write) => write.kind)).toEqual(['create', 'update']);
    expect(printed.text()).toMatch(
      /Retrying GitHub PATCH \/repos\/acme\/desktop-app\/issues\/comments\/\d+ in 1\.0 s, as GitHub asked \(attempt 3 failed: HTTP 429\)/,
    );
  });

  it('takes a 422 to a read for a refusal', async () => {
    api.failNext({ status: 422, only: 'GET /repos' });
    const url = await open().finish(PROJECT, [result(1, 'success')], NOTHING_PUBLISHED);
    expect(url).toBeUndefined();
    expect(api.requests).toEqual([
      'POST /graphql',
      'GET /repos/acme/desktop-app/issues/7/comments?per_page=100&page=1',
    ]);
    expect(
      printed.lines().filter((line) => line.startsWith('::warning::Could not update')),
    ).toHaveLength(1);
  });

  it('a failure to comment is one warning, not an error, however many writes fail', async () => {
    api.failNext(...Array.from({ length: 30 }, () => ({ status: 500 })));
    const comment = open();
    comment.buildsChanged([result(1, 'building')], PROJECT);
    await comment.settled();
    const url = await comment.finish(PROJECT, [result(1, 'success')], NOTHING_PUBLISHED);
    expect(url).toBeUndefined();
    expect(api.requests.length).toBeGreaterThanOrEqual(10);
    const warnings = printed
      .lines()
      .filter((line) => line.startsWith('::warning::Could not update'));
    expect(warnings).toHaveLength(1);
    expect(
      printed
        .lines()
        .filter((line) => line.startsWith('Could not update the pull-request comment')),
    ).toHaveLength(1);
    expect(printed.lines().some((line) => line.startsWith('::error'))).toBe(false);
  });
});
