// Makes the service's project match a configuration: find it (by id or by name), create it when
// missing, otherwise PATCH only what differs. Shared by the project sub-action and the main action.
import { stepLog } from '../runner/log.ts';
import type { BuildServiceClient } from '../service/client.ts';
import type { CreateProjectRequest, ProjectSummary } from '../service/schemas.ts';
import {
  AmbiguousProjectError,
  IncompleteProjectListError,
  MissingProjectFieldsError,
  ProjectNotAppliedError,
  shownName,
} from './errors.ts';
import { loadProjectConfig } from './load-config.ts';
import type { ProjectConfig } from './project-config.ts';
import { describeChanges, diffProject, type FieldChange } from './project-diff.ts';

export type ProjectClient = Pick<
  BuildServiceClient,
  'listProjects' | 'getProject' | 'createProject' | 'updateProject'
>;

export interface ApplyProjectResult {
  projectId: string;
  action: 'created' | 'updated' | 'unchanged';
  changed: boolean;
  /** What was set (created) or changed (updated); empty when unchanged. */
  changes: FieldChange[];
}

export interface ApplyProjectConfigOptions {
  /** Path of the JSON or YAML file, relative to `workspace` unless absolute. */
  configFile: string;
  workspace: string;
  /** Update this project; without it the project is found by the configured name, or created. */
  projectId?: string;
}

export async function applyProjectConfig(
  client: ProjectClient,
  options: ApplyProjectConfigOptions,
): Promise<ApplyProjectResult> {
  const desired = await loadProjectConfig(options.configFile, options.workspace);
  return applyProject(client, desired, { projectId: options.projectId });
}

export async function applyProject(
  client: ProjectClient,
  desired: ProjectConfig,
  options: { projectId?: string | undefined } = {},
): Promise<ApplyProjectResult> {
  let projectId = options.projectId;
  if (!projectId) {
    if (!desired.name) throw new MissingProjectFieldsError(['name'], 'Without project-id');
    const found = await findProjectByName(client, desired.name);
    if (!found) return createProject(client, desired);
    stepLog.info(`Found project ${found.id} named ${shownName(found.name)}`);
    projectId = found.id;
  }
  const current = await client.getProject(projectId);
  const { patch, changes } = diffProject(desired, current);
  if (changes.length === 0) {
    stepLog.info(`Project ${projectId} already matches the configuration`);
    return { projectId, action: 'unchanged', changed: false, changes };
  }
  await client.updateProject(projectId, patch);
  await checkApplied(client, projectId, desired);
  stepLog.info(`Updated project ${projectId}: ${describeChanges(changes)}`);
  return { projectId, action: 'updated', changed: true, changes };
}

/** The one project with exactly this name, if any. */
export async function findProjectByName(
  client: Pick<ProjectClient, 'listProjects'>,
  name: string,
): Promise<ProjectSummary | undefined> {
  const { projects, total } = await client.listProjects();
  const matches = projects.filter((project) => project.name === name);
  if (matches.length > 1) {
    throw new AmbiguousProjectError(
      name,
      matches.map((project) => project.id),
    );
  }
  if (matches.length === 0 && total > projects.length) {
    throw new IncompleteProjectListError(name, projects.length, total);
  }
  return matches[0];
}

async function createProject(
  client: ProjectClient,
  desired: ProjectConfig,
): Promise<ApplyProjectResult> {
  const { name, url, platforms, ...config } = desired;
  if (!name || !url || !platforms) {
    const missing = (['name', 'url', 'platforms'] as const).filter((key) => !desired[key]);
    throw new MissingProjectFieldsError(
      missing,
      `To create a project named ${shownName(name ?? '')}`,
    );
  }
  const body: CreateProjectRequest = { name, url, platforms };
  if (Object.values(config).some((value) => value !== undefined)) body.config = config;
  const created = await client.createProject(body);
  // `config` beyond `window` is not documented (spec §2.1): set what creation did not take.
  const { patch, changes } = diffProject(desired, await client.getProject(created.id));
  if (changes.length > 0) {
    stepLog.info(`The service did not take ${describeChanges(changes)} on creation; updating`);
    await client.updateProject(created.id, patch);
    await checkApplied(client, created.id, desired);
  }
  stepLog.info(`Created project ${created.id} ${shownName(name)}`);
  return {
    projectId: created.id,
    action: 'created',
    changed: true,
    changes: diffProject(desired, {}).changes,
  };
}

/** Reads the project back: a service may answer 200 to a PATCH field it ignores. */
async function checkApplied(
  client: ProjectClient,
  projectId: string,
  desired: ProjectConfig,
): Promise<void> {
  const { changes } = diffProject(desired, await client.getProject(projectId));
  if (changes.length > 0) {
    throw new ProjectNotAppliedError(
      projectId,
      changes.map((change) => change.field),
    );
  }
}
