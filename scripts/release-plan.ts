// What releasing version X.Y.Z of this action means, decided from package.json and CHANGELOG.md
// (pure; scripts/release.ts does the git and GitHub side).

export interface ReleasePlan {
  version: string;
  /** `vX.Y.Z`, created at the released commit. */
  tag: string;
  /** `vX`, moved to the released commit: what `uses: …@v1` resolves to. */
  majorTag: string;
  /** The changelog section of this version: the release's notes. */
  notes: string;
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** The body of `## [version]` in a Keep a Changelog file; undefined when there is none. */
export function changelogSection(changelog: string, version: string): string | undefined {
  const lines = changelog.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## [${version}]`));
  if (start === -1) return undefined;
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const body = lines
    .slice(start + 1, end === -1 ? undefined : end)
    .join('\n')
    .trim();
  return body === '' ? undefined : body;
}

/** The plan, or the reasons there can be none. */
export function planRelease(
  version: string,
  changelog: string,
): { plan: ReleasePlan } | { problems: string[] } {
  const problems: string[] = [];
  const semver = SEMVER.exec(version);
  if (!semver) problems.push(`package.json version "${version}" is not X.Y.Z`);
  const notes = changelogSection(changelog, version);
  if (notes === undefined) {
    problems.push(`CHANGELOG.md has no non-empty "## [${version}]" section`);
  }
  if (problems.length > 0 || !semver || notes === undefined) return { problems };
  return { plan: { version, tag: `v${version}`, majorTag: `v${semver[1]}`, notes } };
}
