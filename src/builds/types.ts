// The action's own record of one build, from trigger (or reuse/resume) to download and publish.
import type { Arch, BuildStatus, LogEntry, Platform } from '../api/schemas.ts';
import type { ArtifactResult } from '../publish/types.ts';

export interface Target {
  platform: Platform;
  arch: Arch;
}

export interface DownloadedFile {
  path: string;
  fileName: string;
  size: number;
  sha256: string;
}

export interface TrackedBuild extends Target {
  /** null when the trigger itself failed, so no build exists. */
  id: string | null;
  version: string | null;
  status: BuildStatus;
  origin: 'triggered' | 'reused' | 'resumed';
  /** Service timestamps (ISO), when the service sent them. */
  createdAt: string | undefined;
  startedAt: string | undefined;
  completedAt: string | undefined;
  artifactSize: number | undefined;
  /** URL of the build's log endpoint. */
  buildLog: string | undefined;
  /** Epoch ms on the action's clock: when it first saw the build in each phase. */
  seen: { queued: number; building: number | undefined; ended: number | undefined };
  logs: LogEntry[] | undefined;
  download: DownloadedFile | undefined;
  artifact: ArtifactResult | undefined;
  /** Why the action could not trigger, follow or download this build. */
  error: string | undefined;
}

export const labelOf = (target: Target): string => `${target.platform}/${target.arch}`;
