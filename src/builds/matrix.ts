// What to build: one target per platform × arch, in a stable order; the project's own platforms
// when the inputs named none.
import type { Arch, Platform } from '../service/schemas.ts';
import { ActionError } from '../shared/errors.ts';
import type { Target } from './result.ts';
import type { BuildClient, BuildSelection, WantedSelection } from './types.ts';

export const buildMatrix = (platforms: readonly Platform[], arches: readonly Arch[]): Target[] =>
  platforms.flatMap((platform) => arches.map((arch) => ({ platform, arch })));

export class NoPlatformsError extends ActionError {
  readonly projectId: string;
  constructor(projectId: string) {
    super(`Project ${projectId} has no platforms; set the platforms input`);
    this.projectId = projectId;
  }
}

/** The selection with its platforms: as given, or the project's own (one Get Project). */
export async function resolveSelection(
  selection: WantedSelection,
  projectId: string,
  client: Pick<BuildClient, 'getProject'>,
  signal: AbortSignal,
): Promise<BuildSelection> {
  if (selection.kind === 'resume') return selection;
  const platforms =
    selection.platforms ?? (await client.getProject(projectId, { signal })).platforms;
  if (platforms.length === 0) throw new NoPlatformsError(projectId);
  return { ...selection, platforms };
}
