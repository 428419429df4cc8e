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
  releaseUrl: result.release?.url,
});

/** What got published, and the error that stopped the rest (the step fails on it). */
export async function publishBuilds(
  plan: PublishPlan,
  builds: readonly BuildResult[],
): Promise<{ published: Published; error?: string }> {
  const installers = installersOf(builds);
  if (installers.length === 0) {
    core.info('Nothing to publish: no build produced an installer');
    return { published: publishedOf({ artifacts: [], release: null }) };
  }
  const allBuildsSucceeded = builds.every((build) => outcomeOf(build) === 'succeeded');
  try {
    return { published: publishedOf(await publish(plan, installers, { allBuildsSucceeded })) };
  } catch (error) {
    if (error instanceof PublishError) {
      return { published: publishedOf(error.result), error: error.message };
    }
    return {
      published: publishedOf({ artifacts: [], release: null }),
      error: `Publishing failed: ${messageOf(error)}`,
    };
  }
}
