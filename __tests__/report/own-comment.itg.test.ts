// The pull-request comment against GitHub as it really answers (the issue-comments stand-in, driven
// by the real Octokit of @actions/github): it takes over only a marked comment its token's own
// account wrote, pages within a bound, reports a refused edit as one, and ends within its time
// when GitHub does not answer. Its time (the waits between writes and tries, the limit of its last
// edit) is a virtual clock, and a test waits for the comment to settle, not for a time.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_PAGES } from '../../src/github/paged-listing.ts';
import { PreviewComment, type PreviewCommentOptions } from '../../src/report/preview-comment.ts';
import { commentMarker } from '../../src/report/render-comment.ts';
import { readContext } from '../../src/runner/context.ts';
import { captureStepLog, type StepLogCapture } from '../../test-kit/step-log-capture.ts';
import { NOTHING_PUBLISHED } from '../../src/publish/types.ts';
import {
  startIssueCommentsApi,
  type IssueCommentsApi,
} from '../../test-kit/stand-ins/issue-comments-api.ts';
import { result } from '../report/fixtures.ts';
import { virtualClock, type VirtualClock } from '../support/virtual-clock.ts';

const PROJECT = 'proj_acme7';
const MARKER = commentMarker(PROJECT);
const BOT = 'github-actions[bot]';
const FAST: PreviewCommentOptions = {
  minIntervalMs: 150,
  throttle: false,
  retryPolicy: { baseDelayMs: 10, maxDelayMs: 20 },
};
// real time: the wait behind the polls
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves once `done()` holds; polls, within a bound no loaded machine reaches. */
async function until(done: () => boolean): Promise<void> {
  // real time: polls what real sockets change, and ends as soon as it holds
  for (const stop = Date.now() + 10_000; !done(); await sleep(10)) {
    if (Date.now() > stop) throw new Error('until: the condition never held');
  }
}
const HOSTILE = 'mallory\n::error::pwned by a login';
const LAST_YEAR = '2025-06-01T00:00:00Z';

let api: IssueCommentsApi;
let printed: StepLogCapture;
let clock: VirtualClock;

beforeEach(async () => {
  clock = virtualClock();
  api = await startIssueCommentsApi({
    tokens: {
      'ghs-actions': { login: BOT },
      'ghp-personal': { login: 'octo-dev' },
      'ghs-app': { login: 'acme-previews[bot]' },
    },
  });
  printed = captureStepLog();
});
afterEach(async () => {
  await api.close();
});

const open = (token = 'ghs-actions', options: PreviewCommentOptions = {}) =>
  new PreviewComment(
    {
      pullRequest: { number: 7, headSha: undefined },
      githubToken: token,
      repository: 'acme/desktop-app',
    },
    readContext({
      GITHUB_API_URL: api.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_RUN_ID: '42',
    }),
    { ...FAST, clock, ...options },
  );
const finish = (comment: ReturnType<typeof open>) =>
  comment.finish(PROJECT, [result(1, 'success')], NOTHING_PUBLISHED);
const log = () => printed.text();
/** Lines the runner would take for workflow commands. */
const commands = () =>
  log()
    .split('\n')
    .filter((line) => line.startsWith('::'));
const patches = () => api.requests.filter((request) => request.startsWith('PATCH'));
const lists = () => api.requests.filter((request) => request.startsWith('GET /repos'));

describe("the comment's own", () => {
  it("never edits a stranger's marked comment: makes its own and says, inertly, whose it left", async () => {
    const stranger = api.seed(7, `${MARKER}\nmy own text, with a link I may change later`, HOSTILE);
    const before = stranger.body;
    const comment = open();
    comment.buildsChanged([result(1, 'building')], PROJECT);
    const url = await finish(comment);
    expect(patches().filter((patch) => patch.endsWith(`/${stranger.id}`))).toEqual([]);
    expect(stranger.body).toBe(before);
    const [created] = api.writes;
    expect(created).toMatchObject({ kind: 'create' });
    expect(api.comments(7).find((c) => c.id === created!.id)?.author).toBe(BOT);
    expect(url).toBe(`https://github.com/acme/desktop-app/pull/7#issuecomment-${created!.id}`);
    expect(log()).toContain(
      `Comment ${stranger.id} by mallory ::error::pwned by a login starts with this project's marker but was not written by github-actions[bot], the token's account: it is left alone.`,
    );
    expect(commands().filter((line) => line.includes('pwned'))).toEqual([]);
  });

  it("takes over its own account's comment from an earlier run, past a stranger's before it", async () => {
    api.seed(7, `${MARKER}\nlooks like the preview`, 'mallory');
    const earlier = api.seed(7, `${MARKER}\nthe last run's preview`, BOT);
    await finish(open());
    expect(api.writes).toEqual([expect.objectContaining({ kind: 'update', id: earlier.id })]);
  });

  it("with a personal token, takes over that user's comment, not github-actions[bot]'s", async () => {
    api.seed(7, `${MARKER}\nwritten by the workflow token`, BOT);
    const mine = api.seed(7, `${MARKER}\nwritten with my token`, 'octo-dev');
    await finish(open('ghp-personal'));
    expect(api.writes).toEqual([expect.objectContaining({ kind: 'update', id: mine.id })]);
  });

  it("with a GitHub App's token, takes over the app bot's comment, not github-actions[bot]'s", async () => {
    api.seed(7, `${MARKER}\nwritten by the workflow token`, BOT);
    await finish(open('ghs-app'));
    expect(api.writes.map((write) => write.kind)).toEqual(['create']);
    expect(api.comments(7).at(-1)?.author).toBe('acme-previews[bot]');
  });

  it('takes no comment over when GitHub will not say who the token is, and says so', async () => {
    api.seed(7, `${MARKER}\nthe last run's preview`, BOT);
    api.failNext({ status: 401, only: 'POST /graphql' });
    const url = await finish(open());
    expect(api.writes.map((write) => write.kind)).toEqual(['create']);
    expect(url).toMatch(/#issuecomment-\d+$/);
    expect(log()).toContain('Could not learn which account the token writes as');
    expect(lists()).toEqual([]);
  });
});

describe('a create whose answer was lost', () => {
  it("is found among the comments changed since, by the token's account, and not sent again", async () => {
    for (let i = 0; i < 150; i++) api.seed(7, `older comment ${i}`).updatedAt = LAST_YEAR;
    api.loseNextAnswer('POST /repos');
    const url = await finish(open());
    const created = api.comments(7).filter((comment) => comment.body.startsWith(MARKER));
    expect(created).toHaveLength(1);
    expect(created[0]!.author).toBe(BOT);
    expect(url).toBe(`https://github.com/acme/desktop-app/pull/7#issuecomment-${created[0]!.id}`);
    expect(api.requests.filter((request) => request.startsWith('POST /repos'))).toHaveLength(1);
    // One page: the 150 older comments are not among those changed since shortly before.
    expect(lists().filter((request) => request.includes('since='))).toHaveLength(1);
  });
});

describe('a refused edit', () => {
  it("of an earlier run's comment is reported as GitHub's refusal, and the preview goes in a new comment", async () => {
    const earlier = api.seed(7, `${MARKER}\nthe last run's preview`, BOT);
    api.set({
      refuseEdits: {
        message: 'Comment is locked\n::error::pwned by a message',
        only: [earlier.id],
      },
    });
    const comment = open();
    comment.buildsChanged([result(1, 'building')], PROJECT);
    await comment.settled();
    const url = await finish(comment);
    expect(api.writes.map((write) => write.kind)).toEqual(['create', 'update']);
    const created = api.writes[0]!.id;
    expect(api.writes[1]!.id).toBe(created);
    expect(url).toBe(`https://github.com/acme/desktop-app/pull/7#issuecomment-${created}`);
    expect(earlier.body).toBe(`${MARKER}\nthe last run's preview`);
    expect(commands()).toContain(
      `::warning::GitHub refused editing comment ${earlier.id} (HTTP 403: Comment is locked ::error::pwned by a message): the preview goes in a new comment.`,
    );
    expect(commands().filter((line) => line.startsWith('::notice'))).toEqual([]);
    expect(log()).not.toContain('pull-requests: write');
  });

  it('of the comment this run made is one warning, and the comment is left as it was', async () => {
    const comment = open();
    comment.buildsChanged([result(1, 'queued')], PROJECT);
    await comment.settled();
    api.set({ refuseEdits: { message: 'Comment is locked' } });
    comment.buildsChanged([result(1, 'building')], PROJECT);
    await finish(comment);
    expect(api.writes.map((write) => write.kind)).toEqual(['create']);
    expect(patches()).toHaveLength(1);
    const warnings = commands().filter((line) => line.startsWith('::warning'));
    expect(warnings).toEqual([
      `::warning::GitHub refused editing comment ${api.writes[0]!.id} (HTTP 403: Comment is locked); this run wrote it, so the comment is left as it was.`,
    ]);
  });
});

describe('GitHub that pages forever or stalls', () => {
  it(`reads at most ${MAX_PAGES} pages of an endless listing, says so once, and makes its own`, async () => {
    api.set({ endlessPages: true });
    const comment = open();
    comment.buildsChanged([result(1, 'building')], PROJECT);
    await comment.settled();
    const url = await finish(comment);
    expect(lists()).toHaveLength(MAX_PAGES);
    expect(lists().at(-1)).toBe(
      `GET /repos/acme/desktop-app/issues/7/comments?per_page=100&page=${MAX_PAGES}`,
    );
    expect(api.writes.map((write) => write.kind)).toEqual(['create', 'update']);
    expect(url).toMatch(/#issuecomment-\d+$/);
    const said = log().match(/Looked through 10 pages of comments on pull request #7/g);
    expect(said).toHaveLength(1);
  });

  it('ends its last edit when its time is up, sends nothing after, and says why', async () => {
    api.set({ stallListing: true });
    // Half an hour on its clock, which costs the test no time (a real one would outlast the test).
    const comment = open('ghs-actions', { finishWithinMs: 30 * 60_000 });
    comment.buildsChanged([result(1, 'building')], PROJECT);
    await until(() => lists().length === 1);
    let settled = false;
    const finished = finish(comment).finally(() => (settled = true));
    // The stalled listing never answers, so only the comment's own end stops it, not before.
    clock.advance(30 * 60_000 - 1);
    await new Promise(setImmediate);
    expect(settled).toBe(false);
    clock.advance(1);
    expect(await finished).toBeUndefined();
    expect(log()).toContain(
      "The pull-request comment was left as it was: GitHub did not let it finish within 30m00s of the run's end.",
    );
    expect(commands().filter((line) => line.startsWith('::warning'))).toEqual([]);
    expect(api.writes).toEqual([]);
    // Nothing is sent after the end.
    const sent = api.requests.length;
    comment.buildsChanged([result(1, 'failed')], PROJECT);
    await comment.settled();
    expect(api.requests).toHaveLength(sent);
  });

  it('ends at once when the run ends without its last edit, and sends nothing after', async () => {
    api.set({ stallListing: true });
    const comment = open();
    comment.buildsChanged([result(1, 'building')], PROJECT);
    await until(() => lists().length === 1);
    const sent = api.requests.length;
    comment.end();
    await comment.settled();
    expect(log()).toContain(
      'The pull-request comment was left as it was: the run ended without its last edit.',
    );
    comment.buildsChanged([result(1, 'failed')], PROJECT);
    expect(await finish(comment)).toBeUndefined();
    await comment.settled();
    expect(api.requests).toHaveLength(sent);
  });
});
