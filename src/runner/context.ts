// The runner's context of a step, read once at its start and passed down: @actions/github's Context
// (the event and its payload, the commit, the run, GitHub's URLs) and what it lacks (the
// repository as owner/repo, the workspace, the runner's temp directory and step files, the pull
// request of the event).
import { existsSync } from 'node:fs';
import { messageOf } from '../shared/errors.ts';
// The class alone, past the package's exports: its index also loads Octokit and constructs a
// context on import, and the action loads Octokit only to publish or comment (bench/README.md).
import { Context } from '../../node_modules/@actions/github/lib/context.js';
import { quotedText } from '../text/escape.ts';

export interface PullRequest {
  number: number;
  /** The head commit (GITHUB_SHA is the merge commit on pull_request events). */
  headSha: string | undefined;
}

export const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'];

/** Pure: the payload of a pull-request event → its pull request; undefined for anything else. */
export function pullRequestOf(
  eventName: string | undefined,
  payload: unknown,
): PullRequest | undefined {
  if (!PULL_REQUEST_EVENTS.includes(eventName ?? '')) return undefined;
  const pr = (payload as { pull_request?: { number?: unknown; head?: { sha?: unknown } } } | null)
    ?.pull_request;
  if (typeof pr?.number !== 'number' || !Number.isSafeInteger(pr.number) || pr.number < 1) {
    return undefined;
  }
  const sha = pr.head?.sha;
  return {
    number: pr.number,
    headSha: typeof sha === 'string' && /^[0-9a-f]{40}$/.test(sha) ? sha : undefined,
  };
}

export interface RunnerContext {
  /** GITHUB_EVENT_NAME; undefined outside a runner. */
  eventName: string | undefined;
  /** The event's webhook payload (GITHUB_EVENT_PATH); empty when there is none to read. */
  payload: Context['payload'];
  /**
   * Why the event's file could not be read (not JSON, not an object, unreadable); undefined when it
   * was read, or when there is none. The payload is then empty.
   */
  eventFileProblem: string | undefined;
  /** GITHUB_SHA. */
  sha: string | undefined;
  /** GITHUB_REF, e.g. `refs/tags/v1.4.2`. */
  ref: string | undefined;
  /** GITHUB_RUN_ID; 0 when unknown. */
  runId: number;
  /** GITHUB_RUN_ATTEMPT; 1 when unknown. */
  runAttempt: number;
  /** The REST API's base URL, as Octokit takes it. */
  apiUrl: string;
  /** The web UI's origin, without a trailing slash. */
  serverUrl: string;
  /** The run is on GitHub Enterprise Server (isEnterpriseServer of serverUrl). */
  enterpriseServer: boolean;
  /** GITHUB_REPOSITORY as given (owner/repo on a runner); '' when not set. */
  repository: string;
  /** GITHUB_WORKSPACE, or the working directory of a local run. */
  workspace: string;
  /** RUNNER_TEMP; undefined when not set (a local run): the system's temp directory then. */
  runnerTemp: string | undefined;
  /** GITHUB_OUTPUT, where @actions/core writes the step's outputs. */
  outputFile: string | undefined;
  /** GITHUB_STEP_SUMMARY; no job summary is written without it. */
  summaryFile: string | undefined;
  /** The pull request of a pull_request or pull_request_target event. */
  pullRequest: PullRequest | undefined;
  /**
   * The environment all this was read from, for the artifact backend's own variables
   * (ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL, GITHUB_RETENTION_DAYS), which only it reads.
   */
  env: NodeJS.ProcessEnv;
}

/** The facts a run's web pages are made of. */
export type RunSite = Pick<RunnerContext, 'serverUrl' | 'runId'>;

/**
 * Pure: GITHUB_SERVER_URL names a GitHub Enterprise Server, as @actions/artifact's isGhes decides:
 * a host other than github.com, *.ghe.com (GitHub Enterprise Cloud with data residency) and
 * *.localhost. Workflow artifacts (v4) do not exist there.
 */
export function isEnterpriseServer(serverUrl: string): boolean {
  let host: string;
  try {
    host = new URL(serverUrl || 'https://github.com').hostname.trimEnd().toLowerCase();
  } catch {
    return false;
  }
  return host !== 'github.com' && !host.endsWith('.ghe.com') && !host.endsWith('.localhost');
}

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Context reads process.env while it is constructed; `env` stands in for it meanwhile (the
 * constructor is synchronous, so nothing else sees the swap).
 */
function constructIn(env: NodeJS.ProcessEnv): Context {
  const runnerEnv = process.env;
  process.env = env;
  try {
    return new Context();
  } finally {
    process.env = runnerEnv;
  }
}

/**
 * @actions/github's Context over `env`. A missing event file means no payload, as Context itself
 * decides, but without its line on stdout; a file that is not a JSON object, or cannot be read,
 * means no payload and a problem said once, by whoever needs the payload.
 */
function githubContextOf(env: NodeJS.ProcessEnv): { github: Context; problem?: string } {
  const eventPath = env.GITHUB_EVENT_PATH;
  if (!eventPath || !existsSync(eventPath)) {
    return { github: constructIn({ ...env, GITHUB_EVENT_PATH: undefined }) };
  }
  const problem = (reason: string) =>
    `GITHUB_EVENT_PATH: the event file ${quotedText(eventPath)} ${reason}; the runner writes the ` +
    "event's JSON there (for a local run, point it at a JSON file of the event, or unset it)";
  try {
    const github = constructIn(env);
    if (isObject(github.payload)) return { github };
    github.payload = {};
    return { github, problem: problem('is not a JSON object') };
  } catch (error) {
    const github = constructIn({ ...env, GITHUB_EVENT_PATH: undefined });
    return { github, problem: problem(`cannot be read: ${messageOf(error)}`) };
  }
}

/** The runner's context of this step, from `env`; reads the event file, never throws for it. */
export function readContext(env: NodeJS.ProcessEnv = process.env): RunnerContext {
  const { github, problem } = githubContextOf(env);
  // Context leaves what is unset undefined and numbers unparsed NaN, whatever its types say.
  const eventName = (github.eventName as string | undefined) || undefined;
  return {
    eventName,
    payload: github.payload,
    eventFileProblem: problem,
    sha: (github.sha as string | undefined) || undefined,
    ref: (github.ref as string | undefined) || undefined,
    runId: Number.isSafeInteger(github.runId) ? github.runId : 0,
    runAttempt: Number.isSafeInteger(github.runAttempt) ? github.runAttempt : 1,
    apiUrl: github.apiUrl,
    serverUrl: withoutTrailingSlash(github.serverUrl),
    enterpriseServer: isEnterpriseServer(github.serverUrl),
    repository: env.GITHUB_REPOSITORY ?? '',
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    runnerTemp: env.RUNNER_TEMP || undefined,
    outputFile: env.GITHUB_OUTPUT || undefined,
    summaryFile: env.GITHUB_STEP_SUMMARY || undefined,
    pullRequest: pullRequestOf(eventName, github.payload),
    env,
  };
}
