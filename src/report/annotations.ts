// Error annotations for failed builds. A step shows at most 10; the last ones are kept for a
// summary line and the step's own failure message.
import * as core from '@actions/core';
import { outcomeOf } from '../builds/outcome.ts';
import { labelOf, type BuildResult } from '../builds/result.ts';

export const MAX_BUILD_ANNOTATIONS = 8;

export interface Annotation {
  title: string;
  message: string;
}

function annotationOf(build: BuildResult): Annotation {
  const quote = build.log?.quote ?? [];
  const cause =
    build.problem?.message ?? (quote.length > 0 ? quote.join('\n') : 'the service gave no log');
  return {
    title: `${labelOf(build)} build failed`,
    message: `${build.id ?? 'no build'}: ${cause}`,
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
  return [
    ...shown,
    {
      title: `${rest.length} more builds failed`,
      message: `${rest.map((build) => `${labelOf(build)} (${build.id ?? 'no build'})`).join(', ')}; see their log groups and the job summary`,
    },
  ];
}

export function annotateFailures(builds: readonly BuildResult[]): void {
  for (const { title, message } of failureAnnotations(builds)) core.error(message, { title });
}
