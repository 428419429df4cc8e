// The project a run's builds belong to. Light on purpose: the config file's parser (YAML) is
// loaded only when there is a config file, off the start path of the usual run.
import { stepLog } from '../runner/log.ts';
import type { BuildServiceClient } from '../service/client.ts';
import { commandText } from '../text/escape.ts';

/** The project the builds belong to: given, or found (or created) by applying a config file. */
export type ProjectSource =
  { projectId: string; configFile: null } | { projectId: string | null; configFile: string };

/** The project-id input, or the project the config file names or creates. */
export async function resolveProject(
  source: ProjectSource,
  client: BuildServiceClient,
  workspace: string,
): Promise<string> {
  const { configFile, projectId } = source;
  if (configFile === null) return projectId;
  const { applyProjectConfig } = await import('./apply-project.ts');
  const title = `Apply the project configuration ${commandText(configFile)}`;
  const applied = await stepLog.group(title, () =>
    applyProjectConfig(client, { configFile, workspace, projectId: projectId ?? undefined }),
  );
  return applied.projectId;
}
