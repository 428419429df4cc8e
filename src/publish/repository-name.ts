// Repository names by GitHub's rules, for release-repository: refused before any build when GitHub
// would not take them (a name is also part of every request path of the release).

/** Why `value` is not an `owner/name` GitHub takes (one clause), or undefined when it is. */
export function repositoryNameProblem(value: string): string | undefined {
  const parts = value.split('/');
  if (parts.length !== 2) return 'is not owner/name';
  const [owner, name] = parts as [string, string];
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/.test(owner)) {
    return 'has an owner GitHub refuses (1 to 39 letters, digits or hyphens, not starting with a hyphen)';
  }
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(name) || name === '.' || name === '..') {
    return 'has a name GitHub refuses (1 to 100 letters, digits, ".", "_" or "-", not "." or "..")';
  }
  return undefined;
}
