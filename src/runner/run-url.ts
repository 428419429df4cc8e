// The web pages of the repository and of the workflow run; artifact links hang off the run's.
import type { RunSite } from './context.ts';

export const repositoryUrl = (site: Pick<RunSite, 'serverUrl'>, repository: string): string =>
  `${site.serverUrl}/${repository}`;

export const runUrl = (site: RunSite, repository: string): string =>
  `${repositoryUrl(site, repository)}/actions/runs/${site.runId}`;
