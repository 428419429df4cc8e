// The one decision of how a build turned out; every report asks this function, never its own copy.
import { isTerminal } from '../service/schemas.ts';
import { cut } from '../text/escape.ts';
import { labelOf, type BuildResult } from './result.ts';

export type Outcome = 'succeeded' | 'failed' | 'unfinished';

/**
 * `failed` when the service said so, or said something it does not list, or when the action could
 * not trigger, follow or download the build; `unfinished` while it runs (or when the step stopped
 * waiting); `succeeded` only for a success the action delivered in full.
 */
export function outcomeOf(build: BuildResult): Outcome {
  if (build.problem !== undefined) return 'failed';
  if (build.status === 'success') return 'succeeded';
  return isTerminal(build.status) ? 'failed' : 'unfinished';
}

/** `linux/x64 build_1 (failed)`, or with what went wrong on the action's side. */
export const describeBuild = (build: BuildResult): string =>
  `${labelOf(build)} ${build.id ?? '(not triggered)'} (${build.problem?.message ?? build.status})`;

/** One line of a cause, at most this long once a report has made it inert. */
export const MAX_CAUSE_LINE_CHARS = 300;

/**
 * Why a failed build failed, as the annotation, the summary and the comment all quote it: what
 * went wrong on the action's side, else the last error lines of its log (the last lines when none
 * says error). The service's raw text, cut so a 50 MB line costs no more than a short one: each
 * report makes it inert for its medium and cuts it to MAX_CAUSE_LINE_CHARS.
 */
export function causeOf(build: BuildResult): string[] {
  const quote = build.log?.quote ?? [];
  const lines =
    build.problem !== undefined
      ? [build.problem.message]
      : quote.length > 0
        ? quote
        : ['the service gave no log'];
  return lines.map((line) => cut(line, MAX_CAUSE_LINE_CHARS * 4));
}
