// Turns the plan into builds on the service: resumed by id, reused from an earlier run, or
// triggered, all concurrently.
import * as core from '@actions/core';
import {
  type Build,
  type BuildList,
  type BuildSummary,
  type TriggerBuildRequest,
  type TriggeredBuild,
} from '../api/schemas.ts';
import type { Clock } from '../api/retry.ts';
import { labelOf, resultOf, untriggered, type BuildResult, type Target } from './result.ts';
import { messageOf } from '../errors.ts';

interface CallOptions {
  signal?: AbortSignal;
}

export interface BuildStarter {
  getBuild(buildId: string, o?: CallOptions): Promise<Build>;
  listBuilds(projectId: string, o?: CallOptions): Promise<BuildList>;
  triggerBuild(
    projectId: string,
    body: TriggerBuildRequest,
    o?: CallOptions,
  ): Promise<TriggeredBuild>;
}

/** The newest successful build of this target and version, if an earlier run left one. */
export function findReusable(
  builds: readonly BuildSummary[],
  target: Target,
  version: string,
): BuildSummary | undefined {
  return builds
    .filter(
      (build) =>
        build.status === 'success' &&
        build.platform === target.platform &&
        build.arch === target.arch &&
        build.version === version,
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

export interface StartRequest {
  projectId: string;
  version: string;
  targets: readonly Target[];
  reuse: boolean;
  signal?: AbortSignal;
}

/** Why a trigger left no build; a trigger the step stopped waiting for may still have made one. */
const triggerFailure = (error: unknown, stopped: boolean): string =>
  stopped
    ? 'no answer to the trigger before the step stopped; the service may still have created the build'
    : `could not trigger the build: ${messageOf(error)}`;

/**
 * Triggers one build per target (reusing finished ones when asked). A trigger that fails leaves
 * a record with its error and the others carry on; when every trigger fails, that is fatal.
 */
export async function startBuilds(
  client: BuildStarter,
  request: StartRequest,
  clock: Clock,
): Promise<BuildResult[]> {
  const o = { signal: request.signal };
  const previous = request.reuse ? (await client.listBuilds(request.projectId, o)).builds : [];
  const settled = await Promise.allSettled(
    request.targets.map(async (target) => {
      const reusable = findReusable(previous, target, request.version);
      if (reusable) {
        core.info(
          `${labelOf(target)}: reusing successful build ${reusable.id} of ${request.version}`,
        );
        return resultOf(await client.getBuild(reusable.id, o), 'reused', clock());
      }
      const body = { platform: target.platform, arch: target.arch, version: request.version };
      const triggered = await client.triggerBuild(request.projectId, body, o);
      core.info(`${labelOf(target)}: triggered ${triggered.id} (${triggered.status})`);
      return resultOf(triggered, 'triggered', clock());
    }),
  );
  const errors = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  const stopped = request.signal?.aborted ?? false;
  if (errors.length === settled.length && errors.length > 0 && !stopped) throw errors[0];
  return settled.map((result, index) =>
    result.status === 'fulfilled'
      ? result.value
      : untriggered(
          request.targets[index]!,
          request.version,
          triggerFailure(result.reason, stopped),
          clock(),
        ),
  );
}

/** Picks up builds an earlier step or job triggered (`build-ids`). */
export async function resumeBuilds(
  client: BuildStarter,
  projectId: string,
  buildIds: readonly string[],
  clock: Clock,
  signal?: AbortSignal,
): Promise<BuildResult[]> {
  const builds = await Promise.all(buildIds.map((id) => client.getBuild(id, { signal })));
  return builds.map((build) => {
    if (build.projectId !== projectId) {
      core.warning(
        `${build.id} belongs to project ${build.projectId}, not ${projectId}; following it anyway`,
      );
    }
    core.info(`${labelOf(build)}: resuming ${build.id} (${build.status})`);
    return resultOf(build, 'resumed', clock());
  });
}
