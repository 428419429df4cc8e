// Builds, artifact download and logs (spec §4.2).
import { created, ok, type Handler } from './api-context.ts';
import { setTimeout } from 'node:timers/promises';
import { artifactFileName, artifactKey } from './artifacts.ts';
import { consume, consumeCount } from './faults.ts';
import { ApiFailure, notFound, readJsonObject } from './http-io.ts';
import {
  buildSummary,
  buildView,
  fullArtifactUrl,
  newId,
  type BuildRecord,
  type Store,
} from './store.ts';
import { findProject } from './routes-projects.ts';
import { parseTriggerBuild } from './validation.ts';

function findBuild(store: Store, id: string): BuildRecord {
  const build = store.builds.get(id);
  if (build === undefined) throw notFound('build', id);
  return build;
}

export const listBuilds: Handler = (ctx, _req, [projectId = '']) => {
  findProject(ctx.store, projectId);
  const builds = [...ctx.store.builds.values()]
    .filter((b) => b.projectId === projectId)
    .map(buildSummary);
  return ok({ builds, total: builds.length });
};

export const getBuild: Handler = (ctx, _req, [id = '']) =>
  ok(buildView(findBuild(ctx.store, id), ctx));

// The service documents no idempotency key: an Idempotency-Key header is ignored on purpose.
export const triggerBuild: Handler = async (ctx, req, [projectId = '']) => {
  const project = findProject(ctx.store, projectId);
  const input = parseTriggerBuild(await readJsonObject(req));
  const identity = { projectId, version: input.version ?? project.version, ...input };
  const build: BuildRecord = {
    id: newId('build'),
    ...identity,
    status: 'queued',
    createdAt: new Date().toISOString(),
    artifactKey: artifactKey(identity),
    fileName: artifactFileName(project.name, identity),
    size: ctx.artifactSize(identity),
    logs: [],
  };
  ctx.store.builds.set(build.id, build);
  ctx.lifecycle.start(build);
  if (consumeCount(ctx.faults(), 'loseTriggerResponses')) return { kind: 'lost' };
  const slow = ctx.faults().slowTriggers;
  if (consume(slow)) await setTimeout(slow.delayMs);
  const { id, platform, arch, version, status, createdAt } = build;
  return created({
    id,
    projectId,
    platform,
    arch,
    version,
    status,
    createdAt,
    message: `Build queued for ${platform}/${arch}.`,
  });
};

export const downloadArtifact: Handler = (ctx, _req, [id = '']) => {
  const build = findBuild(ctx.store, id);
  const location = fullArtifactUrl(build, ctx.artifactBaseUrl);
  if (location === null) {
    const why =
      build.status === 'failed'
        ? 'failed, so it has no artifact'
        : `is ${build.status}; download its artifact once it succeeded`;
    throw new ApiFailure(409, 'artifact_unavailable', `Build '${id}' ${why}.`);
  }
  return { kind: 'redirect', location };
};

export const buildLogs: Handler = (ctx, _req, [id = '']) =>
  ok({ buildId: id, logs: findBuild(ctx.store, id).logs });
