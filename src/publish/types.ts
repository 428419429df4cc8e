// What the action hands to the publishers, and what they give back.
import type { Arch, Platform } from '../service/schemas.ts';
import type { Span } from '../builds/result.ts';

/** One downloaded installer on disk. */
export interface Installer {
  buildId: string;
  platform: Platform;
  arch: Arch;
  version: string;
  /** Absolute path of the downloaded file. */
  path: string;
  /** The file's own name (basename of `path`). */
  fileName: string;
  size: number;
  sha256: string;
}

export interface ArtifactPlan {
  /** Template with `{name}`, `{version}`, `{platform}`, `{arch}`, `{ext}`; default `{name}` (the file name). */
  nameTemplate: string;
  retentionDays: number | undefined;
  /** What to do when an artifact of that name exists: replace it (delete first) or fail. */
  onExisting: 'replace' | 'fail';
  /** Our streamed client (default), or @actions/artifact for every call (artifact-uploader). */
  uploader?: 'streamed' | 'library';
}

export interface ReleasePlan {
  /** `owner/name` the release goes to: release-repository, by default the workflow's. */
  repository: string;
  tag: string;
  name: string | undefined;
  body: string | undefined;
  generateNotes: boolean;
  /** Keep the release a draft even when every build succeeded. */
  draft: boolean;
  prerelease: boolean;
  makeLatest: 'true' | 'false' | 'legacy';
  /** Same placeholders as ArtifactPlan.nameTemplate. */
  assetNameTemplate: string;
  /** Replace a same-named asset (delete + upload). */
  overwrite: boolean;
}

export interface PublishPlan {
  githubToken: string;
  /** `owner/repo` of the workflow (its artifacts; the release's is ReleasePlan.repository). */
  repository: string;
  artifacts: ArtifactPlan | null;
  release: ReleasePlan | null;
}

export interface ArtifactResult {
  buildId: string;
  name: string;
  id: number;
  url: string;
  /** The upload, for the timeline. */
  span: Span;
}

export interface ReleaseResult {
  url: string;
  id: number;
  published: boolean;
  /**
   * true: the release is published and its assets were read back and matched; false: they did not
   * (or could not be read back); undefined: no check ran, or the release stays a draft.
   */
  verified?: boolean;
  assets: ReleaseAssetResult[];
}

export interface ReleaseAssetResult {
  /** null for SHA256SUMS. */
  buildId: string | null;
  name: string;
  url: string;
  /** The upload, for the timeline; undefined when the asset was already there and kept. */
  span: Span | undefined;
}

export interface PublishResult {
  artifacts: ArtifactResult[];
  release: ReleaseResult | null;
}

/** What publishing gave back, as the reports read it. */
export interface Published {
  /** By build id. */
  artifacts: ReadonlyMap<string, ArtifactResult>;
  /** The upload of each build's release asset, by build id (kept assets have none). */
  assetUploads: ReadonlyMap<string, Span>;
  /** The release this run finished with; undefined when there is none (or publishing stopped). */
  release: ReleaseReport | undefined;
}

/** The release as the reports say it. */
export interface ReleaseReport {
  url: string;
  /** false: it stays a draft. */
  published: boolean;
  /** true: its assets were read back and matched; false: they did not; undefined: no check ran. */
  verified: boolean | undefined;
}

export const NOTHING_PUBLISHED: Published = {
  artifacts: new Map(),
  assetUploads: new Map(),
  release: undefined,
};
