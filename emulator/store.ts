// The emulator's data: records as the service keeps them, and the views each endpoint returns.
import { randomBytes } from 'node:crypto';
import type {
  Arch,
  BuildStatus,
  EventType,
  LogEntry,
  Platform,
  ProjectFeatures,
  ProjectWindow,
} from '../src/service/schemas.ts';

export interface ProjectRecord {
  id: string;
  name: string;
  url: string;
  platforms: Platform[];
  author: string;
  version: string;
  appId: string;
  window: Required<ProjectWindow>;
  features: Required<ProjectFeatures>;
  createdAt: string;
  updatedAt: string;
}

export interface BuildRecord {
  id: string;
  projectId: string;
  version: string;
  platform: Platform;
  arch: Arch;
  status: BuildStatus;
  createdAt: string;
  startedAt?: string;
  completedAt?: string;
  duration?: number;
  /** Artifact identity, fixed at trigger time so its size and digest are known up front. */
  artifactKey: string;
  fileName: string;
  size: number;
  /** Set once the build succeeded. */
  artifactPath?: string;
  artifactSig?: string;
  logs: LogEntry[];
  /** Reads of the logs endpoint so far, and the entries the last one listed (rotateLogsAfterReads). */
  logReads?: number;
  listedEntries?: number;
  /** The log lists entries from here on once rotated. */
  rotatedFrom?: number;
}

export interface WebhookRecord {
  id: string;
  url: string;
  events: EventType[];
  secret?: string;
  active: boolean;
  createdAt: string;
}

export interface Store {
  projects: Map<string, ProjectRecord>;
  builds: Map<string, BuildRecord>;
  webhooks: Map<string, WebhookRecord>;
}

export const createStore = (): Store => ({
  projects: new Map(),
  builds: new Map(),
  webhooks: new Map(),
});

export const newId = (prefix: 'proj' | 'build' | 'wh' | 'evt'): string =>
  `${prefix}_${randomBytes(8).toString('hex')}`;

export const projectSummary = (project: ProjectRecord) => ({
  id: project.id,
  name: project.name,
  url: project.url,
  platforms: project.platforms,
  createdAt: project.createdAt,
  updatedAt: project.updatedAt,
});

export const projectView = (project: ProjectRecord) => ({
  id: project.id,
  name: project.name,
  author: project.author,
  version: project.version,
  url: project.url,
  appId: project.appId,
  platforms: project.platforms,
  window: project.window,
  features: project.features,
  createdAt: project.createdAt,
  updatedAt: project.updatedAt,
});

export const fullArtifactUrl = (build: BuildRecord, artifactBaseUrl: string): string | null =>
  build.artifactPath === undefined
    ? null
    : `${artifactBaseUrl}${build.artifactPath}?sig=${build.artifactSig}`;

const completedAt = (build: BuildRecord) =>
  build.completedAt === undefined ? {} : { completedAt: build.completedAt };

/** What every view of a build starts with: list items, Get Build and webhook events alike. */
export const buildFields = (build: BuildRecord) => ({
  id: build.id,
  projectId: build.projectId,
  version: build.version,
  platform: build.platform,
  arch: build.arch,
  status: build.status,
});

// List items carry the shortened artifactUrl (spec §2.2): the path on the artifact host only.
export const buildSummary = (build: BuildRecord) => ({
  ...buildFields(build),
  createdAt: build.createdAt,
  ...completedAt(build),
  artifactUrl: build.artifactPath ?? null,
});

export const buildView = (
  build: BuildRecord,
  urls: { baseUrl: string; artifactBaseUrl: string },
) => ({
  ...buildSummary(build),
  startedAt: build.startedAt ?? null,
  duration: build.duration ?? null,
  artifactUrl: fullArtifactUrl(build, urls.artifactBaseUrl),
  artifactSize: build.artifactPath === undefined ? null : build.size,
  buildLog: `${urls.baseUrl}/builds/${encodeURIComponent(build.id)}/logs`,
});

export const webhookView = (webhook: WebhookRecord) => ({
  id: webhook.id,
  url: webhook.url,
  events: webhook.events,
  active: webhook.active,
  createdAt: webhook.createdAt,
});
