// The bundled action (`dist/index.js`) refusing inputs that would become a forged workflow
// command, a bad tag or a name no publisher can take: before any request, so nothing is built or
// paid for and no draft release is left. The emulator and GitHub's stand-ins (the artifact backend
// and the releases API, test-kit/stand-ins) record every request they get: they must get none.
import { beforeEach, describe, expect, it } from 'vitest';
import { project, useE2e, type E2eRun } from '../../test-kit/e2e-run.ts';

const PROJECT_ID = 'proj_input_boundary';
const e2e = useE2e({
  emulator: {
    queuedMs: 20,
    buildingMs: 50,
    artifactSize: 16 * 1024,
    seedProjects: [project(PROJECT_ID, ['mac', 'linux'], { name: 'Boundary' })],
  },
  github: { token: 'ghs_input_boundary_token', releases: {}, artifacts: {} },
});
beforeEach(() => {
  e2e.emulator.requests.length = 0;
  e2e.github.releases.requests.length = 0;
  e2e.github.artifacts.calls.length = 0;
});

const run = (inputs: Record<string, string>): Promise<E2eRun> =>
  e2e.run({ inputs: { 'poll-interval': '0.05', release: 'true', ...inputs } });

/** What every refused run shows: a failed step, one short error, nothing sent anywhere. */
function expectRefusedBeforeAnyRequest(result: E2eRun, problem: string | RegExp): void {
  expect(result.code).toBe(1);
  expect(e2e.emulator.requests).toEqual([]);
  expect(e2e.github.releases.requests).toEqual([]);
  expect(e2e.github.artifacts.calls).toEqual([]);
  expect(e2e.github.artifacts.blobRequests).toEqual([]);
  expect(e2e.github.releases.releases()).toEqual([]);
  const errors = result.stdout.split('\n').filter((line) => line.startsWith('::error'));
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatch(problem);
  // The log stays small, whatever the size of the input.
  expect(result.stdout.length + result.stderr.length).toBeLessThan(8 * 1024);
}

describe('node dist/index.js refuses, before any request', () => {
  it('a release-tag carrying a newline and a workflow command, printed nowhere raw', async () => {
    const result = await run({ 'release-tag': 'v1.4.2\n::error title=forged::forged tag' });
    expectRefusedBeforeAnyRequest(
      result,
      /release-tag: "v1\.4\.2\\n::error title=forged::forged tag" contains a control character/,
    );
    for (const line of result.stdout.split('\n')) {
      expect(line.startsWith('::error title=forged')).toBe(false);
    }
  });

  it.each(['v1..2', 'v1 2', 'v1.lock', 'v1~1', 'v1@{2}', '@', 'desktop/', '.v1'])(
    'the release-tag %j, not a tag name by git rules',
    async (tag) => {
      const result = await run({ 'release-tag': tag });
      expectRefusedBeforeAnyRequest(result, /release-tag: ".*" .*git check-ref-format/);
    },
  );

  it.each([
    [
      'asset-name',
      '../{name}',
      /asset-name renders to "..\/app.dmg", which contains the forbidden character/,
    ],
    ['artifact-name', '{version}/{name}', /artifact-name renders to "1\.4\.2\/app\.dmg"/],
    ['asset-name', 'nul.{ext}', /device name Windows reserves/],
    ['artifact-name', '{ext}', /which is empty/],
  ])(
    'the %s template %j, which would fail only after the builds',
    async (input, template, problem) => {
      const result = await run({ [input]: template });
      expectRefusedBeforeAnyRequest(result, problem);
    },
  );

  it('a 100,000-character asset-name, in a log of a few lines', async () => {
    const result = await run({ 'asset-name': `${'a'.repeat(100_000)}{name}` });
    expectRefusedBeforeAnyRequest(
      result,
      /asset-name: 100006 characters, more than the 200 allowed \(it starts "a{39}…"\); shorten it/,
    );
  });
});

describe('node dist/index.js with the project own platforms', () => {
  it('refuses a template that gives two of them one name after Get Project, before any trigger', async () => {
    const result = await run({ 'artifact-name': 'myapp-{version}-{arch}' });
    expect(result.code).toBe(1);
    // Get Project, to learn the platforms; nothing triggered, nothing published.
    expect(e2e.emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/projects/${PROJECT_ID}`,
    ]);
    expect(e2e.emulator.builds()).toEqual([]);
    expect(e2e.github.releases.requests).toEqual([]);
    expect(e2e.github.artifacts.calls).toEqual([]);
    expect(result.stdout).toContain(
      'artifact-name renders the same name "myapp-1.4.2-x64" for mac/x64 and linux/x64',
    );
  });
});
