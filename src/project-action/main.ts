// The project sub-action: create or update a project from inputs or a config file, or delete it.
import * as core from '@actions/core';
import { stepLog } from '../runner/log.ts';
import type { BuildServiceClient } from '../service/client.ts';
import { applyProject } from '../config/apply-project.ts';
import { MissingProjectFieldsError } from '../config/errors.ts';
import { loadProjectConfig } from '../config/load-config.ts';
import type { ProjectConfig } from '../config/project-config.ts';
import { openClient } from '../runner/connection.ts';
import { readContext } from '../runner/context.ts';
import { describeChanges } from '../config/project-diff.ts';
import { deleteProject } from './delete-project.ts';
import { getProjectInputs, maskProjectSecrets, type ProjectActionInputs } from './inputs.ts';
import { messageOf } from '../shared/errors.ts';
import { checkRunnerPaths } from '../runner/paths.ts';

export async function run(): Promise<void> {
  try {
    maskProjectSecrets();
    const context = readContext();
    const inputs = getProjectInputs(context);
    // Before any request: an output the runner cannot take would lose what the service did.
    checkRunnerPaths(context, { downloadDirectory: null });
    const client = openClient(inputs);
    try {
      await (inputs.delete ? runDelete(client, inputs) : runApply(client, inputs));
    } finally {
      await client.close();
    }
  } catch (error) {
    stepLog.setFailed(messageOf(error));
  }
}

async function runApply(client: BuildServiceClient, inputs: ProjectActionInputs): Promise<void> {
  const desired = await desiredProject(inputs);
  const result = await applyProject(client, desired, { projectId: inputs.projectId });
  core.setOutput('project-id', result.projectId);
  core.setOutput('changed', String(result.changed));
  core.setOutput('changes', describeChanges(result.changes));
}

async function runDelete(client: BuildServiceClient, inputs: ProjectActionInputs): Promise<void> {
  const result = await deleteProject(
    client,
    inputs.projectId ? { projectId: inputs.projectId } : { name: await nameOf(inputs) },
  );
  core.setOutput('project-id', result.projectId ?? '');
  core.setOutput('changed', String(result.deleted));
  core.setOutput('changes', result.deleted ? 'deleted' : '');
}

async function nameOf(inputs: ProjectActionInputs): Promise<string> {
  const { name } = await desiredProject(inputs);
  if (!name)
    throw new MissingProjectFieldsError(['name'], 'To delete a project without project-id');
  return name;
}

async function desiredProject(inputs: ProjectActionInputs): Promise<ProjectConfig> {
  const fromFile = inputs.configFile
    ? await loadProjectConfig(inputs.configFile, inputs.workspace)
    : {};
  return { ...fromFile, ...inputs.overrides };
}
