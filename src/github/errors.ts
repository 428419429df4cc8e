// GitHub's side failing: an answer that is not what it claims, a listing without end, the
// artifact service refusing or unusable. Each message says how to fix it.
import { ActionError } from '../shared/errors.ts';

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
