// Workflow artifacts: one unzipped artifact per installer through @actions/artifact v6.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import * as core from '@actions/core';
import { linkAs } from './link-as.ts';
import { makeTempDir } from '../temp-dir.ts';
import { ArtifactExistsError } from './errors.ts';
import { renderNames } from './names.ts';
import { runUrl } from './run-url.ts';
import type { ArtifactPlan, ArtifactResult, Installer } from './types.ts';
import { asError } from '../errors.ts';

export interface ArtifactContext {
  env: NodeJS.ProcessEnv;
  /** `owner/repo`, for the artifact's web URL. */
  repository: string;
}

export interface ArtifactOutcome {
  results: ArtifactResult[];
  failures: Error[];
}

/** The artifact backend is only reachable from inside a GitHub Actions job. */
export const artifactBackendMissing = (env: NodeJS.ProcessEnv): string | undefined => {
  if (!env.ACTIONS_RUNTIME_TOKEN) return 'ACTIONS_RUNTIME_TOKEN';
  if (!env.ACTIONS_RESULTS_URL) return 'ACTIONS_RESULTS_URL';
  return undefined;
};

export const artifactUrl = (env: NodeJS.ProcessEnv, repository: string, id: number): string =>
  `${runUrl(env, repository)}/artifacts/${id}`;

export const uploadArtifacts = async (
  plan: ArtifactPlan,
  installers: readonly Installer[],
  context: ArtifactContext,
): Promise<ArtifactOutcome> => {
  const missing = artifactBackendMissing(context.env);
  if (missing !== undefined) {
    core.info(
      `Workflow artifacts skipped: ${missing} is not set, so this step is not running inside a ` +
        'GitHub Actions job (the artifact service is only reachable from there).',
    );
    return { results: [], failures: [] };
  }
  if (installers.length === 0) return { results: [], failures: [] };
  const names = renderNames('artifact-name', plan.nameTemplate, installers);
  // Loaded here so runs without artifacts never pay for the artifact client's code.
  const { DefaultArtifactClient } = await import('@actions/artifact');
  const client = new DefaultArtifactClient();
  const existing = new Set((await client.listArtifacts()).artifacts.map((a) => a.name));
  // skipArchive names the artifact after the file, so a renamed artifact is a renamed link.
  const linkDir = makeTempDir(context.env.RUNNER_TEMP, 'artifacts-');
  const results: ArtifactResult[] = [];
  const failures: Error[] = [];
  try {
    for (const installer of installers) {
      const name = names.get(installer) ?? installer.fileName;
      try {
        if (existing.has(name)) {
          if (plan.onExisting === 'fail') throw new ArtifactExistsError(name);
          core.info(
            `Artifact "${name}" exists from an earlier attempt of this run: deleting it before ` +
              'uploading the new one (artifact-overwrite: true).',
          );
          await client.deleteArtifact(name);
        }
        const file = await artifactSource(installer, name, linkDir);
        const start = Date.now();
        const { id } = await client.uploadArtifact(name, [file], path.dirname(file), {
          skipArchive: true,
          retentionDays: plan.retentionDays,
        });
        if (id === undefined) throw new Error(`the artifact service returned no id for "${name}"`);
        const url = artifactUrl(context.env, context.repository, id);
        core.info(`Artifact "${name}" uploaded (id ${id}): ${url}`);
        results.push({
          buildId: installer.buildId,
          name,
          id,
          url,
          span: { start, end: Date.now() },
        });
      } catch (error) {
        const failure = asError(error);
        core.info(
          `Failed: artifact "${name}" (${installer.platform}/${installer.arch}): ${failure.message}`,
        );
        failures.push(failure);
      }
    }
  } finally {
    await rm(linkDir, { recursive: true, force: true });
  }
  return { results, failures };
};

const artifactSource = async (installer: Installer, name: string, linkDir: string) => {
  if (name === installer.fileName) return installer.path;
  const link = path.join(linkDir, name);
  await linkAs(installer.path, link);
  return link;
};
