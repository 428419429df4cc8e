// One small error class per publishing failure; each message says how to fix it.
import type { PublishResult } from './types.ts';
import { ActionError, messageOf } from '../shared/errors.ts';
import type { GitHubAnswerError } from '../github/errors.ts';
import { commandText, quotedText } from '../text/escape.ts';

export class NameTemplateError extends ActionError {
  readonly template: string;
  readonly placeholder: string;
  constructor(template: string, placeholder: string) {
    super(
      `Unknown placeholder {${commandText(placeholder, 40)}} in name template ${quotedText(template)}. ` +
        'Use only {name}, {version}, {platform}, {arch} and {ext}.',
    );
    this.template = template;
    this.placeholder = placeholder;
  }
}

export class InvalidNameError extends ActionError {
  readonly input: string;
  readonly rendered: string;
  constructor(input: string, rendered: string, reason: string) {
    super(
      `${input} renders to ${quotedText(rendered)}, which ${reason}. Change the ${input} template.`,
    );
    this.input = input;
    this.rendered = rendered;
  }
}

export class DuplicateNameError extends ActionError {
  readonly input: string;
  readonly rendered: string;
  readonly buildIds: string[];
  constructor(input: string, rendered: string, buildIds: string[]) {
    super(
      `${input} renders the same name ${quotedText(rendered)} for builds ${buildIds.join(', ')}. ` +
        'Add {platform}, {arch} or {ext} to the template so every installer gets its own name.',
    );
    this.input = input;
    this.rendered = rendered;
    this.buildIds = buildIds;
  }
}

export class ArtifactExistsError extends ActionError {
  readonly artifactName: string;
  constructor(artifactName: string) {
    super(
      `A workflow artifact named "${artifactName}" already exists in this run (an earlier attempt?). ` +
        'Set artifact-overwrite: true to replace it, or change artifact-name.',
    );
    this.artifactName = artifactName;
  }
}

export class AssetExistsError extends ActionError {
  readonly assetName: string;
  readonly releaseUrl: string;
  constructor(assetName: string, releaseUrl: string) {
    super(
      `The release ${releaseUrl} already has an asset "${assetName}" with different content. ` +
        'Set overwrite: true to replace it, or change asset-name.',
    );
    this.assetName = assetName;
    this.releaseUrl = releaseUrl;
  }
}

export class AssetLockedError extends ActionError {
  readonly assetName: string;
  readonly releaseUrl: string;
  /** `refusal`: GitHub's answer to the asset's deletion; its words are already inert. */
  constructor(assetName: string, releaseUrl: string, refusal: GitHubAnswerError) {
    const { status, githubMessage, requestId } = refusal;
    super(
      `GitHub refused to replace asset "${assetName}" on ${releaseUrl} (HTTP ${status}` +
        `${githubMessage ? `: ${githubMessage}` : ''}${requestId ? `, request id ${requestId}` : ''}). ` +
        'A published immutable release cannot change: publish the new installers under a new tag.',
    );
    this.assetName = assetName;
    this.releaseUrl = releaseUrl;
  }
}

export interface UploadFailure {
  status: number | undefined;
  attempts: number;
  detail: string;
  /** GitHub's 422 `already_exists`: an asset of that name appeared meanwhile. */
  alreadyExists: boolean;
}

export class AssetUploadError extends ActionError {
  readonly assetName: string;
  readonly status: number | undefined;
  readonly attempts: number;
  readonly alreadyExists: boolean;
  constructor(assetName: string, failure: UploadFailure) {
    const hint =
      failure.status !== 422
        ? ' Re-run the job: the release stays a draft until every upload lands.'
        : failure.alreadyExists
          ? ' The release has an asset under the name GitHub makes of this one (uploaded by another job or tool): give each job its own asset-name, or delete that asset.'
          : ' Uploads to a published immutable release are refused: delete the release or use a new tag.';
    super(
      `Uploading release asset "${assetName}" failed after ${failure.attempts} attempt(s)` +
        `${failure.status === undefined ? '' : ` (HTTP ${failure.status})`}: ${failure.detail}.${hint}`,
    );
    this.assetName = assetName;
    this.status = failure.status;
    this.attempts = failure.attempts;
    this.alreadyExists = failure.alreadyExists;
  }
}

export class ChecksumsConflictError extends ActionError {
  readonly attempts: number;
  constructor(attempts: number) {
    super(
      `SHA256SUMS on the release kept changing under concurrent publishers after ${attempts} attempts. ` +
        'Re-run the job to merge the checksums again.',
    );
    this.attempts = attempts;
  }
}

export class ReleaseNotFoundError extends ActionError {
  readonly tag: string;
  constructor(tag: string) {
    super(
      `No release for tag ${tag} could be found or created (it vanished while publishing). ` +
        'Check that no other workflow deletes releases for this tag, then re-run the job.',
    );
    this.tag = tag;
  }
}

/** Publishing finished with failures; `result` holds everything that did land. */
export class PublishError extends ActionError {
  readonly failures: Error[];
  readonly result: PublishResult;
  constructor(failures: Error[], result: PublishResult) {
    super(
      `Publishing failed (${failures.length} problem(s)):\n` +
        failures.map((failure) => `- ${failure.message}`).join('\n'),
    );
    this.failures = failures;
    this.result = result;
  }
}

/** The step's deadline came while publishing: what landed where, and the release left a draft. */
export class PublishingStoppedError extends ActionError {
  /** Why the step stopped (its deadline's words). */
  readonly because: string;
  /** Which builds' installers landed as which kind, and which did not (stoppedReport). */
  readonly landed: string;
  constructor(because: string, landed: string) {
    super(
      `Publishing stopped: ${because}. ${landed}. The release is not published ` +
        '(what was uploaded stays on its draft); re-run the job to finish it.',
    );
    this.because = because;
    this.landed = landed;
  }
}

/** Publishing broke outside any one upload (its publishers could not load, say). */
export class PublishingFailedError extends ActionError {
  constructor(cause: unknown) {
    super(`Publishing failed: ${messageOf(cause)}`, { cause });
  }
}

/** Two targets of the run would get one name: known before any build, so refused before any. */
export class TargetsShareNameError extends ActionError {
  readonly input: string;
  readonly rendered: string;
  /** `platform/arch` of each. */
  readonly targets: string[];
  constructor(input: string, rendered: string, targets: string[]) {
    super(
      `${input} renders the same name ${quotedText(rendered)} for ${targets.join(' and ')}, so one ` +
        'installer would replace the other. Add {platform}, {arch}, {name} or {ext} to the template.',
    );
    this.input = input;
    this.rendered = rendered;
    this.targets = targets;
  }
}

/** A release's upload_url on a host that is not GitHub's: the token is not sent there. */
export class UploadHostRefusedError extends ActionError {
  readonly assetName: string;
  /** The refused origin, inert. */
  readonly host: string;
  constructor(assetName: string, host: string, allowed: readonly string[]) {
    super(
      `Release asset "${assetName}" was not uploaded: the release's upload_url points at ${host}, ` +
        `which is not GitHub's (allowed: ${allowed.join(', ')}), so the token was not sent there. ` +
        'Check GITHUB_API_URL; the release stays a draft.',
    );
    this.assetName = assetName;
    this.host = host;
  }
}

/** One asset the release check found other than expected. */
export interface Discrepancy {
  /** The asset's name (inert). */
  asset: string;
  /** What this run attached, or SHA256SUMS lists. */
  expected: string;
  /** What GitHub holds. */
  held: string;
}

/** The release's assets, read back before publishing, are not what was attached. */
export class ReleaseVerificationError extends ActionError {
  readonly tag: string;
  readonly discrepancies: readonly Discrepancy[];
  /** Whether the release is public anyway (another job published it). */
  readonly published: boolean;
  constructor(tag: string, releaseUrl: string, published: boolean, discrepancies: Discrepancy[]) {
    const shown = discrepancies.slice(0, 10);
    super(
      `Release ${tag} does not hold what was attached (read back before publishing): ` +
        shown
          .map(
            ({ asset, expected, held }) =>
              `asset "${asset}": expected ${expected}; GitHub holds ${held}`,
          )
          .join('; ') +
        (discrepancies.length > shown.length
          ? `; and ${discrepancies.length - shown.length} more`
          : '') +
        (published
          ? `. Another job published it already: check ${releaseUrl}, and re-run the job to upload the asset again.`
          : `. It is left a draft (${releaseUrl}); re-run the job: what differs is uploaded again and checked before publishing.`),
    );
    this.tag = tag;
    this.discrepancies = discrepancies;
    this.published = published;
  }
}

/** GitHub refused the token on the release's repository (403, or 404: it cannot see it). */
export class ReleaseRepositoryRefusedError extends ActionError {
  /** `owner/name`. */
  readonly repository: string;
  readonly status: number;
  /** `elsewhere`: the release goes to another repository than the workflow's (release-repository). */
  constructor(repository: string, status: number, elsewhere: boolean, githubMessage?: string) {
    const refusal =
      status === 404
        ? `GitHub answered HTTP 404 for the repository ${repository}: the token cannot see it (or it does not exist)`
        : `GitHub refused to write the release in the repository ${repository} (HTTP ${status}` +
          `${githubMessage ? `: ${githubMessage}` : ''})`;
    super(
      `${refusal}. The token needs contents: write on ${repository}. ` +
        (elsewhere
          ? "The workflow's own GITHUB_TOKEN cannot write to another repository: pass a GitHub App " +
            'installation token or a fine-grained personal access token with Contents: read and write ' +
            'on it as github-token.'
          : 'Give the job permissions: contents: write, or pass a token that has it as github-token.') +
        ' No release asset was uploaded; the installers are downloaded (and uploaded as workflow ' +
        'artifacts when upload-artifacts is on).',
    );
    this.repository = repository;
    this.status = status;
  }
}
