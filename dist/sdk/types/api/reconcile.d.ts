import { type BuildSummary, type CreatedProject, type CreateProjectRequest, type CreateWebhookRequest, type ProjectSummary, type TriggerBuildRequest, type TriggeredBuild, type Webhook } from './schemas.ts';
export declare const CLOCK_SKEW_MS = 5000;
export declare function createdSince(createdAt: string, sinceMs: number): boolean;
export declare function findTriggeredBuild(builds: readonly BuildSummary[], request: TriggerBuildRequest, sinceMs: number): TriggeredBuild | undefined;
export declare function findCreatedProject(projects: readonly ProjectSummary[], request: CreateProjectRequest, sinceMs: number): CreatedProject | undefined;
export declare function findCreatedWebhook(webhooks: readonly Webhook[], request: CreateWebhookRequest, sinceMs: number): Webhook | undefined;
