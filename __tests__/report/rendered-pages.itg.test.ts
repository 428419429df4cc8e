// The job summary and the pull-request comment as people see them: the bundled action
// (`node dist/index.js`, as the runner runs it) against the emulator and GitHub's stand-ins, its
// summary file and its comment's body rendered as GitHub renders them (GFM, github-markdown-css,
// 1012 px) in a real headless Chromium. A reader must see the release's state, why a build
// failed and each installer's file name as its link, and no table may hide a column behind a
// scrollbar. With UPDATE_SCREENSHOTS=1 the same pages become README's pictures.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { project, pullRequestEnv, useE2e, type E2eRun } from '../../test-kit/e2e-run.ts';
import {
  layoutOf,
  screenshotContent,
  startRenderer,
  type Layout,
  type RenderedPages,
} from '../../test-kit/rendered-page.ts';
import { REPO_ROOT } from '../../test-kit/run-action.ts';

const PR = 7;
const HEAD = 'c0ffee'.padEnd(40, '0');
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';
/** The failing build's last log lines, as the emulator's fault writes them. */
const CAUSE = [
  'Packaging for windows/x64 exited with code 1',
  "electron-builder: cannot find module 'native-addon-x64'",
];

const e2e = useE2e({
  emulator: {
    // Builds of a few seconds, so the pictures show durations, not 0s everywhere.
    buildingMs: ({ platform, arch }) =>
      ({ mac: 2_200, windows: 1_700, linux: 1_300 })[platform] + (arch === 'arm64' ? 500 : 0),
    artifactSize: ({ platform }) => ({ mac: 180, windows: 150, linux: 120 })[platform] * 1024,
    seedProjects: [
      project('proj_rendered_pages', ['mac', 'windows', 'linux'], {
        name: 'Acme Notes',
        url: 'https://notes.acme.example',
      }),
    ],
  },
  github: { token: 'ghs_rendered_pages', releases: {}, artifacts: {}, comments: {} },
});
let renderer: RenderedPages;
beforeAll(async () => {
  renderer = await startRenderer();
}, 60_000);
afterAll(() => renderer?.close());
beforeEach(() => {
  e2e.emulator.faults.failBuilds = [{ platform: 'windows', arch: 'x64' }];
});

const run = (env: Record<string, string>, inputs: Record<string, string> = {}) =>
  e2e.run({
    inputs: { platforms: 'mac, windows, linux', arches: 'x64, arm64', ...inputs },
    env: { GITHUB_SHA: HEAD, ...env },
  });

/** The installers' file names of the builds that succeeded, from the `builds` output. */
function installerNames(action: E2eRun): string[] {
  const names = action.builds.flatMap((build) => (build.path ? [path.basename(build.path)] : []));
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
    const action = await run({ GITHUB_API_URL: e2e.github.releases.url });
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
    const action = await run(
      {
        ...(await pullRequestEnv({ number: PR, head: HEAD, runId: '501' })),
        GITHUB_API_URL: e2e.github.comments.url,
        GITHUB_SHA: HEAD,
      },
      { version: `1.5.0-pr.${PR}` },
    );
    expect(action.code, action.stderr).toBe(1);
    const names = installerNames(action);
    const [comment, ...others] = e2e.github.comments.comments(PR);
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
