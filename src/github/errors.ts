// GitHub's side failing: the one error for a non-2xx answer, whoever asked (Octokit's REST calls, a
// release asset's upload, the artifact service's Twirp calls and its blob storage), shaped as
// Octokit's RequestError as far as the readers of a failed call look (`status`,
// `response.headers`, `response.data`); an answer that is not what it claims; a listing without
// end, or a page of it that is none; the artifact service refusing or unusable. Each message says
// how to fix it.
import { ActionError } from '../shared/errors.ts';
import { commandText } from '../text/escape.ts';

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

/** A variable the runner sets for the artifact service is unusable (never its value). */
export class ArtifactSettingError extends ActionError {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(
      `${variable} ${problem}, so workflow artifacts cannot be uploaded. The runner sets it for ` +
        'every step: check that nothing in the workflow (an env: entry, an earlier step) overrides it.',
    );
    this.variable = variable;
  }
}

/** The call of the artifact upload that failed. */
export type ArtifactStep =
  'ListArtifacts' | 'DeleteArtifact' | 'CreateArtifact' | 'upload' | 'FinalizeArtifact';

export interface ArtifactFailure {
  status: number | undefined;
  attempts: number;
  /** The service's own words (inert, redacted), or what broke the connection. */
  detail: string;
}

export class ArtifactUploadError extends ActionError {
  /** undefined for the run's list. */
  readonly artifactName: string | undefined;
  readonly step: ArtifactStep;
  readonly status: number | undefined;
  readonly attempts: number;
  constructor(artifactName: string | undefined, step: ArtifactStep, failure: ArtifactFailure) {
    const hint =
      step === 'CreateArtifact' && failure.status === 409
        ? ' An artifact of this name appeared in the run meanwhile (another job?): give each job its own artifact-name.'
        : failure.detail.includes('insufficient usage')
          ? " The account's artifact storage quota is used up: delete old artifacts or lower retention-days."
          : ' Re-run the job.';
    const what = step === 'upload' ? 'the upload of its bytes' : step;
    const which =
      artifactName === undefined ? 'Workflow artifacts' : `Workflow artifact "${artifactName}"`;
    super(
      `${which}: ${what} failed after ${failure.attempts} attempt(s)` +
        `${failure.status === undefined ? '' : ` (HTTP ${failure.status})`}: ${failure.detail}.${hint}`,
    );
    this.artifactName = artifactName;
    this.step = step;
    this.status = failure.status;
    this.attempts = failure.attempts;
  }
}

/**
 * CreateArtifact was sent again after this job's own first call lost its answer, and the name is
 * held by an unfinished artifact that could not be deleted: most likely the one that first call
 * made (the service knows no other job's unfinished artifacts to this job), which the message
 * says first. `keptAt` says where the installer is instead.
 */
export class LostCreateArtifactError extends ActionError {
  readonly artifactName: string;
  constructor(artifactName: string, keptAt?: string) {
    super(
      `Workflow artifact "${artifactName}": not uploaded. This job's first CreateArtifact for it ` +
        'lost its answer, and sent again it found the name taken by an unfinished artifact that ' +
        "could not be deleted: most likely the one this job's own first call made (the answer " +
        'was lost, not the call), less likely another job uploading under the same name. The ' +
        'installer is not in a workflow artifact' +
        (keptAt === undefined ? '' : `; it is on the runner at ${keptAt}`) +
        '. Re-run the job (a new attempt starts without artifacts), or set artifact-name to a ' +
        'name of its own.',
    );
    this.artifactName = artifactName;
  }
}

/** An answer of GitHub's about a release or an asset that is not what it claims to be. */
export class ReleaseAnswerError extends ActionError {
  readonly what: string;
  readonly problem: string;
  constructor(what: string, problem: string) {
    super(
      `GitHub answered ${what} with something that is not a release or an asset: ${problem}. ` +
        'Nothing was built from it; re-run the job, and if it persists, check GITHUB_API_URL.',
    );
    this.what = what;
    this.problem = problem;
  }
}

/** A page of a listing that is no page of it: no list, or longer than asked for. */
export class ListingPageError extends ActionError {
  readonly what: string;
  readonly page: number;
  readonly problem: string;
  constructor(what: string, page: number, problem: string) {
    super(
      `GitHub answered page ${page} of ${what} with something that is not a page of it: ` +
        `${problem}. Nothing was taken from it; re-run the job, and if it persists, check ` +
        'GITHUB_API_URL.',
    );
    this.what = what;
    this.page = page;
    this.problem = problem;
  }
}

/** A listing that went on past what GitHub can hold (an endless `rel="next"`). */
export class ListingTooLongError extends ActionError {
  readonly what: string;
  readonly pages: number;
  constructor(what: string, pages: number, most: string) {
    super(
      `GitHub's listing of ${what} went on past ${pages} pages, more than ${most}; ` +
        'stopped reading it. Re-run the job; if it persists, check GITHUB_API_URL.',
    );
    this.what = what;
    this.pages = pages;
  }
}

/** An answer of GitHub's that lacks the one thing the call was for (a login, an id). */
export class IncompleteAnswerError extends ActionError {
  readonly what: string;
  readonly missing: string;
  constructor(what: string, missing: string) {
    super(
      `GitHub answered ${what} without ${missing}; nothing was taken from it. ` +
        'Re-run the job; if it persists, check GITHUB_API_URL.',
    );
    this.what = what;
    this.missing = missing;
  }
}

/** A release asset whose download went on past the size GitHub listed for it. */
export class AssetLongerThanListedError extends ActionError {
  readonly assetId: number;
  readonly listedBytes: number;
  constructor(assetId: number, listedBytes: number) {
    super(
      `asset ${assetId} holds more than the ${listedBytes} bytes GitHub listed; reading stopped there`,
    );
    this.assetId = assetId;
    this.listedBytes = listedBytes;
  }
}

/** A repository given as something other than `owner/name`. */
export class RepositoryNameError extends ActionError {
  readonly repository: string;
  constructor(repository: string) {
    super(
      `Repository "${commandText(repository, 200)}" is not "owner/name"; ` +
        'GITHUB_REPOSITORY is set by the runner, release-repository by the workflow.',
    );
    this.repository = repository;
  }
}
