import { type LogRead, type LogStreamOptions } from './log-stream.ts';
import { type DownloadedArtifact, type DownloadOptions } from './download.ts';
import { type RetryEvent, type RetryPolicy } from './retry.ts';
import { Build, BuildList, BuildLogs, CreatedProject, Project, ProjectList, TriggeredBuild, UpdatedProject, Webhook, WebhookList, type CreateProjectRequest, type CreateWebhookRequest, type Deleted, type TriggerBuildRequest, type UpdateProjectRequest } from './schemas.ts';
export declare const DEFAULT_USER_AGENT: string;
export declare const DEFAULT_TIMEOUT_MS = 30000;
export interface ClientOptions {
    baseUrl: string;
    apiKey: string;
    /** Default `desktop-build-action/<version>`. */
    userAgent?: string;
    /**
     * Per request (for downloads: per wait for headers or for the next bytes), shortened to the
     * time left before `deadline`. Default 30 s.
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
export interface CallOptions {
    signal?: AbortSignal;
}
export declare class BuildServiceClient {
    #private;
    constructor(options: ClientOptions);
    listProjects(o?: CallOptions): Promise<ProjectList>;
    getProject(projectId: string, o?: CallOptions): Promise<Project>;
    /** Sent with an Idempotency-Key; after a lost answer, adopts the matching new project. */
    createProject(body: CreateProjectRequest, o?: CallOptions): Promise<CreatedProject>;
    updateProject(projectId: string, patch: UpdateProjectRequest, o?: CallOptions): Promise<UpdatedProject>;
    /** Irreversible: deletes the project with all its builds and artifacts. */
    deleteProject(projectId: string, o?: CallOptions): Promise<Deleted>;
    listBuilds(projectId: string, o?: CallOptions): Promise<BuildList>;
    getBuild(buildId: string, o?: CallOptions): Promise<Build>;
    /**
     * Not idempotent on the service's side: every attempt carries the same Idempotency-Key, and
     * before re-sending after an attempt whose outcome is unknown (lost answer, timeout, 5xx,
     * unparsable body) the build list is consulted, so a lost answer never yields a second build.
     */
    triggerBuild(projectId: string, body: TriggerBuildRequest, o?: CallOptions): Promise<TriggeredBuild>;
    getBuildLogs(buildId: string, o?: CallOptions): Promise<BuildLogs>;
    /**
     * Reads a build's log as it streams: entries from `o.from()` on go to `o.onEntry` one by one;
     * an answer as long as `o.lastBytes` is the same log and is not parsed. See log-stream.ts.
     */
    readBuildLog(buildId: string, o: LogStreamOptions & CallOptions): Promise<LogRead>;
    /** Streams the artifact into `o.directory`; see download.ts. */
    downloadArtifact(buildId: string, o: DownloadOptions): Promise<DownloadedArtifact>;
    /** Sent with an Idempotency-Key; after a lost answer, adopts the matching new webhook. */
    createWebhook(body: CreateWebhookRequest, o?: CallOptions): Promise<Webhook>;
    listWebhooks(o?: CallOptions): Promise<WebhookList>;
    deleteWebhook(webhookId: string, o?: CallOptions): Promise<Deleted>;
    /** Closes the kept-alive connections. */
    close(): Promise<void>;
}
