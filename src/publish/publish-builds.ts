// The builds' installers to the publishers, and what got published back, also when publishing
// failed halfway. main.ts loads this module with a dynamic import, off the start path.
import * as core from '@actions/core';
import { outcomeOf } from '../builds/outcome.ts';
import type { BuildResult } from '../builds/result.ts';
import type { Published } from '../report/facts.ts';
import { PublishError } from './errors.ts';
import { publish } from './index.ts';
import type { Installer, PublishPlan, PublishResult } from './types.ts';
import { messageOf } from '../errors.ts';

export function installersOf(builds: readonly BuildResult[]): Installer[] {
  return builds.flatMap((build) =>
    build.id && build.download
      ? [
          {
            buildId: build.id,
            platform: build.platform,
            arch: build.arch,
            version: build.version ?? '',
            ...build.download,
          },
        ]
      : [],
  );
}

const publishedOf = (result: PublishResult): Published => ({
  artifacts: new Map(result.artifacts.map((artifact) => [artifact.buildId, artifact])),
  assetUploads: new Map(
    (result.release?.assets ?? []).flatMap((asset) =>
      asset.buildId !== null && asset.span !== undefined ? [[asset.buildId, asset.span]] : [],
    ),
  ),
  releaseUrl: result.release?.url,
});

/** When publishing must end, whatever GitHub is doing, and why, for the report. */
export interface PublishStop {
  signal: AbortSignal;
  because(): string;
}

/** `work`'s value, or undefined as soon as `signal` aborts (what `work` does after is left behind). */
async function unlessStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return undefined;
  let onAbort = () => {};
  const stopped = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, stopped]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * What got published, and the error that stopped the rest (the step fails on it). When `stop`
 * comes first, publishing is left behind (`stopped`: the caller ends the process after its
 * report); the release is published last, so what was uploaded stays on a draft.
 */
export async function publishBuilds(
  plan: PublishPlan,
  builds: readonly BuildResult[],
  stop: PublishStop,
): Promise<{ published: Published; error?: string; stopped: boolean }> {
  const installers = installersOf(builds);
  if (installers.length === 0) {
    core.info('Nothing to publish: no build produced an installer');
    return { published: publishedOf({ artifacts: [], release: null }), stopped: false };
  }
  const allBuildsSucceeded = builds.every((build) => outcomeOf(build) === 'succeeded');
  try {
    const done = await unlessStopped(
      publish(plan, installers, { allBuildsSucceeded }),
      stop.signal,
    );
    if (done !== undefined) return { published: publishedOf(done), stopped: false };
    // The publisher's group, if one is open, ends here: the report follows.
    core.endGroup();
    return {
      published: publishedOf({ artifacts: [], release: null }),
      stopped: true,
      error:
        `Publishing stopped: ${stop.because()}. What was uploaded stays as workflow artifacts and ` +
        'on the draft release, which is not published; re-run the job to finish it.',
    };
  } catch (error) {
    if (error instanceof PublishError) {
      return { published: publishedOf(error.result), error: error.message, stopped: false };
    }
    return {
      published: publishedOf({ artifacts: [], release: null }),
      error: `Publishing failed: ${messageOf(error)}`,
      stopped: false,
    };
  }
}
