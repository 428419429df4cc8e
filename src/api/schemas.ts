// Runtime shapes of the service's resources (spec §2, §4, §6). Objects are tolerant of extra
// fields (zod strips them) and strict on the fields we use. Fields that the spec gives only on some
// endpoints, or only once a build completed, are optional, and a reasonable service may send null.
import { z } from 'zod';

export const PLATFORMS = ['mac', 'windows', 'linux'] as const;
export const ARCHES = ['x64', 'arm64'] as const;
/** The statuses the spec lists (§3). A service that grows may send others. */
export const BUILD_STATUSES = ['queued', 'building', 'success', 'failed'] as const;
export const EVENT_TYPES = [
  'build.queued',
  'build.started',
  'build.succeeded',
  'build.failed',
  'project.created',
  'project.updated',
  'project.deleted',
] as const;

export const Platform = z.enum(PLATFORMS);
export const Arch = z.enum(ARCHES);
// Any non-empty text: one build with a status the spec does not list (say `cancelled`) must not
// make a whole build list unreadable.
export const BuildStatus = z.string().min(1);
export const EventType = z.enum(EVENT_TYPES);
export type Platform = z.infer<typeof Platform>;
export type Arch = z.infer<typeof Arch>;
export type KnownBuildStatus = (typeof BUILD_STATUSES)[number];
/** One of the spec's statuses, or what a newer service sends (`string & {}` keeps the hints). */
export type BuildStatus = KnownBuildStatus | (string & {});
export type EventType = z.infer<typeof EventType>;

export const isKnownStatus = (status: BuildStatus): status is KnownBuildStatus =>
  (BUILD_STATUSES as readonly string[]).includes(status);
/** Ended: success, failed, or a status the spec does not list (which ends the build unsuccessfully). */
export const isTerminal = (status: BuildStatus): boolean =>
  status !== 'queued' && status !== 'building';

const timestamp = z.string();
const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((v) => v ?? undefined);

export const ProjectWindow = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  resizable: z.boolean().optional(),
});
export const ProjectFeatures = z.object({
  autoUpdate: z.boolean().optional(),
  tray: z.boolean().optional(),
  menuBar: z.boolean().optional(),
});
export type ProjectWindow = z.infer<typeof ProjectWindow>;
export type ProjectFeatures = z.infer<typeof ProjectFeatures>;

export const ProjectSummary = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  platforms: z.array(Platform),
  createdAt: timestamp,
  updatedAt: optional(timestamp),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

export const Project = ProjectSummary.extend({
  author: optional(z.string()),
  version: optional(z.string()),
  appId: optional(z.string()),
  window: optional(ProjectWindow),
  features: optional(ProjectFeatures),
});
export type Project = z.infer<typeof Project>;

export const ProjectList = z.object({ projects: z.array(ProjectSummary), total: z.number().int() });
export type ProjectList = z.infer<typeof ProjectList>;

export const CreatedProject = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  platforms: z.array(Platform),
  createdAt: timestamp,
  message: optional(z.string()),
});
export type CreatedProject = z.infer<typeof CreatedProject>;

export const UpdatedProject = z.object({
  id: z.string(),
  name: z.string(),
  platforms: z.array(Platform),
  updatedAt: timestamp,
  message: optional(z.string()),
});
export type UpdatedProject = z.infer<typeof UpdatedProject>;

export const Deleted = z.object({
  id: z.string(),
  deleted: z.literal(true),
  message: optional(z.string()),
});
export type Deleted = z.infer<typeof Deleted>;

export const BuildSummary = z.object({
  id: z.string(),
  projectId: z.string(),
  version: optional(z.string()),
  platform: Platform,
  arch: Arch,
  status: BuildStatus,
  createdAt: timestamp,
  completedAt: optional(timestamp),
  artifactUrl: optional(z.string()),
});
export type BuildSummary = z.infer<typeof BuildSummary>;

export const Build = BuildSummary.extend({
  startedAt: optional(timestamp),
  duration: optional(z.number()),
  artifactSize: optional(z.number().int().nonnegative()),
  buildLog: optional(z.string()),
});
export type Build = z.infer<typeof Build>;

export const BuildList = z.object({ builds: z.array(BuildSummary), total: z.number().int() });
export type BuildList = z.infer<typeof BuildList>;

export const TriggeredBuild = z.object({
  id: z.string(),
  projectId: z.string(),
  platform: Platform,
  arch: Arch,
  version: optional(z.string()),
  status: BuildStatus,
  createdAt: timestamp,
  message: optional(z.string()),
});
export type TriggeredBuild = z.infer<typeof TriggeredBuild>;

export const LogEntry = z.object({
  timestamp: timestamp,
  level: z.string(),
  message: z.string(),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const BuildLogs = z.object({ buildId: z.string(), logs: z.array(LogEntry) });
export type BuildLogs = z.infer<typeof BuildLogs>;

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: timestamp,
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhookList = z.object({ webhooks: z.array(Webhook), total: z.number().int() });
export type WebhookList = z.infer<typeof WebhookList>;

// Request bodies (spec §4). `config` is open beyond `window` (spec §2.1).
export interface CreateProjectRequest {
  name: string;
  url: string;
  platforms: Platform[];
  config?: { window?: ProjectWindow } & Record<string, unknown>;
}
export type UpdateProjectRequest = Partial<{
  name: string;
  url: string;
  platforms: Platform[];
}> &
  Record<string, unknown>;
export interface TriggerBuildRequest {
  platform: Platform;
  arch?: Arch;
  version?: string;
}
export interface CreateWebhookRequest {
  url: string;
  events: EventType[];
  secret?: string;
}

// Webhook deliveries (spec §6.2).
export const BuildEventData = z.object({
  build: z.object({
    id: z.string(),
    projectId: z.string(),
    version: optional(z.string()),
    platform: Platform,
    arch: Arch,
    status: BuildStatus,
    artifactUrl: optional(z.string()),
    duration: optional(z.number()),
  }),
  project: z.object({ id: z.string(), name: z.string() }),
});
export type BuildEventData = z.infer<typeof BuildEventData>;

export const WebhookEvent = z.object({
  id: z.string(),
  type: EventType,
  createdAt: timestamp,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

// Project events (spec §6.2: "data shape not shown"): `data.project` names the project; other
// Project fields may come along.
export const ProjectEventData = z.object({
  project: z.looseObject({ id: z.string(), name: optional(z.string()) }),
});
export type ProjectEventData = z.infer<typeof ProjectEventData>;
