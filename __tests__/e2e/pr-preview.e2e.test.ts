// The README's pull-request recipe end to end, each step the bundled code run as a runner runs it:
// the project sub-action makes a per-PR project for the preview deployment's URL, the main action
// builds it on a pull_request event with artifacts on and keeps one comment on the pull request,
// a second push updates that comment, and the `closed` job deletes the project. The service is the
// emulator; GitHub's side is local stand-ins (artifact backend, issue-comments API) that the
// bundled artifact client and Octokit reach over 127.0.0.1.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildServiceClient } from '../../src/service/client.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import {
  startIssueCommentsApi,
  type IssueCommentsApi,
} from '../../test-kit/stand-ins/issue-comments-api.ts';
import { REPO_ROOT, runAction, type ActionRun } from '../../test-kit/run-action.ts';

const TOKEN = 'ghs_pr_preview_token';
const FORK_TOKEN = 'ghs_fork_read_only';
const PR = 7;
const NAME = 'Acme Notes';
const PREVIEW_URL = `https://pr-${PR}.preview.acme.example`;
const HEAD_1 = '1'.repeat(40);
const HEAD_2 = '2'.repeat(40);

let emulator: Emulator;
let backend: ArtifactBackend;
let comments: IssueCommentsApi;
let client: BuildServiceClient;
let events: string;

beforeAll(async () => {
  emulator = await startEmulator({ queuedMs: 50, buildingMs: 300, artifactSize: 64 * 1024 });
  backend = await startArtifactBackend();
  comments = await startIssueCommentsApi({
    tokens: {
      [TOKEN]: { login: 'github-actions[bot]' },
      [FORK_TOKEN]: { login: 'github-actions[bot]', readOnly: true },
    },
  });
  client = new BuildServiceClient({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
  events = await mkdtemp(path.join(os.tmpdir(), 'pr-events-'));
});
afterAll(async () => {
  await client.close();
  await Promise.all([emulator.close(), backend.close(), comments.close()]);
});

/** The runner's environment for a pull_request event with this action and head commit. */
async function prEnv(
  action: 'synchronize' | 'closed',
  head: string,
): Promise<Record<string, string>> {
  const file = path.join(events, `${action}-${head.slice(0, 4)}.json`);
  await writeFile(
    file,
    JSON.stringify({ action, number: PR, pull_request: { number: PR, head: { sha: head } } }),
  );
  return {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: file,
    GITHUB_REF: `refs/pull/${PR}/merge`,
    GITHUB_SHA: 'f'.repeat(40),
    GITHUB_RUN_ID: head === HEAD_1 ? '501' : '502',
  };
}

const projectStep = async (inputs: Record<string, string>, env: Record<string, string>) =>
  runAction({
    actionDir: path.join(REPO_ROOT, 'project'),
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      name: `${NAME}-pr-${PR}`,
      url: PREVIEW_URL,
      platforms: 'mac, linux',
      ...inputs,
    },
    env,
  });

const buildStep = async (projectId: string, env: Record<string, string>, token = TOKEN) =>
  runAction({
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': projectId,
      version: `1.0.0-pr.${PR}`,
      'poll-interval': '0.1',
    },
    githubToken: token,
    env: { ...backend.env, ...env, GITHUB_API_URL: comments.url },
  });

interface BuildOutput {
  id: string;
  artifactId?: number;
  artifactUrl?: string;
}

const expectGreen = (run: ActionRun) => expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);

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
    const builds = JSON.parse(run.outputs.builds!) as BuildOutput[];
    expect(builds).toHaveLength(2);
    const [comment, ...others] = comments.comments(PR);
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
    expect(comments.writes[0]!.kind).toBe('create');
    expect(comments.writes.slice(1).every((write) => write.kind === 'update')).toBe(true);
    expect(comments.writes[0]!.body).toContain('⏳ Building 2 desktop installers');
  });

  it('a later push updates the same comment and says which commit it now shows', async () => {
    const update = await projectStep({}, await prEnv('synchronize', HEAD_2));
    expectGreen(update);
    expect(update.outputs['project-id']).toBe(projectId);
    const run = await buildStep(projectId, await prEnv('synchronize', HEAD_2));
    expectGreen(run);
    const [comment, ...others] = comments.comments(PR);
    expect(others).toHaveLength(0);
    expect(comment!.body).toContain(`/commit/${HEAD_2})`);
    expect(comment!.body).not.toContain(HEAD_1);
    expect(comment!.body).toContain('/actions/runs/502/artifacts/');
  });

  it('a fork (read-only token) gets a notice and a green step', async () => {
    const before = comments.writes.length;
    const run = await buildStep(projectId, await prEnv('synchronize', HEAD_2), FORK_TOKEN);
    expect(run.stdout).toMatch(/::notice title=No pull-request comment::.*pull-requests: write/);
    expect(comments.writes.length).toBe(before);
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
