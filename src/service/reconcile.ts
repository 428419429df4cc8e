// Recognising our own resource: an answer about the resource asked for (the checks the transport
// runs on every answer it validated), and after a create whose answer was lost, the resource with
// the same fields that is new: for a build, one the service's list did not have before the
// trigger (its own view, whatever its clock says); for a project or webhook, one created since the
// first attempt. Pure decisions; the client does the requests.
import type { FieldProblem } from '../http/answer-shape.ts';
import {
  isKnownStatus,
  type BuildSummary,
  type CreatedProject,
  type CreateProjectRequest,
  type CreateWebhookRequest,
  type ProjectSummary,
  type TriggerBuildRequest,
  type TriggeredBuild,
  type Webhook,
} from './schemas.ts';
import { CREATED_SINCE_SLACK_MS } from '../shared/timing.ts';

/** The arch the service builds when a trigger names none (spec §4). */
const DEFAULT_ARCH = 'x64';

function createdSince(createdAt: string, sinceMs: number): boolean {
  const at = Date.parse(createdAt);
  return !Number.isNaN(at) && at >= sinceMs - CREATED_SINCE_SLACK_MS;
}

const sameSet = (left: readonly string[], right: readonly string[]): boolean =>
  left.length === right.length && left.every((item) => right.includes(item));

const earliest = <T extends { createdAt: string }>(items: T[]): T | undefined =>
  items.reduce<T | undefined>(
    (first, item) =>
      first === undefined || Date.parse(item.createdAt) < Date.parse(first.createdAt)
        ? item
        : first,
    undefined,
  );

/**
 * The check of an answer about one resource: its `field` must be the id asked for. `what` names
 * the resource in the problem (`build`, `project`, `webhook`).
 */
export const answersFor =
  <K extends string>(what: string, asked: string, field: K) =>
  (answer: Record<K, string>): FieldProblem | undefined =>
    answer[field] === asked
      ? undefined
      : { fieldPath: field, problem: `is not the ${what} asked for` };

/** The check of a List Builds answer: every build is of the project asked for. */
export const buildsOf =
  (projectId: string) =>
  (list: { builds: ReadonlyArray<Pick<BuildSummary, 'projectId'>> }): FieldProblem | undefined => {
    const index = list.builds.findIndex((build) => build.projectId !== projectId);
    return index < 0
      ? undefined
      : { fieldPath: `builds.${index}.projectId`, problem: 'is not the project asked for' };
  };

/** The check of a Trigger Build answer: a build of the project, platform and arch asked for. */
export const triggeredAs =
  (projectId: string, request: TriggerBuildRequest) =>
  (build: Pick<TriggeredBuild, 'projectId' | 'platform' | 'arch'>): FieldProblem | undefined => {
    if (build.projectId !== projectId) {
      return { fieldPath: 'projectId', problem: 'is not the project asked for' };
    }
    if (build.platform !== request.platform) {
      return { fieldPath: 'platform', problem: 'is not the platform asked for' };
    }
    if (build.arch !== (request.arch ?? DEFAULT_ARCH)) {
      return { fieldPath: 'arch', problem: 'is not the architecture asked for' };
    }
    return undefined;
  };

/**
 * The build a trigger whose answer was lost created: one of the target (and version) asked for that
 * `builds` (the service's list now) has and `before` (its ids in the list taken before the trigger)
 * has not; the earliest by the service's own timestamps when there are several.
 */
export function findTriggeredBuild(
  builds: readonly BuildSummary[],
  request: TriggerBuildRequest,
  before: ReadonlySet<string>,
): TriggeredBuild | undefined {
  const match = earliest(
    builds.filter(
      (build) =>
        // A status the client does not know cannot be the build it just triggered (`queued`).
        isKnownStatus(build.status) &&
        build.platform === request.platform &&
        build.arch === (request.arch ?? DEFAULT_ARCH) &&
        (request.version === undefined || build.version === request.version) &&
        !before.has(build.id),
    ),
  );
  if (!match) return undefined;
  const { id, projectId, platform, arch, version, status, createdAt } = match;
  return { id, projectId, platform, arch, version, status, createdAt, message: undefined };
}

export function findCreatedProject(
  projects: readonly ProjectSummary[],
  request: CreateProjectRequest,
  sinceMs: number,
): CreatedProject | undefined {
  const match = earliest(
    projects.filter(
      (project) =>
        project.name === request.name &&
        project.url === request.url &&
        sameSet(project.platforms, request.platforms) &&
        createdSince(project.createdAt, sinceMs),
    ),
  );
  if (!match) return undefined;
  const { id, name, url, platforms, createdAt } = match;
  return { id, name, url, platforms, createdAt, message: undefined };
}

export function findCreatedWebhook(
  webhooks: readonly Webhook[],
  request: CreateWebhookRequest,
  sinceMs: number,
): Webhook | undefined {
  return earliest(
    webhooks.filter(
      (webhook) =>
        webhook.url === request.url &&
        sameSet(webhook.events, request.events) &&
        createdSince(webhook.createdAt, sinceMs),
    ),
  );
}
