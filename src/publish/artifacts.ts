// Workflow artifacts: one unzipped artifact per installer, uploaded as each installer arrives,
// streamed from disk (artifact-upload.ts). @actions/artifact v6 uploads only the rare installer
// too big for one Put Blob.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import * as core from '@actions/core';
import type { Dispatcher } from 'undici';
import type { RetryRuntime } from '../api/retry.ts';
import type { RunnerContext, RunSite } from '../context.ts';
import { labelOf } from '../builds/result.ts';
import { artifactServiceOf, deleteArtifact, listArtifactNames } from './artifact-service.ts';
import { allowedRetentionDays, MAX_PUT_BLOB_BYTES, uploadArtifactFile } from './artifact-upload.ts';
import { linkAs } from './link-as.ts';
import { makeTempDir } from '../temp-dir.ts';
import { ArtifactExistsError } from './errors.ts';
import { createNamer } from './names.ts';
import { runUrl } from './run-url.ts';
import type { ArtifactPlan, ArtifactResult, Installer } from './types.ts';
import { formatSeconds } from '../durations.ts';

export interface ArtifactContext {
  /** The step's: the artifact backend's variables, the temp directory, the run's web page. */
  runner: Pick<RunnerContext, 'env' | 'runnerTemp' | 'serverUrl' | 'runId'>;
  /** `owner/repo`, for the artifact's web URL. */
  repository: string;
  /** The action's one proxy-aware dispatcher, shared with the release's uploads. */
  dispatcher: Dispatcher;
  /** The retry policy of the uploads. */
  retry: RetryRuntime;
  /** Ends every upload in flight (the step's deadline, or a signal). */
  signal?: AbortSignal;
}

export interface ArtifactUploads {
  /** Uploads one installer as its own artifact; throws what stopped it. */
  upload(installer: Installer): Promise<ArtifactResult>;
  /** Removes the links made for renamed artifacts. */
  close(): Promise<void>;
}

/** The artifact backend is only reachable from inside a GitHub Actions job. */
export const artifactBackendMissing = (env: NodeJS.ProcessEnv): string | undefined => {
  if (!env.ACTIONS_RUNTIME_TOKEN) return 'ACTIONS_RUNTIME_TOKEN';
  if (!env.ACTIONS_RESULTS_URL) return 'ACTIONS_RESULTS_URL';
  return undefined;
};

export const artifactUrl = (site: RunSite, repository: string, id: number): string =>
  `${runUrl(site, repository)}/artifacts/${id}`;

/** undefined (said in the log) when this step cannot reach the artifact backend. */
export function openArtifactUploads(
  plan: ArtifactPlan,
  context: ArtifactContext,
): ArtifactUploads | undefined {
  const missing = artifactBackendMissing(context.runner.env);
  if (missing !== undefined) {
    core.info(
      `Workflow artifacts skipped: ${missing} is not set, so this step is not running inside a ` +
        'GitHub Actions job (the artifact service is only reachable from there).',
    );
    return undefined;
  }
  const nameOf = createNamer('artifact-name', plan.nameTemplate);
  let linkDir: string | undefined;
  let opened: ReturnType<typeof open> | undefined;

  return {
    async upload(installer) {
      const name = nameOf(installer);
      const { service, existing, retentionDays } = await (opened ??= open(plan, context));
      if (existing.has(name)) {
        if (plan.onExisting === 'fail') throw new ArtifactExistsError(name);
        core.info(
          `Artifact "${name}" exists from an earlier attempt of this run: deleting it before ` +
            'uploading the new one (artifact-overwrite: true).',
        );
        await deleteArtifact(service, name);
        existing.delete(name);
      }
      const start = Date.now();
      let id: number;
      if (installer.size <= MAX_PUT_BLOB_BYTES) {
        id = await uploadArtifactFile(service, { ...installer, name }, retentionDays);
      } else {
        core.info(
          `Workflow artifact "${name}" is over ${MAX_PUT_BLOB_BYTES / 2 ** 20} MiB, more than ` +
            'one Put Blob takes: uploading it with @actions/artifact, in blocks.',
        );
        linkDir ??= makeTempDir(context.runner.runnerTemp, 'artifacts-');
        id = await uploadWithLibrary(installer, name, linkDir, plan.retentionDays);
      }
      const end = Date.now();
      const url = artifactUrl(context.runner, context.repository, id);
      core.info(
        `${labelOf(installer)}: workflow artifact "${name}" (id ${id}) in ` +
          `${formatSeconds(end - start)}: ${url}`,
      );
      return { buildId: installer.buildId, name, id, url, span: { start, end } };
    },
    close: async () => {
      if (linkDir !== undefined) await rm(linkDir, { recursive: true, force: true });
    },
  };
}

// At the first upload, so a run without artifacts never asks the service anything.
async function open(plan: ArtifactPlan, context: ArtifactContext) {
  const service = artifactServiceOf(context.runner.env, context);
  return {
    service,
    existing: await listArtifactNames(service),
    retentionDays: allowedRetentionDays(plan.retentionDays, context.runner.env),
  };
}

// Loaded only here: the library is several MiB of code, and its client reads process.env itself.
async function uploadWithLibrary(
  installer: Installer,
  name: string,
  linkDir: string,
  retentionDays: number | undefined,
): Promise<number> {
  const file = await artifactSource(installer, name, linkDir);
  const { DefaultArtifactClient } = await import('@actions/artifact');
  const { id } = await new DefaultArtifactClient().uploadArtifact(
    name,
    [file],
    path.dirname(file),
    {
      skipArchive: true,
      retentionDays,
    },
  );
  if (id === undefined) throw new Error(`the artifact service returned no id for "${name}"`);
  return id;
}

// skipArchive names the artifact after the file, so a renamed artifact is a renamed link.
const artifactSource = async (installer: Installer, name: string, linkDir: string) => {
  if (name === installer.fileName) return installer.path;
  const link = path.join(linkDir, name);
  await linkAs(installer.path, link);
  return link;
};
