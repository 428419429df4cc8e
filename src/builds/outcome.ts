// The one decision of how a build turned out; every report asks this function, never its own copy.
import { isTerminal } from '../service/schemas.ts';
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
