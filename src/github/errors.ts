// The one error for a non-2xx answer from GitHub, whoever asked: Octokit's REST calls, a release
// asset's upload, the artifact service's Twirp calls and its blob storage. Shaped as Octokit's
// RequestError as far as the readers of a failed call look (`status`, `response.headers`,
// `response.data`), so every caller reads every kind alike.
import { ActionError } from '../errors.ts';
import { commandText } from '../escape.ts';

export type AnswerHeaders = Record<string, string | string[] | number | undefined>;

export interface GitHubAnswer {
  headers: AnswerHeaders;
  /** The answer's body, parsed when it is JSON. */
  data: unknown;
}

/** The id GitHub (or its blob storage) gave the request, which its support asks for. */
const REQUEST_ID_HEADERS = ['x-github-request-id', 'x-ms-request-id'];

const requestIdOf = (headers: AnswerHeaders): string | undefined => {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (text !== undefined && String(text).trim() !== '') return commandText(String(text), 100);
  }
  return undefined;
};

export class GitHubAnswerError extends ActionError {
  /** What was asked: `GET /repos/…`, `the upload of "app.dmg"`, `CreateArtifact of artifact "x"`. */
  readonly what: string;
  readonly status: number;
  readonly response: GitHubAnswer;
  /** GitHub's own message, inert and without secrets; undefined when it gave none. */
  readonly githubMessage: string | undefined;
  /** The request's id at GitHub, inert; undefined when the answer named none. */
  readonly requestId: string | undefined;
  /**
   * `githubMessage` is taken as given, so the caller redacts its secrets from it first
   * (serviceMessageOf); it is made one inert line here all the same.
   */
  constructor(
    what: string,
    status: number,
    response: GitHubAnswer,
    githubMessage: string | undefined,
  ) {
    const message = githubMessage === undefined ? undefined : commandText(githubMessage, 300);
    const requestId = requestIdOf(response.headers);
    super(
      `GitHub answered ${commandText(what, 300)} with HTTP ${status}` +
        `${message ? `: ${message}` : ''}${requestId ? ` (request id ${requestId})` : ''}`,
    );
    this.what = what;
    this.status = status;
    this.response = response;
    this.githubMessage = message || undefined;
    this.requestId = requestId;
  }
}
