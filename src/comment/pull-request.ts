// The pull request a run is for, from the runner's event payload (context.ts reads it).

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
