// Builds, artifact download and logs (spec §4.2).
import { created, ok, type Handler } from './api-context.ts';
import { artifactFileName, artifactKey } from './artifacts.ts';
import { consume, consumeCount, matchesAnyRule, serviceNow } from './faults.ts';
import { logsWithInvalidUtf8, nestedJson, nestedLog, paddedJson } from './hostile-json.ts';
import { ApiFailure, notFound, readJsonObject } from './http-io.ts';
import type { Faults } from './options.ts';
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

/** A build as an endpoint shows it, with the status the reportStatus fault makes it claim. */
const reported = <T extends { status: string }>(view: T, faults: Faults): T =>
  faults.reportStatus === null ? view : { ...view, status: faults.reportStatus };

export const listBuilds: Handler = (ctx, _req, [projectId = '']) => {
  findProject(ctx.store, projectId);
  const builds = [...ctx.store.builds.values()]
    .filter((build) => build.projectId === projectId)
    .map((build) => reported(buildSummary(build), ctx.faults()));
  return ok({ builds, total: builds.length });
};

/** Get Build's answer, with the target the reportTarget fault makes it claim. */
function reportedTarget(view: ReturnType<typeof buildView>, build: BuildRecord, faults: Faults) {
  const { rules, platform = build.platform, arch = build.arch } = faults.reportTarget;
  return matchesAnyRule(rules, build) ? { ...view, platform, arch } : view;
}

export const getBuild: Handler = (ctx, _req, [id = '']) => {
  const faults = ctx.faults();
  const build = findBuild(ctx.store, id);
  const targeted = reportedTarget(reported(buildView(build, ctx), faults), build, faults);
  const view = matchesAnyRule(faults.unsizedArtifacts, build)
    ? { ...targeted, artifactSize: null }
    : targeted;
  const body = faults.getBuildAnswersId === null ? view : { ...view, id: faults.getBuildAnswersId };
  if (consume(faults.oversizedAnswers)) {
    const chunks = paddedJson(body, faults.oversizedAnswers.bytes);
    return { kind: 'generated', status: 200, chunks };
  }
  const { rules, endpoints, bytes } = faults.nestedAnswers;
  if (endpoints.includes('getBuild') && matchesAnyRule(rules, build)) {
    return { kind: 'generated', status: 200, chunks: nestedJson(body, bytes) };
  }
  return ok(body);
};

// The service documents no idempotency key: an Idempotency-Key header is ignored on purpose.
export const triggerBuild: Handler = async (ctx, req, [projectId = '']) => {
  const project = findProject(ctx.store, projectId);
  const input = parseTriggerBuild(await readJsonObject(req));
  const identity = { projectId, version: input.version ?? project.version, ...input };
  const faults = ctx.faults();
  const build: BuildRecord = {
    id: faults.triggerIds.shift() ?? newId('build'),
    ...identity,
    status: 'queued',
    createdAt: serviceNow(faults, ctx.timers.now()).toISOString(),
    artifactKey: artifactKey(identity),
    fileName: artifactFileName(project.name, identity),
    size: ctx.artifactSize(identity),
    logs: [],
  };
  ctx.store.builds.set(build.id, build);
  ctx.lifecycle.start(build);
  const answeredId = ctx.answeredTriggerId(faults, build.id);
  if (consumeCount(faults, 'loseTriggerResponses')) return { kind: 'lost' };
  if (consume(faults.slowTriggers)) {
    await new Promise<void>((resolve) => ctx.timers.after(faults.slowTriggers.delayMs, resolve));
  }
  const { platform, arch, version, createdAt } = build;
  const { rules, status } = faults.triggerStatus;
  return created({
    id: answeredId,
    projectId,
    platform,
    arch,
    version,
    status: matchesAnyRule(rules, build) ? status : build.status,
    createdAt,
    message: `Build queued for ${platform}/${arch}.`,
  });
};

export const downloadArtifact: Handler = (ctx, _req, [id = '']) => {
  const refusal = ctx.faults().downloadRefusal;
  if (refusal !== null) throw new ApiFailure(refusal.status, 'download_refused', refusal.message);
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

/** The entries the logs endpoint lists now: after a rotation, the ones written since. */
function rotatedLog(build: BuildRecord, faults: Faults): BuildRecord['logs'] {
  build.logReads = (build.logReads ?? 0) + 1;
  const after = faults.rotateLogsAfterReads;
  if (after > 0 && build.logReads === after + 1) build.rotatedFrom = build.listedEntries ?? 0;
  build.listedEntries = build.logs.length;
  const from = after > 0 ? (build.rotatedFrom ?? 0) : 0;
  return from === 0 ? build.logs : build.logs.slice(from);
}

export const buildLogs: Handler = (ctx, _req, [id = '']) => {
  const build = findBuild(ctx.store, id);
  const faults = ctx.faults();
  const listed = rotatedLog(build, faults);
  const logs = faults.reverseLogs ? [...listed].reverse() : listed;
  const { rules, endpoints, bytes: nestedBytes } = faults.nestedAnswers;
  if (endpoints.includes('logs') && matchesAnyRule(rules, build)) {
    return { kind: 'generated', status: 200, chunks: nestedLog(id, logs, nestedBytes) };
  }
  const trickle = matchesAnyRule(faults.trickleLogs.rules, build);
  const padded = faults.logsPaddedTo > 0;
  if (!faults.invalidUtf8Logs && !trickle && !padded) return ok({ buildId: id, logs });
  const json = faults.invalidUtf8Logs
    ? logsWithInvalidUtf8(id, logs)
    : Buffer.from(JSON.stringify({ buildId: id, logs }));
  const padding = Math.max(0, faults.logsPaddedTo - json.length);
  const bytes = padded ? Buffer.concat([json, Buffer.alloc(padding, ' ')]) : json;
  const pace = trickle ? { byteIntervalMs: faults.trickleLogs.byteIntervalMs } : {};
  return { kind: 'encoded', status: 200, bytes, ...pace };
};
