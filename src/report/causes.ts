// Why each failed build failed, as a Markdown list (pure): the same lines its annotation quotes
// (causeOf), each as code, so the service's words show as they are and none of them is Markdown,
// HTML, a link or an @mention. Bounded: a few lines of at most 300 characters, for 20 builds.
import { causeOf, MAX_CAUSE_LINE_CHARS, outcomeOf } from '../builds/outcome.ts';
import { labelOf, type BuildResult } from '../builds/result.ts';
import { markdownCode } from '../text/escape.ts';

export const MAX_EXPLAINED_BUILDS = 20;

function item(build: BuildResult): string[] {
  const lines = causeOf(build).map((line) => markdownCode(line, MAX_CAUSE_LINE_CHARS));
  const lead = `- **${labelOf(build)}** failed:`;
  if (lines.length === 1) return [`${lead} ${lines[0]}`];
  return [lead, ...lines.map((line) => `  - ${line}`)];
}

/** The list's lines; empty when no build failed. */
export function failureCauses(
  builds: readonly BuildResult[],
  max = MAX_EXPLAINED_BUILDS,
): string[] {
  const failed = builds.filter((build) => outcomeOf(build) === 'failed');
  const more = failed.length - max;
  return [
    ...failed.slice(0, max).flatMap(item),
    ...(more > 0 ? [`- _${more} more failed: see their annotations in the workflow run_`] : []),
  ];
}
