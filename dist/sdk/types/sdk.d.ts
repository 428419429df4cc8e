export { BuildServiceClient, DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT, type CallOptions, type ClientOptions, } from './service/client.ts';
export type { DownloadedArtifact, DownloadOptions } from './service/download.ts';
export { ApiError, ApiKeyRefusedError, DownloadError, NetworkError, NotFoundError, ResponseShapeError, ResponseTooLargeError, TimeoutError, } from './service/errors.ts';
export type { RetryEvent, RetryPolicy } from './http/retry.ts';
export { ARCHES, BUILD_STATUSES, BuildEventData, EVENT_TYPES, PLATFORMS, ProjectEventData, WebhookEvent, type Arch, type Build, type BuildList, type BuildLogs, type BuildStatus, type BuildSummary, type CreatedProject, type CreateProjectRequest, type CreateWebhookRequest, type Deleted, type EventType, type LogEntry, type Platform, type Project, type ProjectList, type ProjectSummary, type TriggerBuildRequest, type TriggeredBuild, type UpdatedProject, type UpdateProjectRequest, type Webhook, type WebhookList, } from './service/schemas.ts';
export { signPayload, verifySignature, WebhookBodyError, WebhookSecretError, } from './webhooks/signature.ts';
