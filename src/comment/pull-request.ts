// The pull request a run is for, from the runner's event payload (GITHUB_EVENT_PATH).
import { readFileSync } from 'node:fs';

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

/** The runner's event, read from GITHUB_EVENT_PATH; undefined when there is none to read. */
export function readPullRequest(env: NodeJS.ProcessEnv): PullRequest | undefined {
  if (!PULL_REQUEST_EVENTS.includes(env.GITHUB_EVENT_NAME ?? '') || !env.GITHUB_EVENT_PATH) {
    return undefined;
  }
  try {
    return pullRequestOf(
      env.GITHUB_EVENT_NAME,
      JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')),
    );
  } catch {
    return undefined;
  }
}
