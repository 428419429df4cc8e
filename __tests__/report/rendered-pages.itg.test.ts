// The job summary and the pull-request comment as people see them: the bundled action
// (`node dist/index.js`, as the runner runs it) against the emulator and GitHub's stand-ins, its
// summary file and its comment's body rendered as GitHub renders them (GFM, github-markdown-css,
// 1012 px) in a real headless Chromium. A reader must see the release's state, why a build
// failed and each installer's file name as its link, and no table may hide a column behind a
// scrollbar. With UPDATE_SCREENSHOTS=1 the same pages become README's pictures.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import {
  startIssueCommentsApi,
  type IssueCommentsApi,
} from '../../test-kit/stand-ins/issue-comments-api.ts';
import { startReleasesApi, type ReleasesApi } from '../../test-kit/stand-ins/releases-api.ts';
import {
  layoutOf,
  screenshotContent,
  startRenderer,
  type Layout,
  type RenderedPages,
} from '../../test-kit/rendered-page.ts';
import {
  assertBundleBuilt,
  REPO_ROOT,
  runAction,
  type ActionRun,
} from '../../test-kit/run-action.ts';

const PROJECT_ID = 'proj_rendered_pages';
const TOKEN = 'ghs_rendered_pages';
const PR = 7;
const HEAD = 'c0ffee'.padEnd(40, '0');
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
/** The failing build's last log lines, as the emulator's fault writes them. */
const CAUSE = [
  'Packaging for windows/x64 exited with code 1',
  "electron-builder: cannot find module 'native-addon-x64'",
];

let emulator: Emulator;
let backend: ArtifactBackend;
let releases: ReleasesApi;
let comments: IssueCommentsApi;
let renderer: RenderedPages;

beforeAll(async () => {
  assertBundleBuilt();
  emulator = await startEmulator({
    queuedMs: 50,
    // Builds of a few seconds, so the pictures show durations, not 0s everywhere.
    buildingMs: ({ platform, arch }) =>
      ({ mac: 2_200, windows: 1_700, linux: 1_300 })[platform] + (arch === 'arm64' ? 500 : 0),
    artifactSize: ({ platform }) => ({ mac: 180, windows: 150, linux: 120 })[platform] * 1024,
    seedProjects: [
      {
        id: PROJECT_ID,
        name: 'Acme Notes',
        url: 'https://notes.acme.example',
        platforms: ['mac', 'windows', 'linux'],
      },
    ],
  });
  emulator.faults.failBuilds = [{ platform: 'windows', arch: 'x64' }];
  [backend, releases, comments, renderer] = await Promise.all([
    startArtifactBackend(),
    startReleasesApi({ token: TOKEN }),
    startIssueCommentsApi({ tokens: { [TOKEN]: { login: 'github-actions[bot]' } } }),
    startRenderer(),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([
    emulator?.close(),
    backend?.close(),
    releases?.close(),
    comments?.close(),
    renderer?.close(),
  ]);
});

const run = (env: Record<string, string>, inputs: Record<string, string> = {}) =>
  runAction({
    inputs: {
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': PROJECT_ID,
      platforms: 'mac, windows, linux',
      arches: 'x64, arm64',
      'poll-interval': '0.1',
      ...inputs,
    },
    githubToken: TOKEN,
    env: { ...backend.env, GITHUB_SHA: HEAD, ...env },
  });

/** The installers' file names of the builds that succeeded, from the `builds` output. */
function installerNames(action: ActionRun): string[] {
  const builds = JSON.parse(action.outputs.builds!) as { status: string; path?: string }[];
  const names = builds.flatMap((build) => (build.path ? [path.basename(build.path)] : []));
  expect(names).toHaveLength(5);
  return names;
}

/** What every reader must get from the page, whichever it is. */
function expectReadable(layout: Layout, names: readonly string[]): void {
  for (const table of layout.tables) {
    expect(table.scrollWidth, `a table scrolls sideways: ${table.text}`).toBeLessThanOrEqual(
      table.clientWidth,
    );
  }
  expect(layout.pageScrollWidth).toBeLessThanOrEqual(1012);
  for (const name of names) expect(layout.visibleLinks).toContain(name);
  for (const line of CAUSE) expect(layout.text).toContain(line);
}

async function screenshot(page: Parameters<typeof screenshotContent>[0], name: string) {
  if (!SCREENSHOTS) return;
  const dir = path.join(REPO_ROOT, 'docs/images');
  await mkdir(dir, { recursive: true });
  await screenshotContent(page, path.join(dir, name));
}

describe('what a person meets, rendered in a browser at GitHub width', () => {
  it('the job summary of a 6-build tag push with windows/x64 failing', async () => {
    const action = await run({ GITHUB_API_URL: releases.url });
    expect(action.code, action.stderr).toBe(1);
    const names = installerNames(action);
    const page = await renderer.open(action.summary, 'Job summary');
    try {
      const layout = await layoutOf(page);
      expect(layout.tables).toHaveLength(1);
      expectReadable(layout, names);
      expect(layout.text).toMatch(
        /Release: draft, not published, because 1 of 6 builds failed \(windows\/x64\)/,
      );
      expect(layout.visibleLinks).toContain('open the draft');
      expect(layout.text).toContain('Why the build failed');
      await screenshot(page, 'job-summary.png');
    } finally {
      await page.close();
    }
  }, 90_000);

  it('the comment a pull-request run writes', async () => {
    const events = await mkdtemp(path.join(os.tmpdir(), 'rendered-pages-event-'));
    const event = path.join(events, 'event.json');
    await writeFile(
      event,
      JSON.stringify({
        action: 'synchronize',
        number: PR,
        pull_request: { number: PR, head: { sha: HEAD } },
      }),
    );
    const action = await run(
      {
        GITHUB_API_URL: comments.url,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_REF: `refs/pull/${PR}/merge`,
        GITHUB_RUN_ID: '501',
      },
      { version: `1.5.0-pr.${PR}` },
    );
    expect(action.code, action.stderr).toBe(1);
    const names = installerNames(action);
    const [comment, ...others] = comments.comments(PR);
    expect(others).toHaveLength(0);
    const page = await renderer.open(comment!.body, 'Pull-request comment');
    try {
      const layout = await layoutOf(page);
      expect(layout.tables).toHaveLength(1);
      expectReadable(layout, names);
      expect(layout.text).toContain('1 of 6 desktop builds failed, 5 succeeded');
      expect(layout.text).toContain(`Version 1.5.0-pr.${PR}`);
      expect(layout.text).toMatch(/updated \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC/);
      expect(layout.text).toContain('windows/x64 failed:');
      await screenshot(page, 'pr-comment.png');
    } finally {
      await page.close();
    }
  }, 90_000);
});
