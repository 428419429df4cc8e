// Who the token writes as: the one author whose marked comment the preview may take over. GitHub's
// GraphQL `viewer` answers for every kind of token with the login its comments carry in the REST
// API: a personal token's user, and for an installation token (the workflow's GITHUB_TOKEN, or a
// GitHub App's) the bot it writes as, `github-actions[bot]` or `<app>[bot]`. REST's `GET /user`
// refuses installation tokens (403 "Resource not accessible by integration"), and taking every
// `github-actions[bot]` comment for ours would adopt another workflow's, and never an app's own.
import type { GitHub } from './client.ts';
import { IncompleteAnswerError } from './errors.ts';

/** A user's login, or a bot's with its `[bot]` suffix; nothing else is taken for an identity. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98})(?:\[bot\])?$/;

export const isLogin = (value: unknown): value is string =>
  typeof value === 'string' && LOGIN.test(value);

/** The login in GraphQL's answer to `{ viewer { login } }`; undefined when it holds none. */
export function viewerLogin(answer: unknown): string | undefined {
  const login = (answer as { viewer?: { login?: unknown } } | null | undefined)?.viewer?.login;
  return isLogin(login) ? login : undefined;
}

/** The login the token writes as; throws when GitHub does not say. */
export async function tokenLogin(github: GitHub, signal: AbortSignal | undefined): Promise<string> {
  const answer = await github.graphql('query { viewer { login } }', {
    request: signal ? { signal } : {},
  });
  const login = viewerLogin(answer);
  if (login === undefined)
    throw new IncompleteAnswerError("the query of the token's login", 'a login');
  return login;
}
