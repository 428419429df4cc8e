// Deletes a project (e.g. an ephemeral preview), saying what went with it. A project that is already
// gone is not an error, so a cleanup job can be re-run.
import { stepLog } from '../runner/log.ts';
import type { BuildServiceClient } from '../service/client.ts';
import { NotFoundError } from '../service/errors.ts';
import { findProjectByName } from '../config/apply-project.ts';
import { shownName } from '../config/errors.ts';
import { commandText } from '../text/escape.ts';

export type DeleteClient = Pick<
  BuildServiceClient,
  'listProjects' | 'getProject' | 'listBuilds' | 'deleteProject'
>;

/** A project id, or else the project's name. */
export type DeleteTarget =
  { projectId: string; name?: undefined } | { projectId?: undefined; name: string };

export interface DeleteResult {
  /** The deleted project; undefined when there was nothing to delete. */
  projectId: string | undefined;
  deleted: boolean;
}

export async function deleteProject(
  client: DeleteClient,
  target: DeleteTarget,
): Promise<DeleteResult> {
  const projectId = target.projectId ?? (await idByName(client, target.name));
  if (!projectId) return { projectId: undefined, deleted: false };
  try {
    const project = await client.getProject(projectId);
    const { total: builds } = await client.listBuilds(projectId);
    await client.deleteProject(projectId);
    stepLog.info(
      `Deleted project ${project.id} ${shownName(project.name)} (${commandText(project.url)}, platforms ${project.platforms.join(', ')}) ` +
        `with its ${builds} build${builds === 1 ? '' : 's'} and their artifacts`,
    );
    return { projectId, deleted: true };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    stepLog.info(`Project ${projectId} does not exist (already deleted?); nothing to delete`);
    return { projectId: undefined, deleted: false };
  }
}

async function idByName(client: DeleteClient, name: string): Promise<string | undefined> {
  const found = await findProjectByName(client, name);
  if (!found) stepLog.info(`No project is named ${shownName(name)}; nothing to delete`);
  return found?.id;
}
