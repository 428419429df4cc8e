// Recognising our own resource after a create whose answer was lost: same fields, created since
// the first attempt. Pure decisions; the client does the listing.
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

// The service's clock and the runner's are both NTP-synced in practice; a few seconds of slack
// keeps a slightly slow service clock from hiding our own build.
export const CLOCK_SKEW_MS = 5_000;

export function createdSince(createdAt: string, sinceMs: number): boolean {
  const at = Date.parse(createdAt);
  return !Number.isNaN(at) && at >= sinceMs - CLOCK_SKEW_MS;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((item) => b.includes(item));

const earliest = <T extends { createdAt: string }>(items: T[]): T | undefined =>
  items.reduce<T | undefined>(
    (first, item) =>
      first === undefined || Date.parse(item.createdAt) < Date.parse(first.createdAt)
        ? item
        : first,
    undefined,
  );

export function findTriggeredBuild(
  builds: readonly BuildSummary[],
  request: TriggerBuildRequest,
  sinceMs: number,
): TriggeredBuild | undefined {
  const match = earliest(
    builds.filter(
      (build) =>
        // A status the client does not know cannot be the build it just triggered (`queued`).
        isKnownStatus(build.status) &&
        build.platform === request.platform &&
        build.arch === (request.arch ?? 'x64') &&
        (request.version === undefined || build.version === request.version) &&
        createdSince(build.createdAt, sinceMs),
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
