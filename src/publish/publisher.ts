// Wires the publishers to the environment: artifacts first, then the release.
import { rm } from 'node:fs/promises';
import * as core from '@actions/core';
import { createDispatcher } from '../api/dispatcher.ts';
import { defaultRetryRuntime, describeRetry } from '../api/retry.ts';
import { makeTempDir } from '../temp-dir.ts';
import { uploadArtifacts } from './artifacts.ts';
import { PublishError } from './errors.ts';
import { createGitHub, parseRepository } from './github.ts';
import { publishRelease } from './release.ts';
import type { Publish, PublishResult } from './types.ts';
import { asError } from '../errors.ts';

export interface PublisherOptions {
  env?: NodeJS.ProcessEnv;
  /** Base delay of API retries (quadratic backoff) and of upload retries (the retry policy). */
  retryBaseMs?: number;
  /** Attempts per asset upload. */
  uploadAttempts?: number;
  /** Octokit throttling: GitHub's rate-limit handling and write spacing. */
  throttle?: boolean;
}

export const createPublisher =
  (options: PublisherOptions = {}): Publish =>
  async (plan, installers, outcome) => {
    const env = options.env ?? process.env;
    const retryBaseMs = options.retryBaseMs ?? 1000;
    const result: PublishResult = { artifacts: [], release: null };
    const failures: Error[] = [];
    if (plan.artifacts) {
      try {
        const artifactPlan = plan.artifacts;
        const artifacts = await core.group('Workflow artifacts', () =>
          uploadArtifacts(artifactPlan, installers, { env, repository: plan.repository }),
        );
        result.artifacts = artifacts.results;
        failures.push(...artifacts.failures);
      } catch (error) {
        failures.push(reported('Workflow artifacts', error));
      }
    }
    if (plan.release) {
      const workDir = makeTempDir(env.RUNNER_TEMP, 'release-');
      const dispatcher = createDispatcher();
      try {
        const github = createGitHub(plan.githubToken, {
          baseUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
          retryBaseMs,
          retries: 3,
          throttle: options.throttle ?? true,
        });
        const releasePlan = plan.release;
        const release = await core.group(`Release ${releasePlan.tag}`, () =>
          publishRelease(
            {
              github,
              repo: parseRepository(plan.repository),
              targetCommitish: env.GITHUB_SHA,
              workDir,
              uploads: { dispatcher, token: plan.githubToken },
              retry: defaultRetryRuntime(
                {
                  maxAttempts: options.uploadAttempts ?? 4,
                  baseDelayMs: retryBaseMs,
                  maxDelayMs: retryBaseMs * 30,
                  maxElapsedMs: 10 * 60_000,
                },
                { onRetry: (event) => core.info(describeRetry(event, 'GitHub')) },
              ),
            },
            releasePlan,
            installers,
            outcome,
          ),
        );
        result.release = release.result;
        failures.push(...release.failures);
      } catch (error) {
        failures.push(reported('Release', error));
      } finally {
        await dispatcher.close();
        await rm(workDir, { recursive: true, force: true });
      }
    }
    if (failures.length > 0) throw new PublishError(failures, result);
    return result;
  };

// Logged in the group where it happened; the caller turns the PublishError into the one annotation.
const reported = (what: string, error: unknown): Error => {
  const failure = asError(error);
  core.info(`Failed: ${what.toLowerCase()}: ${failure.message}`);
  return failure;
};
