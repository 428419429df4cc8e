import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readContext, type RunnerContext } from '../src/runner/context.ts';
import { InputError, splitList } from '../src/runner/input-rules.ts';
import { VERSION_MAX_CHARS } from '../src/service/schemas.ts';
import {
  INPUT_NAMES,
  parseInputs,
  readInputs,
  tagOfRef,
  type Inputs,
  type Plan,
} from '../src/inputs.ts';

const blank = Object.fromEntries(INPUT_NAMES.map((name) => [name, ''])) as Inputs;
const valid: Inputs = {
  ...blank,
  'api-key': 'dbs_secret_key',
  'base-url': 'https://api.example-build-service.com/v1',
  'project-id': 'proj_abc123',
  'github-token': 'ghs_token',
};
const env = {
  GITHUB_REF: 'refs/tags/v1.4.2',
  GITHUB_REPOSITORY: 'acme/desktop-app',
  GITHUB_WORKSPACE: '/home/runner/work/app',
  GITHUB_RUN_ATTEMPT: '1',
};

/** The runner's context of `environment`, with facts of the event put in by a test. */
const runner = (environment: NodeJS.ProcessEnv, over: Partial<RunnerContext> = {}) => ({
  ...readContext(environment),
  ...over,
});

const problemsOf = (inputs: Partial<Inputs>, environment: NodeJS.ProcessEnv = env): string[] => {
  try {
    parseInputs({ ...valid, ...inputs }, runner(environment));
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).problems;
  }
  return [];
};

describe('parseInputs: defaults (design §2)', () => {
  const plan = parseInputs(valid, runner(env));

  it('fills every default of the contract', () => {
    expect(plan).toMatchObject({
      connection: {
        apiKey: 'dbs_secret_key',
        baseUrl: 'https://api.example-build-service.com/v1',
      },
      project: { projectId: 'proj_abc123', configFile: null },
      builds: {
        selection: {
          kind: 'trigger',
          version: '1.4.2',
          platforms: null,
          arches: ['x64'],
          reuse: false,
        },
        wait: true,
        pollIntervalMs: 15_000,
        timeoutMs: 60 * 60_000,
        download: {
          directory: path.resolve('/home/runner/work/app', 'desktop-builds'),
          concurrency: 3,
        },
      },
      failOnError: true,
    });
  });

  it('plans artifacts and, on a tag, the release of that tag', () => {
    expect(plan.publish).toEqual({
      githubToken: 'ghs_token',
      repository: 'acme/desktop-app',
      artifacts: {
        nameTemplate: '{name}',
        retentionDays: undefined,
        onExisting: 'replace',
        uploader: 'streamed',
      },
      release: {
        repository: 'acme/desktop-app',
        tag: 'v1.4.2',
        name: undefined,
        body: undefined,
        generateNotes: false,
        draft: false,
        prerelease: false,
        makeLatest: 'true',
        assetNameTemplate: '{name}',
        overwrite: true,
      },
    });
  });

  it('reuses finished builds by default on a re-run only', () => {
    const reuseOf = (plan: Plan) =>
      plan.builds.selection.kind === 'trigger' && plan.builds.selection.reuse;
    expect(reuseOf(parseInputs(valid, runner({ ...env, GITHUB_RUN_ATTEMPT: '2' })))).toBe(true);
    expect(
      reuseOf(
        parseInputs(
          { ...valid, 'reuse-builds': 'false' },
          runner({ ...env, GITHUB_RUN_ATTEMPT: '2' }),
        ),
      ),
    ).toBe(false);
  });

  it('has no release on a branch with release: auto', () => {
    const onBranch = parseInputs(
      { ...valid, version: '2.0.0' },
      runner({ ...env, GITHUB_REF: 'refs/heads/main' }),
    );
    expect(onBranch.publish.release).toBeNull();
    expect(onBranch.builds.selection).toMatchObject({ kind: 'trigger', version: '2.0.0' });
  });

  it('publishes nothing when it does not download or does not wait', () => {
    for (const off of [{ download: 'false' }, { wait: 'false' }]) {
      const { publish } = parseInputs({ ...valid, ...off }, runner(env));
      expect(publish.artifacts).toBeNull();
      expect(publish.release).toBeNull();
    }
  });
});

const trigger = (selection: object) => ({
  builds: { selection: { kind: 'trigger', ...selection } },
});
const downloadTo = (directory: string) => ({ builds: { download: { directory } } });
const baseUrl = (url: string) => ({ connection: { baseUrl: url } });

describe('parseInputs: parsing', () => {
  it.each([
    [{ platforms: 'mac, windows' }, trigger({ platforms: ['mac', 'windows'] })],
    [{ platforms: 'linux\nmac\n' }, trigger({ platforms: ['mac', 'linux'] })],
    [{ platforms: ' Windows ,windows' }, trigger({ platforms: ['windows'] })],
    [{ arches: 'arm64,x64' }, trigger({ arches: ['x64', 'arm64'] })],
    [
      { version: 'v2.0.0-beta.1+exp.sha.5114f85' },
      trigger({ version: '2.0.0-beta.1+exp.sha.5114f85' }),
    ],
    [
      { 'poll-interval': '2.5', timeout: '1.5' },
      { builds: { pollIntervalMs: 2_500, timeoutMs: 90_000 } },
    ],
    [{ wait: 'False', download: 'FALSE' }, { builds: { wait: false, download: null } }],
    [{ 'download-path': 'out/../installers' }, downloadTo('/home/runner/work/app/installers')],
    [{ 'download-path': '/home/runner/work/app/out' }, downloadTo('/home/runner/work/app/out')],
    [{ 'download-path': '..out' }, downloadTo('/home/runner/work/app/..out')],
    [{ 'base-url': 'http://127.0.0.1:8080/v1/' }, baseUrl('http://127.0.0.1:8080/v1')],
    [{ 'base-url': 'http://localhost:1/v1' }, baseUrl('http://localhost:1/v1')],
    [{ 'base-url': 'http://[::1]:9/v1' }, baseUrl('http://[::1]:9/v1')],
    [
      { 'build-ids': 'build_a\nbuild_b, build_a' },
      { builds: { selection: { kind: 'resume', buildIds: ['build_a', 'build_b'] } } },
    ],
    [{ 'fail-on-error': 'false' }, { failOnError: false }],
    [{ 'download-concurrency': '6' }, { builds: { download: { concurrency: 6 } } }],
    [{ 'max-download-size': '' }, { builds: { download: { maxBytes: 4 * 1024 ** 3 } } }],
    [{ 'max-download-size': '512 MiB' }, { builds: { download: { maxBytes: 512 * 1024 ** 2 } } }],
    [{ 'max-download-size': '2GB' }, { builds: { download: { maxBytes: 2e9 } } }],
  ] as [Partial<Inputs>, object][])('%o → %o', (inputs, expected) => {
    expect(parseInputs({ ...valid, ...inputs }, runner(env))).toMatchObject(expected);
  });

  it('takes no version from build-ids runs on a branch (the builds carry theirs)', () => {
    const plan = parseInputs(
      { ...valid, 'build-ids': 'build_x', release: 'false' },
      runner({ ...env, GITHUB_REF: 'refs/heads/main' }),
    );
    expect(plan.builds.selection).toEqual({ kind: 'resume', buildIds: ['build_x'] });
  });

  it('maps the publishing inputs onto the PublishPlan', () => {
    const plan = parseInputs(
      {
        ...valid,
        version: '1.0.0',
        'artifact-name': '{platform}-{arch}',
        'retention-days': '7',
        'artifact-overwrite': 'false',
        'artifact-uploader': 'library',
        release: 'true',
        'release-tag': 'desktop-v1',
        'release-name': 'Desktop 1',
        'release-body': 'notes',
        'generate-release-notes': 'true',
        'release-draft': 'true',
        prerelease: 'true',
        'make-latest': 'legacy',
        'asset-name': '{version}-{name}',
        overwrite: 'false',
      },
      runner({ ...env, GITHUB_REF: 'refs/heads/main', GITHUB_REPOSITORY: 'o/r' }),
    );
    expect(plan.publish).toEqual({
      githubToken: 'ghs_token',
      repository: 'o/r',
      artifacts: {
        nameTemplate: '{platform}-{arch}',
        retentionDays: 7,
        onExisting: 'fail',
        uploader: 'library',
      },
      release: {
        repository: 'o/r',
        tag: 'desktop-v1',
        name: 'Desktop 1',
        body: 'notes',
        generateNotes: true,
        draft: true,
        prerelease: true,
        makeLatest: 'legacy',
        assetNameTemplate: '{version}-{name}',
        overwrite: false,
      },
    });
  });
});

describe('parseInputs: validation, one clear problem per bad value', () => {
  it.each([
    [{ 'api-key': '' }, 'api-key: missing'],
    [{ 'project-id': '' }, 'project-id: missing'],
    [{ 'project-id': 'abc' }, 'project-id: "abc" is not of the form proj_<id>'],
    [{ 'base-url': '' }, 'base-url: missing'],
    [{ 'base-url': 'api.example.com' }, 'base-url: "api.example.com" is not a URL'],
    [
      { 'base-url': 'http://api.example.com/v1' },
      'base-url: "http://api.example.com" must use https',
    ],
    [{ 'base-url': 'ftp://127.0.0.1/v1' }, 'must use https'],
    [{ 'base-url': 'https://u:p@example.com/v1' }, 'base-url: must not carry credentials'],
    [
      { platforms: 'mac, ios' },
      'platforms: "ios" is not allowed; use a subset of mac, windows, linux',
    ],
    [{ arches: 'x86, ia64' }, 'arches: "x86", "ia64" are not allowed; use a subset of x64, arm64'],
    [{ version: '1.4' }, 'version: "1.4" is not a semantic version'],
    [{ version: '01.2.3' }, 'version: "01.2.3" is not a semantic version'],
    [{ 'poll-interval': '0' }, 'poll-interval: "0" is not a positive number of seconds'],
    [{ 'poll-interval': '-5' }, 'poll-interval: "-5" is not a positive number of seconds'],
    [{ 'poll-interval': 'fast' }, 'poll-interval: "fast" is not a positive number'],
    [{ timeout: '0' }, 'timeout: "0" is not a positive number of minutes'],
    [{ timeout: '100000' }, 'timeout: "100000" is not a positive number of minutes (at most 360)'],
    [{ wait: 'yes' }, 'wait: "yes" is not a boolean; use true or false'],
    [{ 'reuse-builds': '1' }, 'reuse-builds: "1" is not a boolean'],
    [
      { 'download-concurrency': '0' },
      'download-concurrency: "0" is not a whole number from 1 to 16',
    ],
    [
      { 'max-download-size': '4 gigs' },
      'max-download-size: "4 gigs" is not a size from 1 byte to 1 TiB; use bytes or a number with a unit (KiB, MiB, GiB, TiB, or KB, MB, GB, TB), e.g. 4GiB',
    ],
    [{ 'max-download-size': '0' }, 'max-download-size: "0" is not a size from 1 byte to 1 TiB'],
    [{ 'max-download-size': '2TiB' }, 'max-download-size: "2TiB" is not a size from 1 byte'],
    [{ 'retention-days': '91' }, 'retention-days: "91" is not a whole number from 1 to 90'],
    [{ release: 'maybe' }, 'release: "maybe" is not one of auto, true, false'],
    [{ 'make-latest': 'yes' }, 'make-latest: "yes" is not one of true, false, legacy'],
    [
      { 'artifact-uploader': 'azure' },
      'artifact-uploader: "azure" is not one of streamed, library',
    ],
    [{ 'build-ids': 'build_ok, 123' }, 'build-ids: "123" not of the form build_<id>'],
    [{ 'github-token': '' }, 'github-token: missing'],
    [
      { 'download-path': '../outside' },
      'download-path: "../outside" is not a folder inside the workspace (/home/runner/work/app)',
    ],
    [{ 'download-path': '/tmp/out' }, 'download-path: "/tmp/out" is not a folder inside'],
    [{ 'download-path': '.' }, 'download-path: "." is not a folder inside'],
    [
      { 'artifact-name': '{name}-{os}' },
      'artifact-name: Unknown placeholder {os} in name template "{name}-{os}". Use only {name}, {version}, {platform}, {arch} and {ext}.',
    ],
    [{ 'asset-name': '{Arch}.{ext}' }, 'asset-name: Unknown placeholder {Arch}'],
    // Checked whether or not publishing is on: a typo is caught before the builds either way.
    [{ 'asset-name': '{}', release: 'false' }, 'asset-name: Unknown placeholder {}'],
  ] as [Partial<Inputs>, string][])('%o', (inputs, expected) => {
    const problems = problemsOf(inputs);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it('needs a version off a tag, and a semver tag on one', () => {
    expect(
      problemsOf({}, { ...env, GITHUB_REF: 'refs/heads/main', GITHUB_REPOSITORY: 'o/r' }),
    ).toEqual([
      'version: missing and the ref "refs/heads/main" is not a tag; set version (e.g. 1.4.2) or run on a tag push',
    ]);
    expect(problemsOf({ release: 'false' }, { ...env, GITHUB_REF: 'refs/tags/nightly' })).toEqual([
      'version: the tag "nightly" is not a semantic version; set version (e.g. 1.4.2) or tag as v1.4.2',
    ]);
  });

  it('needs a release tag for release: true off a tag', () => {
    expect(
      problemsOf({ release: 'true', version: '1.0.0' }, { ...env, GITHUB_REF: 'refs/heads/main' }),
    ).toEqual(['release-tag: missing and the ref is not a tag; set release-tag or release: false']);
  });

  it('needs owner/repo to publish', () => {
    expect(problemsOf({}, { ...env, GITHUB_REPOSITORY: '' })[0]).toContain('GITHUB_REPOSITORY');
    expect(
      problemsOf(
        { 'upload-artifacts': 'false', release: 'false' },
        { ...env, GITHUB_REPOSITORY: '' },
      ),
    ).toEqual([]);
  });

  it('lists every problem at once and never repeats the API key', () => {
    let caught: unknown;
    try {
      parseInputs(
        { ...valid, 'api-key': 'dbs_leak_me', platforms: 'bsd', 'poll-interval': '0' },
        runner(env),
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    const error = caught as InputError;
    expect(error.name).toBe('InputError');
    expect(error.problems).toHaveLength(2);
    expect(error.message).toMatch(/^Invalid inputs:\n- platforms: .*\n- poll-interval: /);
    expect(error.message).not.toContain('dbs_leak_me');
  });
});

describe('parseInputs: what becomes a tag, a name, a path or a log line', () => {
  it.each([
    ['v1\n::error title=forged::forged', 'contains a control character'],
    ['v1 beta', 'contains " "'],
    ['v1..2', 'contains ".."'],
    ['@', 'is "@"'],
    ['v1.lock', 'has a part ending with ".lock"'],
    ['desktop/', 'has an empty part between slashes'],
  ])('refuses the release-tag %j: %s', (tag, problem) => {
    const problems = problemsOf({ 'release-tag': tag });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^release-tag: "/);
    expect(problems[0]).toContain(problem);
    expect(problems[0]).toContain('git check-ref-format');
    // One inert line: the newline is shown escaped.
    expect(problems[0]).not.toContain('\n');
  });

  it('refuses a tag of GITHUB_REF that git would not take (a hand-set ref), and takes a good one', () => {
    expect(
      problemsOf({ version: '1.0.0' }, { ...env, GITHUB_REF: 'refs/tags/v1\n::error::x' }),
    ).toEqual([
      'release-tag: the tag of GITHUB_REF, "v1\\n::error::x", contains a control character; set release-tag',
    ]);
    expect(problemsOf({ 'release-tag': 'desktop/v1.4.2' })).toEqual([]);
  });

  it.each([
    [
      { 'asset-name': '../{name}' },
      'asset-name: asset-name renders to "../app.dmg", which contains the forbidden character "/"',
    ],
    [
      { 'artifact-name': '{version}/{name}' },
      'artifact-name: artifact-name renders to "1.4.2/app.dmg"',
    ],
    [{ 'asset-name': '{ext}' }, 'asset-name: asset-name renders to "", which is empty'],
    [{ 'asset-name': 'con.{ext}' }, 'which is a device name Windows reserves'],
    // Checked whether or not publishing is on, like an unknown placeholder.
    [{ 'asset-name': '../{name}', release: 'false' }, 'forbidden character "/"'],
  ] as [Partial<Inputs>, string][])(
    'refuses the template %o before any build',
    (inputs, expected) => {
      const problems = problemsOf(inputs);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(expected);
    },
  );

  it('refuses two targets of the run sharing a name when the platforms are given', () => {
    expect(
      problemsOf({ platforms: 'mac, linux', 'artifact-name': 'app-{version}-{arch}' }),
    ).toEqual([
      'artifact-name: artifact-name renders the same name "app-1.4.2-x64" for mac/x64 and linux/x64, ' +
        'so one installer would replace the other. Add {platform}, {arch}, {name} or {ext} to the template.',
    ]);
    // The project's own platforms are not known yet (main.ts checks once they are); one target
    // cannot share; a publisher that is off names nothing.
    expect(problemsOf({ 'artifact-name': 'app-{version}-{arch}' })).toEqual([]);
    expect(problemsOf({ platforms: 'mac', 'artifact-name': 'app-{version}' })).toEqual([]);
    expect(
      problemsOf({ platforms: 'mac, linux', 'asset-name': 'app-{version}', release: 'false' }),
    ).toEqual([]);
  });

  it('renders templates of resumed builds for every target there can be', () => {
    expect(problemsOf({ 'build-ids': 'build_1', 'artifact-name': '{platform}\\{name}' })).toEqual([
      expect.stringContaining('forbidden character "\\\\"'),
    ]);
  });

  it.each([
    ['nul', 'nul'],
    ['builds/CON', 'CON'],
    ['builds/com\u00b9.d/x', 'com\u00b9.d'],
    ['CONIN$', 'CONIN$'],
    ['lpt0 ', 'lpt0 '],
  ])('refuses the download-path %j: %j is a device on Windows', (downloadPath, part) => {
    const problems = problemsOf({ 'download-path': downloadPath });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`has a part, ${JSON.stringify(part)}, that Windows reserves`);
  });

  it('takes download paths that only look like devices', () => {
    expect(problemsOf({ 'download-path': 'console/nul_/COM10' })).toEqual([]);
  });
});

describe('parseInputs: every input bounded in length', () => {
  it('refuses a 100,000-character asset-name with one short problem showing its start escaped', () => {
    const problems = problemsOf({ 'asset-name': `\n::error::${'a'.repeat(100_000)}{name}` });
    expect(problems).toEqual([
      `asset-name: 100016 characters, more than the 200 allowed (it starts "\\n::error::${'a'.repeat(29)}…"); shorten it`,
    ]);
  });

  it.each(INPUT_NAMES.filter((name) => name !== 'api-key' && name !== 'github-token'))(
    'bounds %s',
    (name) => {
      const problems = problemsOf({ [name]: 'x'.repeat(200_000) });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        new RegExp(`^${name}: 200000 characters, more than the \\d+ allowed`),
      );
      expect(problems[0]!.length).toBeLessThan(200);
    },
  );

  it.each(['api-key', 'github-token'] as const)('bounds %s without showing it', (name) => {
    const problems = problemsOf({ [name]: 's'.repeat(5000) });
    expect(problems).toEqual([`${name}: 5000 characters, more than the 4096 allowed; shorten it`]);
  });

  it.each(['api-key', 'github-token'] as const)(
    'refuses %s holding a control character, naming it without its value',
    (name) => {
      for (const value of ['ghs_a\n::error title=x::forged', 'dbs_key\rmore', 'a\tb', 'x\u0085y']) {
        const problems = problemsOf({ [name]: value });
        expect(problems).toEqual([
          `${name}: holds a control character (a line break, a tab), which no key or token ` +
            "has; check the secret's value (not shown here)",
        ]);
      }
    },
  );

  it('keeps the other inputs problems', () => {
    expect(problemsOf({ 'release-tag': 'x'.repeat(300), wait: 'maybe' })).toEqual([
      'release-tag: 300 characters, more than the 255 allowed (it starts "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"); shorten it',
      'wait: "maybe" is not a boolean; use true or false',
    ]);
  });

  it("bounds version by what the service's answers carry, given or from the tag", () => {
    const version = (length: number) => `1.0.0-${'a'.repeat(length - 6)}`;
    expect(VERSION_MAX_CHARS).toBe(128);
    expect(problemsOf({ version: version(VERSION_MAX_CHARS) })).toEqual([]);
    expect(problemsOf({ version: version(150) })).toEqual([
      `version: 150 characters, more than the 128 allowed (it starts "1.0.0-${'a'.repeat(33)}…"); shorten it`,
    ]);
    expect(
      problemsOf({ version: '' }, { ...env, GITHUB_REF: `refs/tags/v${version(150)}` }),
    ).toEqual([
      "version: the tag's version is 150 characters, more than the 128 the service's answers carry; set version (e.g. 1.4.2)",
    ]);
  });

  it('takes a release body as long as GitHub does', () => {
    expect(problemsOf({ 'release-body': 'b'.repeat(125_000) })).toEqual([]);
    expect(problemsOf({ 'release-body': 'b'.repeat(125_001) })).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('splits comma and newline lists, ignoring whitespace', () => {
    expect(splitList(' a, b\n\nc ,')).toEqual(['a', 'b', 'c']);
  });

  it('finds the tag of a ref', () => {
    expect(tagOfRef('refs/tags/v1.2.3')).toBe('v1.2.3');
    expect(tagOfRef('refs/heads/main')).toBeNull();
    expect(tagOfRef(undefined)).toBeNull();
  });

  it('reads every input by its hyphenated name', () => {
    const asked: string[] = [];
    const inputs = readInputs((name) => {
      asked.push(name);
      return name === 'api-key' ? 'k' : '';
    });
    expect(asked).toEqual([...INPUT_NAMES]);
    expect(inputs['api-key']).toBe('k');
  });
});

describe('parseInputs: the pull-request comment', () => {
  const pr = { number: 7, headSha: 'a'.repeat(40) };
  const prEnv = { ...env, GITHUB_REF: 'refs/pull/7/merge', GITHUB_EVENT_NAME: 'pull_request' };
  const onPr = { version: '1.4.2-pr.7' };

  it('is on by default on a pull request, with the token and the repository', () => {
    const plan = parseInputs({ ...valid, ...onPr }, runner(prEnv, { pullRequest: pr }));
    expect(plan.comment).toEqual({
      pullRequest: pr,
      githubToken: 'ghs_token',
      repository: 'acme/desktop-app',
    });
    expect(plan.notices).toEqual([]);
  });

  it('is off with comment: false, and off without a pull request', () => {
    expect(
      parseInputs({ ...valid, ...onPr, comment: 'false' }, runner(prEnv, { pullRequest: pr }))
        .comment,
    ).toBeNull();
    expect(parseInputs(valid, runner(env)).comment).toBeNull();
  });

  it('comment: true outside a pull request is a notice, not an error', () => {
    const plan = parseInputs(
      { ...valid, comment: 'true' },
      runner({ ...env, GITHUB_EVENT_NAME: 'push' }),
    );
    expect(plan.comment).toBeNull();
    expect(plan.notices).toEqual([expect.stringContaining('"push" event, not a pull request')]);
  });

  it('says when a pull_request event names no pull request (its event file is missing)', () => {
    for (const comment of ['auto', 'true']) {
      const plan = parseInputs({ ...valid, ...onPr, comment }, runner(prEnv));
      expect(plan.comment).toBeNull();
      expect(plan.notices).toEqual([
        'comment: this run is for a "pull_request" event, but its payload (GITHUB_EVENT_PATH) names no pull request; nothing to comment on',
      ]);
    }
  });

  it('refuses an event file it cannot read, unless there is no comment to make', () => {
    const problem = 'GITHUB_EVENT_PATH: the event file "/e.json" cannot be read: …';
    const broken = runner(prEnv, { eventFileProblem: problem });
    expect(() => parseInputs({ ...valid, ...onPr }, broken)).toThrow(InputError);
    expect(() => parseInputs({ ...valid, ...onPr }, broken)).toThrow(problem);
    expect(parseInputs({ ...valid, ...onPr, comment: 'false' }, broken).comment).toBeNull();
  });

  it('names a bad value and the allowed ones', () => {
    expect(problemsOf({ ...onPr, comment: 'yes' }, prEnv)).toEqual([
      'comment: "yes" is not one of auto, true, false',
    ]);
  });

  it('needs the token to comment', () => {
    try {
      parseInputs(
        { ...valid, ...onPr, 'github-token': '', 'upload-artifacts': 'false' },
        runner(prEnv, { pullRequest: pr }),
      );
      expect.unreachable();
    } catch (error) {
      expect((error as InputError).problems).toEqual([
        'github-token: missing; it is needed to comment on the pull request (comment)',
      ]);
    }
  });
});

describe('parseInputs: the poll interval floor', () => {
  const pollOf = (inputs: Partial<Inputs>) => {
    const plan = parseInputs({ ...valid, ...inputs }, runner(env));
    return { ms: plan.builds.pollIntervalMs, notices: plan.notices };
  };

  it('raises an interval under 1 s for a remote service, and says so', () => {
    expect(pollOf({ 'poll-interval': '0.001' })).toEqual({
      ms: 1000,
      notices: [
        'poll-interval: 0.001 s is below the floor of 1 s for a remote service; polling every 1 s',
      ],
    });
    expect(pollOf({ 'poll-interval': '1' })).toEqual({ ms: 1000, notices: [] });
  });

  it('lets a loopback service (the emulator) be polled down to 0.05 s', () => {
    for (const url of ['http://127.0.0.1:8080/v1', 'http://localhost:1/v1', 'http://[::1]:2/v1']) {
      expect(pollOf({ 'base-url': url, 'poll-interval': '0.05' })).toEqual({ ms: 50, notices: [] });
      expect(pollOf({ 'base-url': url, 'poll-interval': '0.01' })).toEqual({
        ms: 50,
        notices: [
          'poll-interval: 0.01 s is below the floor of 0.05 s for a loopback service; polling every 0.05 s',
        ],
      });
    }
  });

  it('does not take a host that merely starts like a loopback one for one', () => {
    const ms = (url: string) => pollOf({ 'base-url': url, 'poll-interval': '0.05' }).ms;
    expect(ms('https://localhost.evil.example/v1')).toBe(1000);
    expect(ms('https://127.0.0.1.nip.io/v1')).toBe(1000);
  });
});

describe('action.yml', () => {
  it('declares exactly the inputs getInputs() reads', async () => {
    const { readFileSync } = await import('node:fs');
    const { parse } = await import('yaml');
    const metadata = parse(
      readFileSync(path.resolve(import.meta.dirname, '../action.yml'), 'utf8'),
    ) as {
      inputs: Record<string, { default?: string; required?: boolean }>;
    };
    expect(Object.keys(metadata.inputs).sort()).toEqual([...INPUT_NAMES].sort());
    for (const [name, input] of Object.entries(metadata.inputs)) {
      expect(input.required === true || input.default !== undefined, name).toBe(true);
    }
  });
});
