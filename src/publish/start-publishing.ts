// The builds' installers to the publishers as each is downloaded, and what got published back,
// also when publishing failed or was stopped halfway. Light on purpose: the publishers (Octokit,
// the artifact client) are loaded when the first installer comes, off the start path.
import { stepLog } from '../runner/log.ts';
import { outcomeOf } from '../builds/outcome.ts';
import type { BuildSubscriber } from '../builds/types.ts';
import { labelOf, type BuildResult, type Span } from '../builds/result.ts';
import type {
  ArtifactResult,
  Installer,
  PublishPlan,
  PublishResult,
  Published,
  ReleaseAssetResult,
  ReleaseReport,
} from './types.ts';
import type { PublishSession } from './publish-session.ts';
import type { RunnerContext } from '../runner/context.ts';
import { PublishError, PublishingFailedError, PublishingStoppedError } from './errors.ts';
import { untilStopped, type StepDeadline } from '../runner/deadline.ts';

export function installerOf(build: BuildResult): Installer | undefined {
  if (build.id === null || build.download === undefined) return undefined;
  const { path, fileName, size, sha256 } = build.download;
  return {
    buildId: build.id,
    platform: build.platform,
    arch: build.arch,
    version: build.version ?? '',
    path,
    fileName,
    size,
    sha256,
  };
}

/** What landed so far, as the report reads it; the release only once it is finished. */
const publishedOf = (
  artifacts: readonly ArtifactResult[],
  assets: readonly ReleaseAssetResult[],
  release?: ReleaseReport,
): Published => ({
  artifacts: new Map(artifacts.map((artifact) => [artifact.buildId, artifact])),
  assetUploads: new Map(
    assets.flatMap((asset): [string, Span][] =>
      asset.buildId !== null && asset.span !== undefined ? [[asset.buildId, asset.span]] : [],
    ),
  ),
  release,
});

const finished = ({ artifacts, release }: PublishResult): Published =>
  publishedOf(
    artifacts,
    release?.assets ?? [],
    release
      ? { url: release.url, published: release.published, verified: release.verified }
      : undefined,
  );

/** Which builds' installers landed where before publishing stopped, and which did not. */
export function stoppedReport(
  plan: PublishPlan,
  added: readonly Installer[],
  artifacts: readonly ArtifactResult[],
  assets: readonly ReleaseAssetResult[],
): string {
  const labels = (installers: readonly Installer[]) =>
    installers.length === 0 ? 'none' : installers.map(labelOf).join(', ');
  const kinds: [string, (installer: Installer) => boolean][] = [];
  if (plan.artifacts) {
    kinds.push([
      'workflow artifacts',
      (installer) => artifacts.some((artifact) => artifact.buildId === installer.buildId),
    ]);
  }
  if (plan.release) {
    kinds.push([
      'draft release assets',
      (installer) => assets.some((asset) => asset.buildId === installer.buildId),
    ]);
  }
  return kinds
    .map(
      ([kind, landed]) =>
        `${kind} uploaded: ${labels(added.filter(landed))}, ` +
        `not uploaded: ${labels(added.filter((installer) => !landed(installer)))}`,
    )
    .join('; ');
}

export interface Publishing extends BuildSubscriber {
  /** A build whose installer is on disk: its uploads start now. */
  buildDownloaded(build: BuildResult): void;
  /**
   * After the builds: what got published, and the error that stopped the rest (the step fails on
   * it), if any. When the step's deadline comes first, publishing is left behind (`stopped`: the caller
   * ends the process after its report); the release is published last, so what was uploaded
   * stays on a draft.
   */
  finish(builds: readonly BuildResult[]): Promise<PublishingEnd>;
}

export interface PublishingEnd {
  published: Published;
  /** Empty, or the one error that stopped publishing; the report renders it. */
  errors: Error[];
  stopped: boolean;
}

/** `work`'s value, or undefined as soon as `signal` aborts (what `work` does after is left behind). */
const unlessStopped = <T>(work: Promise<T>, signal: AbortSignal): Promise<T | undefined> =>
  untilStopped(work, signal).catch((error: unknown) => {
    if (signal.aborted) return undefined;
    throw error;
  });

const NOTHING_TO_PUBLISH: Publishing = {
  buildDownloaded: () => {},
  finish: () => Promise.resolve({ published: publishedOf([], []), errors: [], stopped: false }),
};

/**
 * Workflow artifacts and the release, each build's as soon as it is downloaded; `onArtifact` hears
 * what landed so far as each artifact does. Publishing ends at the step's deadline, whatever
 * GitHub is doing.
 */
export function startPublishing(
  plan: PublishPlan,
  context: RunnerContext,
  deadline: StepDeadline,
  onArtifact: (published: Published) => void = () => {},
): Publishing {
  if (!plan.artifacts && !plan.release) return NOTHING_TO_PUBLISH;
  return new PublishingRun(plan, context, deadline, onArtifact);
}

class PublishingRun implements Publishing {
  readonly #plan: PublishPlan;
  readonly #context: RunnerContext;
  readonly #deadline: StepDeadline;
  readonly #onArtifact: (published: Published) => void;
  /** Installers handed to the session, and what of theirs landed: told when publishing stops. */
  readonly #added: Installer[] = [];
  readonly #artifacts: ArtifactResult[] = [];
  readonly #assets: ReleaseAssetResult[] = [];
  #session: Promise<PublishSession> | undefined;

  constructor(
    plan: PublishPlan,
    context: RunnerContext,
    deadline: StepDeadline,
    onArtifact: (published: Published) => void,
  ) {
    this.#plan = plan;
    this.#context = context;
    this.#deadline = deadline;
    this.#onArtifact = onArtifact;
  }

  buildDownloaded(build: BuildResult): void {
    const installer = installerOf(build);
    if (installer === undefined || this.#deadline.signal.aborted) return;
    this.#added.push(installer);
    // A publisher that cannot load is said once, by finish.
    this.#open().then(
      (opened) => opened.add(installer),
      () => undefined,
    );
  }

  async finish(builds: readonly BuildResult[]): Promise<PublishingEnd> {
    const { signal } = this.#deadline;
    const session = this.#session;
    if (session === undefined) {
      if (!signal.aborted) stepLog.info('Nothing to publish: no build produced an installer');
      return { published: publishedOf([], []), errors: [], stopped: false };
    }
    const allBuildsSucceeded = builds.every((build) => outcomeOf(build) === 'succeeded');
    try {
      const done = await unlessStopped(
        session.then((opened) => opened.finish({ allBuildsSucceeded })),
        signal,
      );
      if (done !== undefined) return { published: finished(done), errors: [], stopped: false };
      // The publisher's group, if one is open, ends here: the report follows.
      stepLog.endGroup();
      return {
        published: publishedOf(this.#artifacts, this.#assets),
        stopped: true,
        errors: [
          new PublishingStoppedError(
            this.#deadline.because(),
            stoppedReport(this.#plan, this.#added, this.#artifacts, this.#assets),
          ),
        ],
      };
    } catch (error) {
      if (error instanceof PublishError) {
        return { published: finished(error.result), errors: [error], stopped: false };
      }
      return {
        published: publishedOf(this.#artifacts, this.#assets),
        errors: [new PublishingFailedError(error)],
        stopped: false,
      };
    }
  }

  #open(): Promise<PublishSession> {
    // One chunk with the PR comment's (the same name): the GitHub client they share is bundled once.
    return (this.#session ??= import(/* webpackChunkName: "github" */ './publish-session.ts').then(
      ({ PublishSession }) =>
        new PublishSession(this.#plan, {
          context: this.#context,
          signal: this.#deadline.signal,
          onArtifact: (artifact) => {
            this.#artifacts.push(artifact);
            this.#onArtifact(publishedOf(this.#artifacts, this.#assets));
          },
          onAsset: (asset) => this.#assets.push(asset),
        }),
    ));
  }
}
