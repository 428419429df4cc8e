// Error annotations for failed builds. A step shows at most 10; the last ones are kept for a
// summary line and the step's own failure message. What they quote is the service's text: one
// line each, no controls, and bounded, so a build with a 50 MB log line still gets a short
// annotation.
import { stepLog } from '../runner/log.ts';
import { causeOf, MAX_CAUSE_LINE_CHARS, outcomeOf } from '../builds/outcome.ts';
import { labelOf, type BuildResult } from '../builds/result.ts';
import { commandText, cut } from '../text/escape.ts';

export const MAX_BUILD_ANNOTATIONS = 8;
/** One quoted log line, or the problem's message. */
export const MAX_QUOTED_LINE_CHARS = MAX_CAUSE_LINE_CHARS;
/** The whole message: a few quoted lines and the build id fit well within it. */
export const MAX_ANNOTATION_CHARS = 4_096;

export interface Annotation {
  title: string;
  message: string;
}

const idOf = (build: BuildResult): string => (build.id ? commandText(build.id) : 'no build');

function annotationOf(build: BuildResult): Annotation {
  const cause = causeOf(build)
    .map((line) => commandText(line, MAX_QUOTED_LINE_CHARS))
    .join('\n');
  return {
    title: commandText(`${labelOf(build)} build failed`),
    message: cut(`${idOf(build)}: ${cause}`, MAX_ANNOTATION_CHARS),
  };
}

export function failureAnnotations(
  builds: readonly BuildResult[],
  max = MAX_BUILD_ANNOTATIONS,
): Annotation[] {
  const failed = builds.filter((build) => outcomeOf(build) === 'failed');
  if (failed.length <= max) return failed.map(annotationOf);
  const shown = failed.slice(0, max - 1).map(annotationOf);
  const rest = failed.slice(max - 1);
  const names = rest.map((build) => `${labelOf(build)} (${idOf(build)})`).join(', ');
  const more = '; see their log groups and the job summary';
  return [
    ...shown,
    {
      title: `${rest.length} more builds failed`,
      message: `${cut(names, MAX_ANNOTATION_CHARS - more.length)}${more}`,
    },
  ];
}

export function annotateFailures(builds: readonly BuildResult[]): void {
  for (const { title, message } of failureAnnotations(builds)) stepLog.error(message, { title });
}
