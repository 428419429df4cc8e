// The step's outputs (design §2): one writer, called when the builds are known and at the end.
import * as core from '@actions/core';
import type { BuildResult } from '../builds/result.ts';
import type { ArtifactResult, Published } from '../publish/types.ts';
import { isBuildId } from '../service/ids.ts';
import { durationSeconds } from './timing.ts';
import type { RunStatus } from './verdict.ts';

export interface BuildOutput {
  id: string | null;
  platform: string;
  arch: string;
  version: string | null;
  status: string;
  duration: number | null;
  artifactSize: number | null;
  path?: string;
  sha256?: string;
  artifactName?: string;
  artifactId?: number;
  artifactUrl?: string;
  error?: string;
}

export function buildOutput(build: BuildResult, artifact?: ArtifactResult): BuildOutput {
  return {
    id: build.id,
    platform: build.platform,
    arch: build.arch,
    version: build.version,
    status: build.status,
    duration: durationSeconds(build.phases) ?? null,
    artifactSize: build.artifactSize ?? build.download?.size ?? null,
    ...(build.download && { path: build.download.path, sha256: build.download.sha256 }),
    ...(artifact && {
      artifactName: artifact.name,
      artifactId: artifact.id,
      artifactUrl: artifact.url,
    }),
    ...(build.problem && { error: build.problem.message }),
  };
}

export interface Outputs {
  builds: string;
  status: RunStatus;
  artifacts: string;
  'build-ids': string;
  'release-url'?: string;
  /** 'true', 'false', or '' (no release, or one that stays a draft): ReleaseReport.verified. */
  'release-verified': '' | 'true' | 'false';
  'comment-url'?: string;
}

export const renderOutputs = (
  builds: readonly BuildResult[],
  status: RunStatus,
  published: Published,
  commentUrl?: string,
): Outputs => ({
  builds: JSON.stringify(
    builds.map((build) =>
      buildOutput(build, build.id ? published.artifacts.get(build.id) : undefined),
    ),
  ),
  status,
  artifacts: builds.flatMap((build) => (build.download ? [build.download.path] : [])).join('\n'),
  // One id a line, each one the build-ids input takes back: an id of another form (a newline in
  // it would split it into lines of its own) is in the builds output only, as a JSON string.
  'build-ids': builds
    .flatMap((build) => (build.id && isBuildId(build.id) ? [build.id] : []))
    .join('\n'),
  ...(published.release !== undefined && { 'release-url': published.release.url }),
  'release-verified':
    published.release?.verified === undefined ? '' : published.release.verified ? 'true' : 'false',
  ...(commentUrl !== undefined && { 'comment-url': commentUrl }),
});

export function writeOutputs(
  builds: readonly BuildResult[],
  status: RunStatus,
  published: Published,
  commentUrl?: string,
): Outputs {
  const outputs = renderOutputs(builds, status, published, commentUrl);
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
  return outputs;
}
