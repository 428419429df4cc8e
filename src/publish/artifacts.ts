// Workflow artifacts: one unzipped artifact per installer, uploaded as each installer arrives,
// streamed from disk (artifact-upload.ts). @actions/artifact v6 uploads only the rare installer
// too big for one Put Blob, and every one with artifact-uploader: library (bench/README.md,
// "Why our own artifact client"). None on GitHub Enterprise Server, which has no artifact service.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { stepLog } from '../runner/log.ts';
import type { Dispatcher } from 'undici';
import type { RetryRuntime } from '../http/retry.ts';
import type { RunnerContext, RunSite } from '../runner/context.ts';
import { labelOf } from '../builds/result.ts';
import {
  artifactServiceOf,
  deleteArtifact,
  listArtifactNames,
} from '../github/artifact-service.ts';
import {
  allowedRetentionDays,
  MAX_PUT_BLOB_BYTES,
  uploadArtifactFile,
} from '../github/artifact-upload.ts';
import { IncompleteAnswerError, LostCreateArtifactError } from '../github/errors.ts';
import { linkAs } from './link-as.ts';
import { makeTempDir } from '../runner/temp-dir.ts';
import { ArtifactExistsError } from './errors.ts';
import { createNamer } from './names.ts';
import { runUrl } from '../runner/run-url.ts';
import type { ArtifactPlan, ArtifactResult, Installer } from './types.ts';
import { formatSeconds } from '../text/durations.ts';
import { commandText } from '../text/escape.ts';

export interface ArtifactContext {
  /** The step's: the artifact backend's variables, the temp directory, the run's web page. */
  runner: Pick<RunnerContext, 'env' | 'runnerTemp' | 'serverUrl' | 'runId' | 'enterpriseServer'>;
  /** `owner/repo`, for the artifact's web URL. */
  repository: string;
  /** The action's one proxy-aware dispatcher, shared with the release's uploads. */
  dispatcher: Dispatcher;
  /** The retry policy of the uploads, and the clock of their waits and timings. */
  retry: RetryRuntime;
  /** Ends every upload in flight (the step's deadline, or a signal). */
  signal?: AbortSignal;
}

/** The artifact backend is only reachable from inside a GitHub Actions job. */
export const artifactBackendMissing = (env: NodeJS.ProcessEnv): string | undefined => {
  if (!env.ACTIONS_RUNTIME_TOKEN) return 'ACTIONS_RUNTIME_TOKEN';
  if (!env.ACTIONS_RESULTS_URL) return 'ACTIONS_RESULTS_URL';
  return undefined;
};

export const artifactUrl = (site: RunSite, repository: string, id: number): string =>
  `${runUrl(site, repository)}/artifacts/${id}`;

/** Says why this step uploads no workflow artifacts, when it does not; false when it can. */
function saidSkipped(runner: ArtifactContext['runner']): boolean {
  if (runner.enterpriseServer) {
    const host = commandText(new URL(runner.serverUrl).host, 100);
    stepLog.notice(
      `Workflow artifacts skipped: this run is on GitHub Enterprise Server (${host}), which has ` +
        'no artifact service for them (artifacts v4; @actions/artifact and upload-artifact v4 ' +
        'refuse it too). Publishing goes on without them; set upload-artifacts: false to drop ' +
        'this notice.',
      { title: 'GitHub Enterprise Server: no workflow artifacts' },
    );
    return true;
  }
  const missing = artifactBackendMissing(runner.env);
  if (missing === undefined) return false;
  stepLog.info(
    `Workflow artifacts skipped: ${missing} is not set, so this step is not running inside a ` +
      'GitHub Actions job (the artifact service is only reachable from there).',
  );
  return true;
}

/** How artifacts reach the service: our streamed client, or @actions/artifact itself. */
interface ArtifactWay {
  /** Names of the run's artifacts when it was opened. */
  existing: Set<string>;
  delete(name: string): Promise<void>;
  upload(installer: Installer, name: string): Promise<number>;
}

/** undefined (said in the log) when this step does not upload workflow artifacts. */
export function openArtifactUploads(
  plan: ArtifactPlan,
  context: ArtifactContext,
): ArtifactUploads | undefined {
  return saidSkipped(context.runner) ? undefined : new ArtifactUploads(plan, context);
}

/** One unzipped workflow artifact per installer; the service is first asked at the first upload. */
export class ArtifactUploads {
  readonly #plan: ArtifactPlan;
  readonly #context: ArtifactContext;
  readonly #nameOf: (installer: Installer) => string;
  /** The folder of the links made for renamed artifacts, once one is made. */
  readonly #links: { dir?: string } = {};
  #opened: Promise<ArtifactWay> | undefined;

  constructor(plan: ArtifactPlan, context: ArtifactContext) {
    this.#plan = plan;
    this.#context = context;
    this.#nameOf = createNamer('artifact-name', plan.nameTemplate);
  }

  /** Uploads one installer as its own artifact; throws what stopped it. */
  async upload(installer: Installer): Promise<ArtifactResult> {
    const plan = this.#plan;
    const context = this.#context;
    const name = this.#nameOf(installer);
    const way = await (this.#opened ??=
      plan.uploader === 'library'
        ? openLibrary(plan, context, this.#links)
        : openStreamed(plan, context, this.#links));
    if (way.existing.has(name)) {
      if (plan.onExisting === 'fail') throw new ArtifactExistsError(name);
      stepLog.info(
        `Artifact "${name}" exists from an earlier attempt of this run: deleting it before ` +
          'uploading the new one (artifact-overwrite: true).',
      );
      await way.delete(name);
      way.existing.delete(name);
    }
    const start = context.retry.now();
    const id = await way.upload(installer, name).catch((error: unknown) => {
      // The installer stays reachable: say where it is.
      if (!(error instanceof LostCreateArtifactError)) throw error;
      throw new LostCreateArtifactError(name, installer.path);
    });
    const end = context.retry.now();
    const url = artifactUrl(context.runner, context.repository, id);
    stepLog.info(
      `${labelOf(installer)}: workflow artifact "${name}" (id ${id}) in ` +
        `${formatSeconds(end - start)}: ${url}`,
    );
    return { buildId: installer.buildId, name, id, url, span: { start, end } };
  }

  /** Removes the links made for renamed artifacts. */
  async close(): Promise<void> {
    if (this.#links.dir !== undefined) await rm(this.#links.dir, { recursive: true, force: true });
  }
}

// At the first upload, so a run without artifacts never asks the service anything.
async function openStreamed(
  plan: ArtifactPlan,
  context: ArtifactContext,
  links: { dir?: string },
): Promise<ArtifactWay> {
  const service = artifactServiceOf(context.runner.env, context);
  const retentionDays = allowedRetentionDays(plan.retentionDays, context.runner.env);
  return {
    existing: await listArtifactNames(service),
    delete: (name) => deleteArtifact(service, name),
    async upload(installer, name) {
      if (installer.size <= MAX_PUT_BLOB_BYTES) {
        return uploadArtifactFile(service, { ...installer, name }, retentionDays);
      }
      stepLog.info(
        `Workflow artifact "${name}" is over ${MAX_PUT_BLOB_BYTES / 2 ** 20} MiB, more than ` +
          'one Put Blob takes: uploading it with @actions/artifact, in blocks.',
      );
      return uploadWithLibrary(installer, name, linkDirOf(context, links), plan.retentionDays);
    },
  };
}

/** artifact-uploader: library, the way back to GitHub's own client for every call. */
async function openLibrary(
  plan: ArtifactPlan,
  context: ArtifactContext,
  links: { dir?: string },
): Promise<ArtifactWay> {
  stepLog.info(
    'Workflow artifacts: uploading with @actions/artifact (artifact-uploader: library).',
  );
  const client = await libraryClient();
  const { artifacts } = await client.listArtifacts();
  return {
    existing: new Set(artifacts.map((artifact) => artifact.name)),
    delete: async (name) => {
      await client.deleteArtifact(name);
    },
    upload: (installer, name) =>
      uploadWithLibrary(installer, name, linkDirOf(context, links), plan.retentionDays),
  };
}

const linkDirOf = (context: ArtifactContext, links: { dir?: string }): string =>
  (links.dir ??= makeTempDir(context.runner.runnerTemp, 'artifacts-'));

// Loaded only here: the library is several MiB of code, and its client reads process.env itself.
const libraryClient = async () => {
  const { DefaultArtifactClient } = await import('@actions/artifact');
  return new DefaultArtifactClient();
};

async function uploadWithLibrary(
  installer: Installer,
  name: string,
  linkDir: string,
  retentionDays: number | undefined,
): Promise<number> {
  const file = await artifactSource(installer, name, linkDir);
  const { id } = await (
    await libraryClient()
  ).uploadArtifact(name, [file], path.dirname(file), {
    skipArchive: true,
    retentionDays,
  });
  if (id === undefined) {
    throw new IncompleteAnswerError(
      `the upload of artifact "${commandText(name, 300)}"`,
      'an artifact id',
    );
  }
  return id;
}

// skipArchive names the artifact after the file, so a renamed artifact is a renamed link.
const artifactSource = async (installer: Installer, name: string, linkDir: string) => {
  if (name === installer.fileName) return installer.path;
  const link = path.join(linkDir, name);
  await linkAs(installer.path, link);
  return link;
};
