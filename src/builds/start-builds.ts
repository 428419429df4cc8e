// Turns the plan into builds on the service: resumed by id, reused from an earlier run, or
// triggered, all concurrently.
import * as core from '@actions/core';
import {
  BUILD_STATUSES,
  isKnownStatus,
  isTerminal,
  type Build,
  type BuildList,
  type BuildSummary,
  type TriggerBuildRequest,
  type TriggeredBuild,
} from '../api/schemas.ts';
import type { Clock } from '../api/retry.ts';
import { labelOf, type Target, type TrackedBuild } from './types.ts';

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

const newRecord = (
  target: Target,
  version: string | null,
  origin: TrackedBuild['origin'],
  now: number,
): TrackedBuild => ({
  id: null,
  platform: target.platform,
  arch: target.arch,
  version,
  status: 'queued',
  origin,
  createdAt: undefined,
  startedAt: undefined,
  completedAt: undefined,
  artifactSize: undefined,
  buildLog: undefined,
  seen: { queued: now, building: undefined, ended: undefined },
  logs: undefined,
  download: undefined,
  artifact: undefined,
  error: undefined,
});

export function trackBuild(
  build: Build | BuildSummary | TriggeredBuild,
  origin: TrackedBuild['origin'],
  now: number,
): TrackedBuild {
  const tracked = { ...newRecord(build, build.version ?? null, origin, now), id: build.id };
  tracked.createdAt = build.createdAt;
  return updateBuild(tracked, build, now);
}

/** Folds what the service says now into the record; the first sighting of each phase is kept. */
export function updateBuild(
  tracked: TrackedBuild,
  build: Build | BuildSummary | TriggeredBuild,
  now: number,
): TrackedBuild {
  tracked.status = build.status;
  tracked.version = build.version ?? tracked.version;
  if ('completedAt' in build) tracked.completedAt = build.completedAt ?? tracked.completedAt;
  if ('startedAt' in build) tracked.startedAt = build.startedAt ?? tracked.startedAt;
  if ('artifactSize' in build) tracked.artifactSize = build.artifactSize ?? tracked.artifactSize;
  if ('buildLog' in build) tracked.buildLog = build.buildLog ?? tracked.buildLog;
  if (build.status !== 'queued') tracked.seen.building ??= now;
  if (isTerminal(build.status)) tracked.seen.ended ??= now;
  if (!isKnownStatus(build.status)) tracked.error ??= unknownStatusError(build.status);
  return tracked;
}

export const unknownStatusError = (status: string): string =>
  `the service reports status '${status.slice(0, 40)}', which this action does not know ` +
  `(it knows ${BUILD_STATUSES.join(', ')}); counted as not successful`;

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

const failedTrigger = (target: Target, version: string, error: Error, now: number) => ({
  ...newRecord(target, version, 'triggered', now),
  status: 'failed' as const,
  error: `could not trigger the build: ${error.message}`,
});

/**
 * Triggers one build per target (reusing finished ones when asked). A trigger that fails leaves
 * a record with its error and the others carry on; when every trigger fails, that is fatal.
 */
export async function startBuilds(
  client: BuildStarter,
  request: StartRequest,
  clock: Clock,
): Promise<TrackedBuild[]> {
  const o = { signal: request.signal };
  const previous = request.reuse ? (await client.listBuilds(request.projectId, o)).builds : [];
  const settled = await Promise.allSettled(
    request.targets.map(async (target) => {
      const reusable = findReusable(previous, target, request.version);
      if (reusable) {
        core.info(
          `${labelOf(target)}: reusing successful build ${reusable.id} of ${request.version}`,
        );
        return trackBuild(await client.getBuild(reusable.id, o), 'reused', clock());
      }
      const body = { platform: target.platform, arch: target.arch, version: request.version };
      const triggered = await client.triggerBuild(request.projectId, body, o);
      core.info(`${labelOf(target)}: triggered ${triggered.id} (${triggered.status})`);
      return trackBuild(triggered, 'triggered', clock());
    }),
  );
  const errors = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (errors.length === settled.length && errors.length > 0) throw errors[0];
  return settled.map((result, index) =>
    result.status === 'fulfilled'
      ? result.value
      : failedTrigger(request.targets[index]!, request.version, result.reason as Error, clock()),
  );
}

/** Picks up builds an earlier step or job triggered (`build-ids`). */
export async function resumeBuilds(
  client: BuildStarter,
  projectId: string,
  buildIds: readonly string[],
  clock: Clock,
  signal?: AbortSignal,
): Promise<TrackedBuild[]> {
  const builds = await Promise.all(buildIds.map((id) => client.getBuild(id, { signal })));
  return builds.map((build) => {
    if (build.projectId !== projectId) {
      core.warning(
        `${build.id} belongs to project ${build.projectId}, not ${projectId}; following it anyway`,
      );
    }
    core.info(`${labelOf(build)}: resuming ${build.id} (${build.status})`);
    return trackBuild(build, 'resumed', clock());
  });
}
