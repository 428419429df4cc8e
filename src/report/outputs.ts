// The step's outputs (design §2), written as soon as they are known and again at the end.
import * as core from '@actions/core';
import type { TrackedBuild } from '../builds/types.ts';
import { durationSeconds } from './timing.ts';

export type RunStatus = 'success' | 'failed' | 'pending';

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

export function buildOutput(build: TrackedBuild): BuildOutput {
  return {
    id: build.id,
    platform: build.platform,
    arch: build.arch,
    version: build.version,
    status: build.status,
    duration: durationSeconds(build) ?? null,
    artifactSize: build.artifactSize ?? build.download?.size ?? null,
    ...(build.download && { path: build.download.path, sha256: build.download.sha256 }),
    ...(build.artifact && {
      artifactName: build.artifact.name,
      artifactId: build.artifact.id,
      artifactUrl: build.artifact.url,
    }),
    ...(build.error !== undefined && { error: build.error }),
  };
}

/** `pending` while not waiting for the builds (wait: false); otherwise all-or-nothing. */
export function runStatus(builds: readonly TrackedBuild[], waited: boolean): RunStatus {
  if (builds.some((build) => build.status === 'failed' || build.error !== undefined)) {
    return 'failed';
  }
  if (!waited) return 'pending';
  return builds.length > 0 && builds.every((build) => build.status === 'success')
    ? 'success'
    : 'failed';
}

export interface Outputs {
  builds: string;
  status: RunStatus;
  artifacts: string;
  'build-ids': string;
}

export const renderOutputs = (builds: readonly TrackedBuild[], waited: boolean): Outputs => ({
  builds: JSON.stringify(builds.map(buildOutput)),
  status: runStatus(builds, waited),
  artifacts: builds.flatMap((build) => (build.download ? [build.download.path] : [])).join('\n'),
  'build-ids': builds.flatMap((build) => (build.id ? [build.id] : [])).join('\n'),
});

export function writeOutputs(builds: readonly TrackedBuild[], waited: boolean): Outputs {
  const outputs = renderOutputs(builds, waited);
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
  return outputs;
}
