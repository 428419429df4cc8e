// Wires the publishers to the environment. Each installer's workflow artifact and release asset
// start as soon as it is handed in, under one limit of uploads in flight shared by both kinds; the
// release is finished (SHA256SUMS, published or left a draft) once every build is done.
import { rm } from 'node:fs/promises';
import { stepLog } from '../runner/log.ts';
import type { Dispatcher } from 'undici';
import { createDispatcher } from '../http/dispatcher.ts';
import { defaultRetryRuntime, describeRetry, type RetryRuntime } from '../http/retry.ts';
import { createLimiter } from '../shared/limit.ts';
import { readContext, type RunnerContext } from '../runner/context.ts';
import { labelOf } from '../builds/result.ts';
import { makeTempDir } from '../runner/temp-dir.ts';
import { openArtifactUploads, type ArtifactUploads } from './artifacts.ts';
import { PublishError } from './errors.ts';
import { createGitHub, parseRepository } from '../github/client.ts';
import { ReleaseUploads } from './release.ts';
import type {
  ArtifactResult,
  Installer,
  PublishPlan,
  PublishResult,
  ReleaseAssetResult,
  ReleasePlan,
} from './types.ts';
import { asError } from '../shared/errors.ts';
import { commandText } from '../text/escape.ts';

export interface PublisherOptions {
  /** The step's runner context; read when publishing starts if the caller has none. */
  context?: RunnerContext;
  /** Base delay of the retry policy of every GitHub call. */
  retryBaseMs?: number;
  /** Attempts per GitHub call, an upload's included. */
  uploadAttempts?: number;
  /** GitHub's spacing of writes (Octokit's throttling plugin). */
  throttle?: boolean;
  /** Ends every GitHub request of the publishers: the step's deadline, or a signal. */
  signal?: AbortSignal;
  /**
   * The time of the uploads' timings and the waits between tries. Default: the process's own; a
   * test passes one that moves only as it says.
   */
  clock?: Pick<RetryRuntime, 'now' | 'sleep'>;
  /** Called as each workflow artifact lands. */
  onArtifact?(artifact: ArtifactResult): void;
  /** Called as each installer lands on the release (uploaded, or found there already). */
  onAsset?(asset: ReleaseAssetResult): void;
}

/**
 * Uploads in flight at once, both kinds together. One stream already keeps the link as busy as curl
 * does; a second one's read buffers only add to the peak (bench/README.md, publish case a).
 */
const UPLOADS_IN_FLIGHT = 1;

export class PublishSession {
  readonly #plan: PublishPlan;
  readonly #options: PublisherOptions;
  readonly #context: RunnerContext;
  readonly #uploads = createLimiter(UPLOADS_IN_FLIGHT);
  /**
   * Every GitHub request of publishing (REST, both kinds of upload) goes through one dispatcher,
   * under one retry policy.
   */
  readonly #transport: UploadTransport;
  readonly #result: PublishResult = { artifacts: [], release: null };
  readonly #failures: Error[] = [];
  readonly #pending: Promise<void>[] = [];
  /** null once opened to none (skipped, said once). */
  #artifacts: ArtifactUploads | null | undefined;
  #release: ReturnType<typeof startRelease> | undefined;

  constructor(plan: PublishPlan, options: PublisherOptions = {}) {
    this.#plan = plan;
    this.#options = options;
    this.#context = options.context ?? readContext();
    this.#transport = {
      dispatcher: createDispatcher(),
      retry: gitHubRetry(options),
      signal: options.signal,
    };
  }

  /** An installer on disk: its uploads start now (within the limit). */
  add(installer: Installer): void {
    const plan = this.#plan;
    if (plan.artifacts) {
      this.#artifacts ??=
        openArtifactUploads(plan.artifacts, {
          runner: this.#context,
          repository: plan.repository,
          ...this.#transport,
        }) ?? null;
      if (this.#artifacts) this.#pending.push(this.#uploadArtifact(this.#artifacts, installer));
    }
    if (plan.release) {
      this.#release ??= startRelease(
        plan,
        plan.release,
        this.#context,
        this.#options,
        this.#transport,
      );
      const opened = this.#release.uploads;
      this.#pending.push(this.#uploads(() => opened.add(installer)));
    }
  }

  /** After the last `add`: waits for the uploads and finishes the release; PublishError on any failure. */
  async finish(outcome: { allBuildsSucceeded: boolean }): Promise<PublishResult> {
    const failures = this.#failures;
    try {
      await Promise.all(this.#pending);
      await this.#artifacts?.close();
      if (this.#release) {
        const { uploads: opened, tag, workDir } = this.#release;
        try {
          const done = await stepLog.group(`Release ${tag}`, () => opened.finish(outcome));
          this.#result.release = done.result;
          failures.push(...done.failures);
        } catch (error) {
          failures.push(reported('Release', error));
        } finally {
          await rm(workDir, { recursive: true, force: true });
        }
      }
    } finally {
      await this.#transport.dispatcher.close();
    }
    if (failures.length > 0) throw new PublishError(failures, this.#result);
    return this.#result;
  }

  async #uploadArtifact(uploader: ArtifactUploads, installer: Installer): Promise<void> {
    try {
      const artifact = await this.#uploads(() => uploader.upload(installer));
      this.#result.artifacts.push(artifact);
      this.#options.onArtifact?.(artifact);
    } catch (error) {
      const failure = asError(error);
      stepLog.info(
        commandText(`Failed: ${labelOf(installer)}: workflow artifact: ${failure.message}`, 1000),
      );
      this.#failures.push(failure);
    }
  }
}

interface UploadTransport {
  dispatcher: Dispatcher;
  retry: RetryRuntime;
  signal?: AbortSignal;
}

const gitHubRetry = (options: PublisherOptions): RetryRuntime => {
  const retryBaseMs = options.retryBaseMs ?? 1000;
  return {
    ...defaultRetryRuntime(
      {
        maxAttempts: options.uploadAttempts ?? 4,
        baseDelayMs: retryBaseMs,
        maxDelayMs: retryBaseMs * 30,
        maxElapsedMs: 10 * 60_000,
      },
      { onRetry: (event) => stepLog.info(describeRetry(event, 'GitHub')) },
    ),
    ...(options.clock && { now: options.clock.now, sleep: options.clock.sleep }),
  };
};

function startRelease(
  plan: PublishPlan,
  releasePlan: ReleasePlan,
  context: RunnerContext,
  options: PublisherOptions,
  transport: UploadTransport,
) {
  const workDir = makeTempDir(context.runnerTemp, 'release-');
  const github = createGitHub(plan.githubToken, {
    baseUrl: context.apiUrl,
    retry: transport.retry,
    throttle: options.throttle ?? true,
    signal: options.signal,
    dispatcher: transport.dispatcher,
  });
  const elsewhere = releasePlan.repository !== plan.repository;
  const uploads = new ReleaseUploads(
    {
      github,
      repo: parseRepository(releasePlan.repository),
      elsewhere,
      targetCommitish: elsewhere ? undefined : context.sha,
      workDir,
      uploads: {
        dispatcher: transport.dispatcher,
        token: plan.githubToken,
        signal: transport.signal,
      },
      retry: transport.retry,
    },
    releasePlan,
    options.onAsset,
  );
  return { uploads, tag: releasePlan.tag, workDir };
}

// Logged in the group where it happened; the caller turns the PublishError into the one annotation.
const reported = (what: string, error: unknown): Error => {
  const failure = asError(error);
  stepLog.info(commandText(`Failed: ${what.toLowerCase()}: ${failure.message}`, 1000));
  return failure;
};
