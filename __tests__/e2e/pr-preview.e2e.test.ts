// The README's pull-request recipe end to end, each step the bundled code run as a runner runs it:
// the project sub-action makes a per-PR project for the preview deployment's URL, the main action
// builds it on a pull_request event with artifacts on and keeps one comment on the pull request,
// a second push updates that comment, and the `closed` job deletes the project. The service is the
// emulator; GitHub's side is local stand-ins (artifact backend, issue-comments API) that the
// bundled artifact client and Octokit reach over 127.0.0.1.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { explain, pullRequestEnv, useE2e } from '../../test-kit/e2e-run.ts';
import { REPO_ROOT, runAction, type ActionRun } from '../../test-kit/run-action.ts';

const TOKEN = 'ghs_pr_preview_token';
const FORK_TOKEN = 'ghs_fork_read_only';
const PR = 7;
const NAME = 'Acme Notes';
const PREVIEW_URL = `https://pr-${PR}.preview.acme.example`;
const HEAD_1 = '1'.repeat(40);
const HEAD_2 = '2'.repeat(40);

const e2e = useE2e({
  github: {
    token: TOKEN,
    artifacts: {},
    comments: {
      tokens: {
        [TOKEN]: { login: 'github-actions[bot]' },
        [FORK_TOKEN]: { login: 'github-actions[bot]', readOnly: true },
      },
    },
  },
});
let client: BuildServiceClient;
beforeAll(() => {
  client = new BuildServiceClient({ baseUrl: e2e.emulator.baseUrl, apiKey: e2e.emulator.apiKey });
});
afterAll(() => client.close());

/** The runner's environment for a pull_request event with this action and head commit. */
const prEnv = (action: 'synchronize' | 'closed', head: string) =>
  pullRequestEnv({ number: PR, head, action, runId: head === HEAD_1 ? '501' : '502' });

const projectStep = async (inputs: Record<string, string>, env: Record<string, string>) =>
  runAction({
    actionDir: path.join(REPO_ROOT, 'project'),
    inputs: {
      'api-key': e2e.emulator.apiKey,
      'base-url': e2e.emulator.baseUrl,
      name: `${NAME}-pr-${PR}`,
      url: PREVIEW_URL,
      platforms: 'mac, linux',
      ...inputs,
    },
    env,
  });

const buildStep = async (projectId: string, env: Record<string, string>, token = TOKEN) =>
  e2e.run({
    inputs: { 'project-id': projectId, version: `1.0.0-pr.${PR}` },
    githubToken: token,
    env,
  });

const expectGreen = (run: ActionRun) => expect(run.code, explain(run)).toBe(0);

describe('pull-request previews (README recipe)', () => {
  let projectId = '';

  it('the project sub-action creates <name>-pr-<number> for the preview URL', async () => {
    const run = await projectStep({}, await prEnv('synchronize', HEAD_1));
    expectGreen(run);
    projectId = run.outputs['project-id']!;
    const project = await client.getProject(projectId);
    expect(project).toMatchObject({ name: `${NAME}-pr-${PR}`, url: PREVIEW_URL });
  });

  it('the main action builds it and leaves one comment whose links name the uploaded artifacts', async () => {
    const run = await buildStep(projectId, await prEnv('synchronize', HEAD_1));
    expectGreen(run);
    const { builds } = run;
    expect(builds).toHaveLength(2);
    const [comment, ...others] = e2e.github.comments.comments(PR);
    expect(others).toHaveLength(0);
    expect(run.outputs['comment-url']).toBe(
      `https://github.com/acme/desktop-app/pull/${PR}#issuecomment-${comment!.id}`,
    );
    for (const build of builds) {
      expect(build.artifactId).toBeGreaterThan(0);
      expect(comment!.body).toContain(
        `](https://github.com/acme/desktop-app/actions/runs/501/artifacts/${build.artifactId})`,
      );
    }
    expect(comment!.body).toContain(`/commit/${HEAD_1})`);
    expect(comment!.body).toContain('✅ 2 desktop installers ready to try');
    // Created when the builds were triggered, then edited: never a second comment.
    expect(e2e.github.comments.writes[0]!.kind).toBe('create');
    expect(e2e.github.comments.writes.slice(1).every((write) => write.kind === 'update')).toBe(
      true,
    );
    expect(e2e.github.comments.writes[0]!.body).toContain('⏳ Building 2 desktop installers');
  });

  it('a later push updates the same comment and says which commit it now shows', async () => {
    const update = await projectStep({}, await prEnv('synchronize', HEAD_2));
    expectGreen(update);
    expect(update.outputs['project-id']).toBe(projectId);
    const run = await buildStep(projectId, await prEnv('synchronize', HEAD_2));
    expectGreen(run);
    const [comment, ...others] = e2e.github.comments.comments(PR);
    expect(others).toHaveLength(0);
    expect(comment!.body).toContain(`/commit/${HEAD_2})`);
    expect(comment!.body).not.toContain(HEAD_1);
    expect(comment!.body).toContain('/actions/runs/502/artifacts/');
  });

  it('a fork (read-only token) gets a notice and a green step', async () => {
    const before = e2e.github.comments.writes.length;
    const run = await buildStep(projectId, await prEnv('synchronize', HEAD_2), FORK_TOKEN);
    expect(run.stdout).toMatch(/::notice title=No pull-request comment::.*pull-requests: write/);
    expect(e2e.github.comments.writes.length).toBe(before);
    expect(run.outputs['comment-url'] ?? '').toBe('');
    expectGreen(run);
  });

  it('the closed job deletes the per-PR project', async () => {
    const run = await projectStep({ delete: 'true' }, await prEnv('closed', HEAD_2));
    expectGreen(run);
    expect(run.outputs['project-id']).toBe(projectId);
    await expect(client.getProject(projectId)).rejects.toThrow();
  });
});
