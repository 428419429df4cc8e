// BuildServiceClient: one method per endpoint of the service (spec §4), typed, validated (see
// schemas.ts), bounded in size and time (transport.ts), and checked to be about what was asked.
import { randomUUID } from 'node:crypto';
import {
  LOG_ENDPOINT,
  MAX_LOG_ANSWER_BYTES,
  parseLogEntries,
  readLogEntries,
  type LogRead,
  type LogStreamOptions,
} from './log-stream.ts';
import { downloadArtifact, type DownloadedArtifact, type DownloadOptions } from './download.ts';
import {
  answersFor,
  buildsOf,
  findCreatedProject,
  findCreatedWebhook,
  findTriggeredBuild,
  triggeredAs,
} from './reconcile.ts';
import {
  defaultRetryRuntime,
  type AttemptResult,
  type RetryEvent,
  type RetryPolicy,
} from '../http/retry.ts';
import {
  Build,
  BuildList,
  BuildLogs,
  CreatedProject,
  DeletedProject,
  DeletedWebhook,
  Project,
  ProjectList,
  TriggeredBuild,
  UpdatedProject,
  Webhook,
  WebhookList,
  type CreateProjectRequest,
  type CreateWebhookRequest,
  type Deleted,
  type TriggerBuildRequest,
  type UpdateProjectRequest,
} from './schemas.ts';
import { DEFAULT_USER_AGENT } from '../http/user-agent.ts';
import { Transport, type CallOptions, type JsonRequest, type StreamResponse } from './transport.ts';
import { ActionError, asError, messageOf } from '../shared/errors.ts';
import { REQUEST_TIMEOUT_MS } from '../shared/timing.ts';

export type { CallOptions };

/**
 * The ids of the project's builds before a trigger, or why they could not be listed (a list the
 * client refuses, a service that failed): then a trigger whose answer is lost is not sent again,
 * since which build is ours cannot be told.
 */
export type BuildsBefore = ReadonlySet<string> | { unlisted: Error };

export interface TriggerOptions extends CallOptions {
  /**
   * The project's builds listed before this trigger (one list can serve several triggers);
   * without them, the trigger lists the project's builds itself first.
   */
  knownBuildIds?: BuildsBefore;
}

/**
 * Every build id a list holds, the ids of entries the client cannot read included: after a lost
 * trigger answer, none of them may be taken for the build it made.
 */
export const listedIds = (list: Pick<BuildList, 'builds' | 'unreadable'>): Set<string> =>
  new Set([
    ...list.builds.map((build) => build.id),
    ...list.unreadable.flatMap((entry) => (entry.id === undefined ? [] : [entry.id])),
  ]);

/** The ids of the project's builds now, or why they could not be listed; a stop is thrown. */
export async function listBuildIds(
  client: Pick<BuildServiceClient, 'listBuilds'>,
  projectId: string,
  signal?: AbortSignal,
): Promise<BuildsBefore> {
  try {
    return listedIds(await client.listBuilds(projectId, { signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    return { unlisted: asError(error) };
  }
}

export { DEFAULT_USER_AGENT };
/** The bound of one request when ClientOptions.timeoutMs is not given. */
export const DEFAULT_TIMEOUT_MS = REQUEST_TIMEOUT_MS;

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** Default `desktop-build-action/<version>`. */
  userAgent?: string;
  /**
   * Per request (for downloads: per wait for headers or for the next bytes), shortened to the
   * time left before `deadline`. Default DEFAULT_TIMEOUT_MS (30 s).
   */
  timeoutMs?: number;
  /** Epoch ms when the caller's time is up: no retry waits past it, no request outlives it. */
  deadline?: number;
  retry?: Partial<RetryPolicy>;
  /** Told about every retry before its delay starts. */
  onRetry?: (event: RetryEvent) => void;
  /** CAs to trust instead of the system's (tests; users set NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer;
}

const id = (value: string): string => encodeURIComponent(value);

/** A trigger's answer was lost, and the build list before it could not be read to tell. */
export class UnknownTriggerOutcomeError extends ActionError {
  readonly projectId: string;
  constructor(projectId: string, cause: Error) {
    super(
      `The answer to a trigger of project ${projectId} was lost, and the project's build list ` +
        `could not be read before it (${messageOf(cause)}), so which build it made cannot be ` +
        'told; it was not sent again, so as not to make a second build. Re-run the job.',
    );
    this.projectId = projectId;
  }
}

const buildRequest = (buildId: string): JsonRequest<Build> => ({
  method: 'GET',
  endpoint: 'GET /builds/:buildId',
  path: `/builds/${id(buildId)}`,
  schema: Build,
  resourceId: buildId,
  check: answersFor('build', buildId, 'id'),
});

export class BuildServiceClient {
  readonly #transport: Transport;

  constructor(options: ClientOptions) {
    this.#transport = new Transport({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      runtime: defaultRetryRuntime(options.retry, {
        deadline: options.deadline,
        onRetry: options.onRetry,
      }),
      ca: options.ca,
    });
  }

  listProjects(options: CallOptions = {}): Promise<ProjectList> {
    return this.#transport.json(
      { method: 'GET', endpoint: 'GET /projects', path: '/projects', schema: ProjectList },
      options.signal,
    );
  }

  getProject(projectId: string, options: CallOptions = {}): Promise<Project> {
    return this.#transport.json(
      {
        method: 'GET',
        endpoint: 'GET /projects/:projectId',
        path: `/projects/${id(projectId)}`,
        schema: Project,
        resourceId: projectId,
        check: answersFor('project', projectId, 'id'),
      },
      options.signal,
    );
  }

  /** Sent with an Idempotency-Key; after a lost answer, adopts the matching new project. */
  createProject(body: CreateProjectRequest, options: CallOptions = {}): Promise<CreatedProject> {
    const since = Date.now();
    return this.#transport.json(
      {
        method: 'POST',
        endpoint: 'POST /projects',
        path: '/projects',
        schema: CreatedProject,
        body,
        idempotencyKey: randomUUID(),
        reconcile: async () =>
          findCreatedProject((await this.listProjects(options)).projects, body, since),
      },
      options.signal,
    );
  }

  updateProject(
    projectId: string,
    patch: UpdateProjectRequest,
    options: CallOptions = {},
  ): Promise<UpdatedProject> {
    return this.#transport.json(
      {
        method: 'PATCH',
        endpoint: 'PATCH /projects/:projectId',
        path: `/projects/${id(projectId)}`,
        schema: UpdatedProject,
        body: patch,
        resourceId: projectId,
        check: answersFor('project', projectId, 'id'),
      },
      options.signal,
    );
  }

  /** Irreversible: deletes the project with all its builds and artifacts. */
  deleteProject(projectId: string, options: CallOptions = {}): Promise<Deleted> {
    return this.#transport.json(
      {
        method: 'DELETE',
        endpoint: 'DELETE /projects/:projectId',
        path: `/projects/${id(projectId)}`,
        schema: DeletedProject,
        resourceId: projectId,
        check: answersFor('project', projectId, 'id'),
      },
      options.signal,
    );
  }

  listBuilds(projectId: string, options: CallOptions = {}): Promise<BuildList> {
    return this.#transport.json(
      {
        method: 'GET',
        endpoint: 'GET /projects/:projectId/builds',
        path: `/projects/${id(projectId)}/builds`,
        schema: BuildList,
        resourceId: projectId,
        check: buildsOf(projectId),
      },
      options.signal,
    );
  }

  getBuild(buildId: string, options: CallOptions = {}): Promise<Build> {
    return this.#transport.json(buildRequest(buildId), options.signal);
  }

  /** One Get Build, not retried: its failure classified, for a caller that paces its own retries. */
  getBuildOnce(buildId: string, options: CallOptions = {}): Promise<AttemptResult<Build>> {
    return this.#transport.jsonAttempt(buildRequest(buildId), options.signal);
  }

  /**
   * Not idempotent on the service's side: every attempt carries the same Idempotency-Key, and
   * before re-sending after an attempt whose outcome is unknown (lost answer, timeout, 5xx,
   * unparsable body) the build list is consulted, so a lost answer never yields a second build.
   * A build of the target that the list taken before the trigger did not have is ours: the
   * service's own view, never its clock compared with the runner's.
   */
  async triggerBuild(
    projectId: string,
    body: TriggerBuildRequest,
    options: TriggerOptions = {},
  ): Promise<TriggeredBuild> {
    const before = options.knownBuildIds ?? (await listBuildIds(this, projectId, options.signal));
    return this.#transport.json(
      {
        method: 'POST',
        endpoint: 'POST /projects/:projectId/builds',
        path: `/projects/${id(projectId)}/builds`,
        schema: TriggeredBuild,
        body,
        resourceId: projectId,
        check: triggeredAs(projectId, body),
        idempotencyKey: randomUUID(),
        reconcile: async () => {
          if ('unlisted' in before)
            throw new UnknownTriggerOutcomeError(projectId, before.unlisted);
          const { builds } = await this.listBuilds(projectId, { signal: options.signal });
          return findTriggeredBuild(builds, body, before);
        },
      },
      options.signal,
    );
  }

  getBuildLogs(buildId: string, options: CallOptions = {}): Promise<BuildLogs> {
    return this.#transport.json(
      {
        method: 'GET',
        endpoint: 'GET /builds/:buildId/logs',
        path: `/builds/${id(buildId)}/logs`,
        schema: BuildLogs,
        resourceId: buildId,
        check: answersFor('build', buildId, 'buildId'),
      },
      options.signal,
    );
  }

  /**
   * Reads a build's log as it streams: entries from `options.from()` on go to `options.onEntry`
   * one by one; an answer with the length and sha256 of `options.last` is the same log and is not
   * parsed. See log-stream.ts.
   */
  async readBuildLog(buildId: string, options: LogStreamOptions & CallOptions): Promise<LogRead> {
    const read = <T>(take: (response: StreamResponse) => Promise<T>) =>
      this.#transport.stream(
        {
          endpoint: LOG_ENDPOINT,
          path: `/builds/${id(buildId)}/logs`,
          resourceId: buildId,
          maxBytes: MAX_LOG_ANSWER_BYTES,
          read: take,
        },
        options.signal,
      );
    const answer = await read((response) => readLogEntries(response, buildId, options));
    if (answer.changed !== 'rewritten') return answer;
    // As long as the last answer, other bytes: rewritten in place; only a parse says how.
    return read((response) => parseLogEntries(response, buildId, options));
  }

  /** Streams the artifact into `options.directory`; see download.ts. */
  downloadArtifact(buildId: string, options: DownloadOptions): Promise<DownloadedArtifact> {
    return downloadArtifact(this.#transport, buildId, options);
  }

  /** Sent with an Idempotency-Key; after a lost answer, adopts the matching new webhook. */
  createWebhook(body: CreateWebhookRequest, options: CallOptions = {}): Promise<Webhook> {
    const since = Date.now();
    return this.#transport.json(
      {
        method: 'POST',
        endpoint: 'POST /webhooks',
        path: '/webhooks',
        schema: Webhook,
        body,
        idempotencyKey: randomUUID(),
        reconcile: async () =>
          findCreatedWebhook((await this.listWebhooks(options)).webhooks, body, since),
      },
      options.signal,
    );
  }

  listWebhooks(options: CallOptions = {}): Promise<WebhookList> {
    return this.#transport.json(
      { method: 'GET', endpoint: 'GET /webhooks', path: '/webhooks', schema: WebhookList },
      options.signal,
    );
  }

  deleteWebhook(webhookId: string, options: CallOptions = {}): Promise<Deleted> {
    return this.#transport.json(
      {
        method: 'DELETE',
        endpoint: 'DELETE /webhooks/:webhookId',
        path: `/webhooks/${id(webhookId)}`,
        schema: DeletedWebhook,
        resourceId: webhookId,
        check: answersFor('webhook', webhookId, 'id'),
      },
      options.signal,
    );
  }

  /** Closes the kept-alive connections. */
  close(): Promise<void> {
    return this.#transport.close();
  }
}
