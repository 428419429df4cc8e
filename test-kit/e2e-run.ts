// The e2e tests' one set-up: the bundled action (`node dist/index.js`, run by run-action.ts as a
// runner runs it) against the emulator and, where a test asks, GitHub's stand-ins (stand-ins/),
// with its `builds` output read into the one shape src/report/outputs.ts writes. A run reaches
// GitHub only where a stand-in answers: without a releases API its `release` input is off, without
// an artifact backend its `upload-artifacts` is, so no test can publish to github.com.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { afterAll, afterEach, beforeAll, onTestFinished } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/index.ts';
import type { BuildOutput } from '../src/report/outputs.ts';
import type { CreateProjectRequest } from '../src/service/schemas.ts';
import {
  assertBundleBuilt,
  DEFAULT_GITHUB_TOKEN,
  startAction,
  type ActionRun,
  type ActionRunOptions,
  type StartedAction,
} from './run-action.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
  type ArtifactBackendOptions,
} from './stand-ins/artifact-backend.ts';
import {
  startIssueCommentsApi,
  type IssueCommentsApi,
  type IssueCommentsApiOptions,
} from './stand-ins/issue-comments-api.ts';
import {
  startReleasesApi,
  type ReleasesApi,
  type ReleasesApiOptions,
} from './stand-ins/releases-api.ts';

export type { BuildOutput };

// --- The builds output ------------------------------------------------------------------------

type Base<T> = T extends string ? 'string' : T extends number ? 'number' : never;
/** How a field of BuildOutput is written: its JSON type, `?` when it may be left out. */
type Kind<T> = undefined extends T
  ? `${Base<Exclude<T, undefined>>}?`
  : null extends T
    ? `${Base<Exclude<T, null>>} or null`
    : Base<T>;

/** Every field of BuildOutput and its kind: a field added or changed there fails the type check here. */
const FIELDS: { [K in keyof Required<BuildOutput>]: Kind<BuildOutput[K]> } = {
  id: 'string or null',
  platform: 'string',
  arch: 'string',
  version: 'string or null',
  status: 'string',
  duration: 'number or null',
  artifactSize: 'number or null',
  path: 'string?',
  sha256: 'string?',
  artifactName: 'string?',
  artifactId: 'number?',
  artifactUrl: 'string?',
  error: 'string?',
};

function fieldProblem(kind: string, value: unknown): string | undefined {
  const type = value === null ? 'null' : typeof value;
  const allowed = kind.endsWith('?')
    ? [kind.slice(0, -1)]
    : kind.endsWith(' or null')
      ? [kind.slice(0, -' or null'.length), 'null']
      : [kind];
  return allowed.includes(type) ? undefined : `is ${type}, not ${kind}`;
}

/** The `builds` output as the action wrote it, each field checked against BuildOutput; [] if none. */
export function readBuilds(text: string | undefined): BuildOutput[] {
  if (text === undefined) return [];
  const builds: unknown = JSON.parse(text);
  if (!Array.isArray(builds)) throw new Error(`the builds output is not a JSON array: ${text}`);
  builds.forEach((build: unknown, index) => {
    if (typeof build !== 'object' || build === null) {
      throw new Error(`builds[${index}] is not an object: ${text}`);
    }
    const fields = build as Record<string, unknown>;
    for (const name of Object.keys(fields)) {
      if (!(name in FIELDS)) throw new Error(`builds[${index}].${name} is no field of BuildOutput`);
    }
    for (const [name, kind] of Object.entries(FIELDS)) {
      if (!(name in fields) && kind.endsWith('?')) continue;
      const problem = fieldProblem(kind, fields[name]);
      if (problem) throw new Error(`builds[${index}].${name} ${problem}: ${text}`);
    }
  });
  return builds as BuildOutput[];
}

/** A run of the bundled action, with its `builds` output read. */
export interface E2eRun extends ActionRun {
  builds: BuildOutput[];
}

const readRun = (run: ActionRun): E2eRun => ({
  ...run,
  builds: readBuilds(run.outputs.builds),
});

/** The run's build for this platform (and arch); fails, showing the output, when there is none. */
export function buildFor(run: E2eRun, platform: string, arch?: string): BuildOutput {
  const found = run.builds.find(
    (build) => build.platform === platform && (arch === undefined || build.arch === arch),
  );
  if (!found) throw new Error(`no ${platform} build in the builds output: ${run.outputs.builds}`);
  return found;
}

/** What a failed assertion on a run shows: its exit code and whole log. */
export const explain = (run: ActionRun): string => `exit ${run.code}\n${run.stdout}\n${run.stderr}`;

// --- GitHub's stand-ins -----------------------------------------------------------------------

interface StandIns {
  releases: ReleasesApi;
  artifacts: ArtifactBackend;
  comments: IssueCommentsApi;
}

export interface GitHubOptions {
  /** The token GitHub takes, and the run's github-token. Default: run-action.ts's. */
  token?: string;
  releases?: Omit<ReleasesApiOptions, 'token'>;
  artifacts?: ArtifactBackendOptions;
  /** Default tokens: the token, as github-actions[bot]. */
  comments?: Partial<IssueCommentsApiOptions>;
}

/** The stand-ins asked for, the token and the environment a run needs to reach them. */
export type GitHub<O extends GitHubOptions = Record<never, never>> = Pick<
  StandIns,
  keyof O & keyof StandIns
> &
  Partial<StandIns> & {
    token: string;
    /** The artifact backend's ACTIONS_*; GITHUB_API_URL (the releases API's, else the comments API's) and a GITHUB_SHA. */
    env: Record<string, string>;
    close(): Promise<void>;
  };

async function startGitHub<const O extends GitHubOptions>(options: O): Promise<GitHub<O>> {
  const token = options.token ?? DEFAULT_GITHUB_TOKEN;
  const [releases, artifacts, comments] = await Promise.all([
    options.releases && startReleasesApi({ token, ...options.releases }),
    options.artifacts && startArtifactBackend(options.artifacts),
    options.comments &&
      startIssueCommentsApi({
        tokens: { [token]: { login: 'github-actions[bot]' } },
        ...options.comments,
      }),
  ]);
  const apiUrl = releases?.url ?? comments?.url;
  return {
    ...(releases && { releases }),
    ...(artifacts && { artifacts }),
    ...(comments && { comments }),
    token,
    env: {
      ...artifacts?.env,
      ...(apiUrl !== undefined && { GITHUB_API_URL: apiUrl, GITHUB_SHA: 'c0ffee' }),
    },
    close: async () => {
      await Promise.all([releases?.close(), artifacts?.close(), comments?.close()]);
    },
  } as GitHub<O>;
}

/** GitHub's stand-ins for the test (or beforeEach) that calls this, closed when that test ends. */
export async function githubForTest<const O extends GitHubOptions>(options: O): Promise<GitHub<O>> {
  const github = await startGitHub(options);
  onTestFinished(() => github.close());
  return github;
}

/** What a pull request's event says: its number, head commit and what happened to it. */
export interface PullRequestEvent {
  number: number;
  head: string;
  action?: 'synchronize' | 'closed';
  /** GITHUB_RUN_ID, which the artifacts' links name. Default: run-action.ts's. */
  runId?: string;
}

/** The runner's environment for a pull_request event: its event file written, its merge ref. */
export async function pullRequestEnv(event: PullRequestEvent): Promise<Record<string, string>> {
  const { number, head, action = 'synchronize', runId } = event;
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'pr-event-')), `${action}.json`);
  await writeFile(
    file,
    JSON.stringify({ action, number, pull_request: { number, head: { sha: head } } }),
  );
  return {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: file,
    GITHUB_REF: `refs/pull/${number}/merge`,
    GITHUB_SHA: 'f'.repeat(40),
    ...(runId !== undefined && { GITHUB_RUN_ID: runId }),
  };
}

// --- The file's set-up ------------------------------------------------------------------------

/** A project seeded on the emulator (named by its id unless said). */
export const project = (
  id: string,
  platforms: CreateProjectRequest['platforms'],
  more: Partial<CreateProjectRequest> = {},
): CreateProjectRequest & { id: string } => ({
  id,
  name: id,
  url: 'https://app.example.com',
  platforms,
  ...more,
});

export interface E2eSetup<O extends GitHubOptions> {
  /** Over the kit's: builds queued 50 ms and building 300 ms, installers of 64 KiB. */
  emulator?: EmulatorOptions;
  /** GitHub's stand-ins the whole file shares, started once. */
  github?: O;
}

/** Over the set-up's own: inputs (one set to undefined is left out), env, the stand-ins to reach. */
export interface E2eRunOptions extends Omit<ActionRunOptions, 'inputs'> {
  inputs?: Record<string, string | undefined>;
  /** Default: the file's stand-ins. */
  github?: GitHub;
}

export interface StartedE2eRun {
  child: ReturnType<typeof startAction>['child'];
  result: Promise<E2eRun>;
  /** Resolves once the log so far matches `pattern` (no /g); fails if the action ends first. */
  logged(pattern: RegExp): Promise<void>;
}

/** `logged` for a started action: each chunk of its stdout checks the patterns waited on. */
function logWatch(action: StartedAction): StartedE2eRun['logged'] {
  const decoder = new StringDecoder('utf8');
  const checks = new Set<() => void>();
  let log = '';
  action.child.stdout!.on('data', (chunk: Buffer) => {
    log += decoder.write(chunk);
    for (const check of checks) check();
  });
  return (pattern) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(log) && checks.delete(check)) resolve();
      };
      checks.add(check);
      check();
      const ended = () => {
        if (checks.delete(check)) reject(new Error(`the action ended before it logged ${pattern}`));
      };
      action.result.then(ended, ended);
    });
}

export interface E2e<O extends GitHubOptions> {
  /** Started in beforeAll, closed in afterAll; its faults reset after each test. */
  readonly emulator: Emulator;
  readonly github: GitHub<O>;
  /**
   * The inputs of a run: the emulator's key and URL, its first seeded project, polls every 0.1 s,
   * and uploads and release off where no stand-in would take them; then `more`.
   */
  inputs(more?: Record<string, string | undefined>, github?: GitHub): Record<string, string>;
  run(options?: E2eRunOptions): Promise<E2eRun>;
  start(options?: E2eRunOptions): StartedE2eRun;
}

/** Registers the file's hooks: the bundle checked, the emulator and the shared stand-ins started. */
export function useE2e<const O extends GitHubOptions = Record<never, never>>(
  setup: E2eSetup<O> = {},
): E2e<O> {
  let emulator: Emulator | undefined;
  let shared: GitHub<O> | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is started in beforeAll: use it in a test`);
    return value;
  };
  const projectId = setup.emulator?.seedProjects?.[0]?.id;

  beforeAll(async () => {
    assertBundleBuilt();
    [emulator, shared] = await Promise.all([
      startEmulator({ queuedMs: 50, buildingMs: 300, artifactSize: 64 * 1024, ...setup.emulator }),
      setup.github && startGitHub(setup.github),
    ]);
  });
  afterAll(async () => {
    await Promise.all([emulator?.close(), shared?.close()]);
  });
  afterEach(() => emulator?.resetFaults());

  const inputs = (
    more: Record<string, string | undefined> = {},
    github: GitHub | undefined = shared,
  ) => {
    const service = started(emulator, 'the emulator');
    const all: Record<string, string | undefined> = {
      'api-key': service.apiKey,
      'base-url': service.baseUrl,
      ...(projectId !== undefined && { 'project-id': projectId }),
      'poll-interval': '0.1',
      ...(!github?.artifacts && { 'upload-artifacts': 'false' }),
      ...(!github?.releases && { release: 'false' }),
      ...more,
    };
    return Object.fromEntries(
      Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
  };
  const start = (options: E2eRunOptions = {}): StartedE2eRun => {
    const github = options.github ?? shared;
    const action = startAction({
      ...options,
      inputs: inputs(options.inputs, github),
      githubToken: options.githubToken ?? github?.token,
      env: { ...github?.env, ...options.env },
    });
    return { child: action.child, result: action.result.then(readRun), logged: logWatch(action) };
  };

  return {
    get emulator() {
      return started(emulator, 'the emulator');
    },
    get github() {
      return started(shared, 'the file’s GitHub stand-ins');
    },
    inputs,
    run: (options) => start(options).result,
    start,
  };
}
