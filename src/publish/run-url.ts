// The web page of the workflow run, as the runner names it; artifact links hang off it.

export const runUrl = (env: NodeJS.ProcessEnv, repository: string): string => {
  const server = (env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '');
  return `${server}/${repository}/actions/runs/${env.GITHUB_RUN_ID ?? '0'}`;
};
