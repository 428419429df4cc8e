import { type LogRead, type LogStreamOptions } from './log-stream.ts';
import { type DownloadedArtifact, type DownloadOptions } from './download.ts';
import { type AttemptResult, type RetryEvent, type RetryPolicy } from '../http/retry.ts';
import { Build, BuildList, BuildLogs, CreatedProject, Project, ProjectList, TriggeredBuild, UpdatedProject, Webhook, WebhookList, type CreateProjectRequest, type CreateWebhookRequest, type Deleted, type TriggerBuildRequest, type UpdateProjectRequest } from './schemas.ts';
import { DEFAULT_USER_AGENT } from '../http/user-agent.ts';
import { type CallOptions } from './transport.ts';
import { ActionError } from '../shared/errors.ts';
export type { CallOptions };
/**
 * The ids of the project's builds before a trigger, or why they could not be listed (a list the
 * client refuses, a service that failed): then a trigger whose answer is lost is not sent again,
 * since which build is ours cannot be told.
 */
export type BuildsBefore = ReadonlySet<string> | {
    unlisted: Error;
};
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
export declare const listedIds: (list: Pick<BuildList, "builds" | "unreadable">) => Set<string>;
/** The ids of the project's builds now, or why they could not be listed; a stop is thrown. */
export declare function listBuildIds(client: Pick<BuildServiceClient, 'listBuilds'>, projectId: string, signal?: AbortSignal): Promise<BuildsBefore>;
export { DEFAULT_USER_AGENT };
/** The bound of one request when ClientOptions.timeoutMs is not given. */
export declare const DEFAULT_TIMEOUT_MS: number;
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
/** A trigger's answer was lost, and the build list before it could not be read to tell. */
export declare class UnknownTriggerOutcomeError extends ActionError {
    readonly projectId: string;
    constructor(projectId: string, cause: Error);
}
export declare class BuildServiceClient {
    #private;
    constructor(options: ClientOptions);
    listProjects(options?: CallOptions): Promise<ProjectList>;
    getProject(projectId: string, options?: CallOptions): Promise<Project>;
    /** Sent with an Idempotency-Key; after a lost answer, adopts the matching new project. */
    createProject(body: CreateProjectRequest, options?: CallOptions): Promise<CreatedProject>;
    updateProject(projectId: string, patch: UpdateProjectRequest, options?: CallOptions): Promise<UpdatedProject>;
    /** Irreversible: deletes the project with all its builds and artifacts. */
    deleteProject(projectId: string, options?: CallOptions): Promise<Deleted>;
    listBuilds(projectId: string, options?: CallOptions): Promise<BuildList>;
    getBuild(buildId: string, options?: CallOptions): Promise<Build>;
    /** One Get Build, not retried: its failure classified, for a caller that paces its own retries. */
    getBuildOnce(buildId: string, options?: CallOptions): Promise<AttemptResult<Build>>;
    /**
     * Not idempotent on the service's side: every attempt carries the same Idempotency-Key, and
     * before re-sending after an attempt whose outcome is unknown (lost answer, timeout, 5xx,
     * unparsable body) the build list is consulted, so a lost answer never yields a second build.
     * A build of the target that the list taken before the trigger did not have is ours: the
     * service's own view, never its clock compared with the runner's.
     */
    triggerBuild(projectId: string, body: TriggerBuildRequest, options?: TriggerOptions): Promise<TriggeredBuild>;
    getBuildLogs(buildId: string, options?: CallOptions): Promise<BuildLogs>;
    /**
     * Reads a build's log as it streams: entries from `options.from()` on go to `options.onEntry`
     * one by one; an answer with the length and sha256 of `options.last` is the same log and is not
     * parsed. See log-stream.ts.
     */
    readBuildLog(buildId: string, options: LogStreamOptions & CallOptions): Promise<LogRead>;
    /** Streams the artifact into `options.directory`; see download.ts. */
    downloadArtifact(buildId: string, options: DownloadOptions): Promise<DownloadedArtifact>;
    /** Sent with an Idempotency-Key; after a lost answer, adopts the matching new webhook. */
    createWebhook(body: CreateWebhookRequest, options?: CallOptions): Promise<Webhook>;
    listWebhooks(options?: CallOptions): Promise<WebhookList>;
    deleteWebhook(webhookId: string, options?: CallOptions): Promise<Deleted>;
    /** Closes the kept-alive connections. */
    close(): Promise<void>;
}
