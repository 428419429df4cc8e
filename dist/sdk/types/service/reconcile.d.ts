import type { FieldProblem } from '../http/answer-shape.ts';
import { type BuildSummary, type CreatedProject, type CreateProjectRequest, type CreateWebhookRequest, type ProjectSummary, type TriggerBuildRequest, type TriggeredBuild, type Webhook } from './schemas.ts';
/**
 * The check of an answer about one resource: its `field` must be the id asked for. `what` names
 * the resource in the problem (`build`, `project`, `webhook`).
 */
export declare const answersFor: <K extends string>(what: string, asked: string, field: K) => (answer: Record<K, string>) => FieldProblem | undefined;
/** The check of a List Builds answer: every build is of the project asked for. */
export declare const buildsOf: (projectId: string) => (list: {
    builds: ReadonlyArray<Pick<BuildSummary, "projectId">>;
}) => FieldProblem | undefined;
/** The check of a Trigger Build answer: a build of the project, platform and arch asked for. */
export declare const triggeredAs: (projectId: string, request: TriggerBuildRequest) => (build: Pick<TriggeredBuild, "projectId" | "platform" | "arch">) => FieldProblem | undefined;
/**
 * The build a trigger whose answer was lost created: one of the target (and version) asked for that
 * `builds` (the service's list now) has and `before` (its ids in the list taken before the trigger)
 * has not; the earliest by the service's own timestamps when there are several.
 */
export declare function findTriggeredBuild(builds: readonly BuildSummary[], request: TriggerBuildRequest, before: ReadonlySet<string>): TriggeredBuild | undefined;
export declare function findCreatedProject(projects: readonly ProjectSummary[], request: CreateProjectRequest, sinceMs: number): CreatedProject | undefined;
export declare function findCreatedWebhook(webhooks: readonly Webhook[], request: CreateWebhookRequest, sinceMs: number): Webhook | undefined;
