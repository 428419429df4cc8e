// The bundled action's pull-request comment against GitHub as it really answers, one run per
// finding: a comment listing that never answers, a listing that pages forever, a stranger's comment
// that starts with the preview's marker, and an edit GitHub refuses. The service is the emulator;
// GitHub's side is the issue-comments stand-in the bundled Octokit reaches over 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { MAX_PAGES } from '../../src/github/paged-listing.ts';
import { commentMarker } from '../../src/report/render-comment.ts';
import {
  explain,
  githubForTest,
  project,
  pullRequestEnv,
  useE2e,
  type E2eRun,
  type GitHub,
} from '../../test-kit/e2e-run.ts';
import type { IssueCommentsApi } from '../../test-kit/stand-ins/issue-comments-api.ts';

const PROJECT_ID = 'proj_prcomment';
const MARKER = commentMarker(PROJECT_ID);
const TOKEN = 'ghs_pr_comment_token';
const BOT = 'github-actions[bot]';
const PR = 12;

const e2e = useE2e({
  emulator: {
    artifactSize: 16 * 1024,
    seedProjects: [
      project(PROJECT_ID, ['mac', 'linux'], {
        name: 'PR comment',
        url: 'https://pr-12.preview.acme.example',
      }),
    ],
  },
});

/** GitHub's comments API for one test, taking TOKEN as github-actions[bot]. */
const startGitHub = () => githubForTest({ token: TOKEN, comments: {} });

interface TimedRun extends E2eRun {
  /** Epoch ms when the log said the last build succeeded. */
  buildsEndedAt: number;
  /** Epoch ms when the process had ended. */
  endedAt: number;
}

async function prRun(github: GitHub, timeoutMs = 60_000): Promise<TimedRun> {
  let buildsEndedAt = NaN;
  const run = await e2e.run({
    github,
    inputs: {
      version: `1.0.0-pr.${PR}`,
      // Ten minutes: a comment that held the step to its timeout would outlive the test.
      timeout: '10',
    },
    timeoutMs,
    onStdout: (chunk) => {
      if (chunk.includes(' → success')) buildsEndedAt = Date.now();
    },
    env: await pullRequestEnv({ number: PR, head: '4'.repeat(40), runId: '701' }),
  });
  return { ...run, buildsEndedAt, endedAt: Date.now() };
}

const commentUrl = (id: number) =>
  `https://github.com/acme/desktop-app/pull/${PR}#issuecomment-${id}`;
const lists = (api: IssueCommentsApi) =>
  api.requests.filter((request) => request.startsWith(`GET /repos/acme/desktop-app/issues/${PR}/`));

describe('the pull-request comment against GitHub as it really answers', () => {
  it('a comment listing that never answers: the step ends within 90 s of the builds, green', async () => {
    const github = await startGitHub();
    const api = github.comments;
    api.set({ stallListing: true });
    const run = await prRun(github, 150_000);
    expect(run.code, explain(run)).toBe(0);
    expect(run.buildsEndedAt).toBeGreaterThan(run.spawnedAt);
    const gap = run.endedAt - run.buildsEndedAt;
    expect(gap, `ended ${gap} ms after the builds`).toBeLessThanOrEqual(90_000);
    expect(run.stdout).toContain(
      "The pull-request comment was left as it was: GitHub did not let it finish within 30s of the run's end.",
    );
    expect(api.writes).toEqual([]);
    expect(run.outputs['comment-url']).toBe('');
  }, 160_000);

  it(`a listing that pages forever: ${MAX_PAGES} pages read, then a comment of its own`, async () => {
    const github = await startGitHub();
    const api = github.comments;
    api.set({ endlessPages: true });
    const run = await prRun(github);
    expect(run.code, explain(run)).toBe(0);
    expect(lists(api)).toHaveLength(MAX_PAGES);
    expect(run.stdout.match(/Looked through 10 pages of comments/g)).toHaveLength(1);
    const [created, ...others] = api.comments(PR);
    expect(others).toEqual([]);
    expect(created!.author).toBe(BOT);
    expect(created!.body).toContain('✅ 2 desktop installers ready to try');
    expect(run.outputs['comment-url']).toBe(commentUrl(created!.id));
  });

  it("a stranger's comment that starts with the marker: never edited, the preview gets its own", async () => {
    const github = await startGitHub();
    const api = github.comments;
    const text = `${MARKER}\n[Download the installers](https://example.invalid/not-the-artifacts)`;
    const stranger = api.seed(PR, text, 'mallory');
    const run = await prRun(github);
    expect(run.code, explain(run)).toBe(0);
    expect(stranger.body).toBe(text);
    expect(api.requests.filter((request) => request.endsWith(`/comments/${stranger.id}`))).toEqual(
      [],
    );
    const own = api.comments(PR).filter((comment) => comment.author === BOT);
    expect(own).toHaveLength(1);
    expect(own[0]!.body).toContain('✅ 2 desktop installers ready to try');
    expect(run.outputs['comment-url']).toBe(commentUrl(own[0]!.id));
    expect(run.stdout).toContain(
      `Comment ${stranger.id} by mallory starts with this project's marker but was not written by ${BOT}, the token's account: it is left alone.`,
    );
  });

  it('an edit GitHub refuses: reported as a refused edit, and the preview is posted anew', async () => {
    const github = await startGitHub();
    const api = github.comments;
    const earlier = api.seed(PR, `${MARKER}\nan earlier run's preview`, BOT);
    api.set({
      refuseEdits: { message: 'Comment is locked\n::error::pwned', only: [earlier.id] },
    });
    const run = await prRun(github);
    expect(run.code, explain(run)).toBe(0);
    expect(earlier.body).toBe(`${MARKER}\nan earlier run's preview`);
    expect(run.stdout).toContain(
      `::warning::GitHub refused editing comment ${earlier.id} (HTTP 403: Comment is locked ::error::pwned): the preview goes in a new comment.`,
    );
    expect(run.stdout.split('\n').filter((line) => line.startsWith('::error'))).toEqual([]);
    expect(run.stdout).not.toContain('pull-requests: write');
    const [created, ...others] = api.comments(PR).filter((comment) => comment.id !== earlier.id);
    expect(others).toEqual([]);
    expect(created!.author).toBe(BOT);
    expect(created!.body).toContain('✅ 2 desktop installers ready to try');
    expect(run.outputs['comment-url']).toBe(commentUrl(created!.id));
  });
});
