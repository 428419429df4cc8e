// The runner's context of a step, read once at its start from the runner's own variables
// (GITHUB_*, RUNNER_TEMP) and the event's file, and passed down. Only what the action uses is kept
// from the event: the pull request of a pull-request event, validated.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { jsonBounds } from '../http/json-depth.ts';
import { ActionError, messageOf } from '../shared/errors.ts';
import { formatByteSize } from '../text/byte-size.ts';
import { quotedText } from '../text/escape.ts';

/**
 * The most of the event file read: GitHub caps a webhook's payload at 25 MB, so no real event is
 * refused; the bound keeps a larger file from memory and from the parser.
 */
export const MAX_EVENT_BYTES = 25 * 1024 * 1024;

/**
 * A webhook's payload nests about six levels. Far deeper is no event, and refused before a parse
 * builds it (JSON.parse takes seconds and hundreds of MiB over a few MiB of `[`).
 */
export const MAX_EVENT_DEPTH = 64;

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
  /**
   * Why the event's file (GITHUB_EVENT_PATH) could not be read (too large, not JSON, not an object,
   * unreadable); undefined when it was read, or when there is none. There is no pull request then.
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

/** A positive whole number as the runner writes it (digits only), or `fallback`. */
function countOf(text: string | undefined, fallback: number): number {
  if (text === undefined || !/^[0-9]{1,15}$/.test(text)) return fallback;
  const count = Number(text);
  return count >= 1 ? count : fallback;
}

/** The event's JSON nests deeper than MAX_EVENT_DEPTH; thrown by the walk, caught here. */
class EventTooDeepError extends ActionError {
  constructor() {
    super(
      `nests more than ${MAX_EVENT_DEPTH} levels deep, deeper than any event; it was not parsed`,
    );
  }
}

/** The bytes of the open event file, at most MAX_EVENT_BYTES; or why there are none. */
function readBounded(fd: number): Buffer | { reason: string } {
  const tooLarge = {
    reason:
      `is larger than ${formatByteSize(MAX_EVENT_BYTES)}, the most this action reads of it ` +
      "(an event's JSON is tens of KiB)",
  };
  const stat = fstatSync(fd);
  if (!stat.isFile()) return { reason: 'is not a regular file' };
  if (stat.size > MAX_EVENT_BYTES) return tooLarge;
  // Read to its end whatever stat said, counting: the bound holds for a file that grows meanwhile.
  const chunks: Buffer[] = [];
  let length = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(64 * 1024);
    const read = readSync(fd, chunk, 0, chunk.length, null);
    if (read === 0) return Buffer.concat(chunks, length);
    length += read;
    if (length > MAX_EVENT_BYTES) return tooLarge;
    chunks.push(chunk.subarray(0, read));
  }
}

/** JSON of at most MAX_EVENT_DEPTH levels, refused by a walk over its bytes before any parse. */
function parseEvent(bytes: Buffer): unknown {
  jsonBounds({
    maxDepth: MAX_EVENT_DEPTH,
    tooDeep: () => {
      throw new EventTooDeepError();
    },
  })(bytes);
  // Bytes that are not UTF-8 become U+FFFD, as a read as 'utf8' makes them; a byte order mark goes.
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * The event's payload from the file at GITHUB_EVENT_PATH. No variable or no file means an empty
 * payload and no problem (a local run; said on no line); a file too large, too deep, not a JSON
 * object or unreadable means an empty payload and a problem, said once by whoever needs the payload.
 */
function readEvent(eventPath: string | undefined): { payload: unknown; problem?: string } {
  if (!eventPath) return { payload: {} };
  const refused = (reason: string) => ({
    payload: {},
    problem:
      `GITHUB_EVENT_PATH: the event file ${quotedText(eventPath)} ${reason}; the runner writes ` +
      "the event's JSON there (for a local run, point it at a JSON file of the event, or unset it)",
  });
  let fd: number;
  try {
    // Non-blocking: opening a FIFO would otherwise wait for a writer.
    fd = openSync(eventPath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { payload: {} };
    return refused(`cannot be read: ${messageOf(error)}`);
  }
  try {
    const bytes = readBounded(fd);
    if (!Buffer.isBuffer(bytes)) return refused(bytes.reason);
    const payload = parseEvent(bytes);
    return isObject(payload) ? { payload } : refused('is not a JSON object');
  } catch (error) {
    if (error instanceof EventTooDeepError) return refused(error.message);
    return refused(`cannot be read: ${messageOf(error)}`);
  } finally {
    closeSync(fd);
  }
}

/** The runner's context of this step, from `env`; reads the event file, never throws for it. */
export function readContext(env: NodeJS.ProcessEnv = process.env): RunnerContext {
  const { payload, problem } = readEvent(env.GITHUB_EVENT_PATH);
  const eventName = env.GITHUB_EVENT_NAME || undefined;
  const serverUrl = env.GITHUB_SERVER_URL || 'https://github.com';
  return {
    eventName,
    eventFileProblem: problem,
    sha: env.GITHUB_SHA || undefined,
    ref: env.GITHUB_REF || undefined,
    runId: countOf(env.GITHUB_RUN_ID, 0),
    runAttempt: countOf(env.GITHUB_RUN_ATTEMPT, 1),
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    serverUrl: withoutTrailingSlash(serverUrl),
    enterpriseServer: isEnterpriseServer(serverUrl),
    repository: env.GITHUB_REPOSITORY ?? '',
    workspace: env.GITHUB_WORKSPACE || process.cwd(),
    runnerTemp: env.RUNNER_TEMP || undefined,
    outputFile: env.GITHUB_OUTPUT || undefined,
    summaryFile: env.GITHUB_STEP_SUMMARY || undefined,
    pullRequest: pullRequestOf(eventName, payload),
    env,
  };
}
