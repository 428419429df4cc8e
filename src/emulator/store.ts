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
} from '../api/schemas.ts';

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

export const projectSummary = (p: ProjectRecord) => ({
  id: p.id,
  name: p.name,
  url: p.url,
  platforms: p.platforms,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

export const projectView = (p: ProjectRecord) => ({
  id: p.id,
  name: p.name,
  author: p.author,
  version: p.version,
  url: p.url,
  appId: p.appId,
  platforms: p.platforms,
  window: p.window,
  features: p.features,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
});

export const fullArtifactUrl = (b: BuildRecord, artifactBaseUrl: string): string | null =>
  b.artifactPath === undefined ? null : `${artifactBaseUrl}${b.artifactPath}?sig=${b.artifactSig}`;

const completedAt = (b: BuildRecord) =>
  b.completedAt === undefined ? {} : { completedAt: b.completedAt };

// List items carry the shortened artifactUrl (spec §2.2): the path on the artifact host only.
export const buildSummary = (b: BuildRecord) => ({
  id: b.id,
  projectId: b.projectId,
  version: b.version,
  platform: b.platform,
  arch: b.arch,
  status: b.status,
  createdAt: b.createdAt,
  ...completedAt(b),
  artifactUrl: b.artifactPath ?? null,
});

export const buildView = (b: BuildRecord, urls: { baseUrl: string; artifactBaseUrl: string }) => ({
  ...buildSummary(b),
  startedAt: b.startedAt ?? null,
  duration: b.duration ?? null,
  artifactUrl: fullArtifactUrl(b, urls.artifactBaseUrl),
  artifactSize: b.artifactPath === undefined ? null : b.size,
  buildLog: `${urls.baseUrl}/builds/${encodeURIComponent(b.id)}/logs`,
});

export const webhookView = (w: WebhookRecord) => ({
  id: w.id,
  url: w.url,
  events: w.events,
  active: w.active,
  createdAt: w.createdAt,
});
