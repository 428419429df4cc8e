// Runtime shapes of the service's resources (spec §2, §4, §6): the client's validation boundary.
// Everything the service returns is untrusted: ids have the spec's forms, statuses are short
// tokens, texts and URLs are bounded, names and URLs are one printable line, numbers are sane,
// timestamps parse. Objects are tolerant of extra fields (zod strips them) and strict on the
// fields we use. Fields that the spec gives only on some endpoints, or only once a build
// completed, are optional, and a reasonable service may send null. Every rule's problem text names
// what is wrong and never quotes the value (it may carry a newline and a workflow command): see
// `shapeProblem` (http/answer-shape.ts).
import { z } from 'zod';
import { BUILD_ID, EVENT_ID, PROJECT_ID, WEBHOOK_ID } from './ids.ts';
import { shapeProblem, type FieldProblem } from '../http/answer-shape.ts';

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

/** A URL the service returns (artifactUrl, buildLog, a project's or a webhook's url). */
export const URL_MAX_CHARS = 8 * 1024;
/** ISO 8601 needs ~30 characters; room for offsets and fractions, none for a payload. */
const TIMESTAMP_MAX_CHARS = 64;
/** A version: semver with pre-release and build parts fits easily. */
export const VERSION_MAX_CHARS = 128;
/** A log entry's level (`info`, `warn`, …). */
const LEVEL_MAX_CHARS = 64;
/** Names, authors, app ids, confirmation messages: a line of prose, not a document. */
export const TEXT_MAX_CHARS = 4 * 1024;
/** A window side in pixels: 16K displays are 15,360 wide; anything past this is no window. */
const WINDOW_MAX_PIXELS = 100_000;

// A problem text of our own starts with `is `; zod's own messages are wrapped by shapeProblem.
// `abort`: the later checks of a value that failed one are not run (a 700 MB text is not parsed as
// a date).
const rule = (problem: string) => ({ error: problem, abort: true });
const idOf = (pattern: RegExp, form: string) =>
  z.string().regex(pattern, rule(`is not of the form ${form}_<id>`));

export const BuildId = idOf(BUILD_ID, 'build');
const ProjectId = idOf(PROJECT_ID, 'proj');
const WebhookId = idOf(WEBHOOK_ID, 'wh');
const EventId = idOf(EVENT_ID, 'evt');

export const Platform = z.enum(PLATFORMS);
export const Arch = z.enum(ARCHES);
// A short token, not one of a fixed list: one build with a status the spec does not list (say
// `cancelled`) must not make a whole build list unreadable, and isTerminal decides what it means.
const token = (problem: string) =>
  z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,39}$/, rule(problem));
export const BuildStatus = token(
  'is not a status (a letter, then up to 39 letters, digits, _ . -)',
);
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

const text = (maxChars: number) =>
  z.string().max(maxChars, rule(`is longer than ${maxChars} characters`));
const timestamp = text(TIMESTAMP_MAX_CHARS).refine(
  (value) => !Number.isNaN(Date.parse(value)),
  rule('is not a timestamp'),
);
// Control characters (a newline starts a workflow command), line and paragraph separators, and
// bidirectional controls (text that displays as something else, U+061C, U+200E-F, U+202A-E,
// U+2066-9). Other format characters stay: a name may hold an emoji joined by U+200D.
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Whether a name or a URL is one line of text that displays as what it is. */
export const isPrintable = (value: string): boolean => !UNPRINTABLE.test(value);
const printable = (maxChars: number) =>
  text(maxChars).refine(
    isPrintable,
    rule('is not printable text (it has control or bidirectional characters)'),
  );
const url = printable(URL_MAX_CHARS);
// No control, format or line-separator characters: a version is shown in log lines and titles.
const version = text(VERSION_MAX_CHARS).regex(
  /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u,
  rule('is not printable text (it has control or format characters)'),
);
const whole = z.number().int(rule('is not a whole number (at most 2^53 - 1)'));
const count = whole.nonnegative(rule('is negative'));
const pixels = whole
  .positive(rule('is not positive'))
  .max(WINDOW_MAX_PIXELS, rule(`is more than ${WINDOW_MAX_PIXELS}`));
const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => value ?? undefined);
const duration = optional(z.number().nonnegative(rule('is negative')));

export const ProjectWindow = z.object({
  width: pixels,
  height: pixels,
  resizable: z.boolean().optional(),
});
export const ProjectFeatures = z.object({
  autoUpdate: z.boolean().optional(),
  tray: z.boolean().optional(),
  menuBar: z.boolean().optional(),
});
export type ProjectWindow = z.infer<typeof ProjectWindow>;
export type ProjectFeatures = z.infer<typeof ProjectFeatures>;

const name = printable(TEXT_MAX_CHARS);
const message = optional(text(TEXT_MAX_CHARS));

export const ProjectSummary = z.object({
  id: ProjectId,
  name,
  url,
  platforms: z.array(Platform),
  createdAt: timestamp,
  updatedAt: optional(timestamp),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

export const Project = ProjectSummary.extend({
  author: optional(name),
  version: optional(version),
  appId: optional(name),
  window: optional(ProjectWindow),
  features: optional(ProjectFeatures),
});
export type Project = z.infer<typeof Project>;

export const ProjectList = z.object({ projects: z.array(ProjectSummary), total: count });
export type ProjectList = z.infer<typeof ProjectList>;

export const CreatedProject = ProjectSummary.omit({ updatedAt: true }).extend({ message });
export type CreatedProject = z.infer<typeof CreatedProject>;

export const UpdatedProject = z.object({
  id: ProjectId,
  name,
  platforms: z.array(Platform),
  updatedAt: timestamp,
  message,
});
export type UpdatedProject = z.infer<typeof UpdatedProject>;

const deleted = (id: z.ZodString) => z.object({ id, deleted: z.literal(true), message });
export const DeletedProject = deleted(ProjectId);
export const DeletedWebhook = deleted(WebhookId);
export type Deleted = z.infer<typeof DeletedProject>;

export const BuildSummary = z.object({
  id: BuildId,
  projectId: ProjectId,
  version: optional(version),
  platform: Platform,
  arch: Arch,
  status: BuildStatus,
  createdAt: timestamp,
  completedAt: optional(timestamp),
  artifactUrl: optional(url),
});
export type BuildSummary = z.infer<typeof BuildSummary>;

export const Build = BuildSummary.extend({
  startedAt: optional(timestamp),
  duration,
  artifactSize: optional(count),
  buildLog: optional(url),
});
export type Build = z.infer<typeof Build>;

/** A List Builds entry the client cannot read; its id, when that much of it is readable. */
export interface UnreadableBuild extends FieldProblem {
  id: string | undefined;
}

const idOfEntry = (entry: unknown): string | undefined => {
  const id = BuildId.safeParse((entry as { id?: unknown } | null)?.id);
  return id.success ? id.data : undefined;
};

// Each entry on its own, as an unknown status is: one build of the project's history that this
// client cannot read (a platform it does not know, a version longer than it takes) must not make
// the whole history unreadable. Such an entry is left out of `builds`, and told in `unreadable`.
export const BuildList = z
  .object({ builds: z.array(z.unknown()), total: count })
  .transform(({ builds, total }) => {
    const readable: BuildSummary[] = [];
    const unreadable: UnreadableBuild[] = [];
    builds.forEach((entry, index) => {
      const parsed = BuildSummary.safeParse(entry);
      if (parsed.success) readable.push(parsed.data);
      else
        unreadable.push({ id: idOfEntry(entry), ...shapeProblem(parsed.error, ['builds', index]) });
    });
    return { builds: readable, total, unreadable };
  });
export type BuildList = z.infer<typeof BuildList>;

export const TriggeredBuild = z.object({
  id: BuildId,
  projectId: ProjectId,
  platform: Platform,
  arch: Arch,
  version: optional(version),
  status: BuildStatus,
  createdAt: timestamp,
  message,
});
export type TriggeredBuild = z.infer<typeof TriggeredBuild>;

export const LogEntry = z.object({
  timestamp,
  level: text(LEVEL_MAX_CHARS),
  // Any text: the log is what the build printed, shown inertly; the answer's size bounds it.
  message: z.string(),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const BuildLogs = z.object({ buildId: BuildId, logs: z.array(LogEntry) });
export type BuildLogs = z.infer<typeof BuildLogs>;

export const Webhook = z.object({
  id: WebhookId,
  url,
  // Not EventType: a type a newer service knows must not make the webhook unreadable.
  events: z.array(token('is not an event type')),
  active: z.boolean(),
  createdAt: timestamp,
});
export type Webhook = z.infer<typeof Webhook>;

export const WebhookList = z.object({ webhooks: z.array(Webhook), total: count });
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
    id: BuildId,
    projectId: ProjectId,
    version: optional(version),
    platform: Platform,
    arch: Arch,
    status: BuildStatus,
    artifactUrl: optional(url),
    duration,
  }),
  project: z.object({ id: ProjectId, name }),
});
export type BuildEventData = z.infer<typeof BuildEventData>;

export const WebhookEvent = z.object({
  id: EventId,
  type: EventType,
  createdAt: timestamp,
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

// Project events (spec §6.2: "data shape not shown"): `data.project` names the project; other
// Project fields may come along.
export const ProjectEventData = z.object({
  project: z.looseObject({ id: ProjectId, name: optional(name) }),
});
export type ProjectEventData = z.infer<typeof ProjectEventData>;
