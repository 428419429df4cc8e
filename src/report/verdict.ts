// How the step ends (pure): its status output, what fails it and what only warns.
import { describeBuild, outcomeOf } from '../builds/outcome.ts';
import { formatElapsed } from '../text/durations.ts';
import type { BuildResult } from '../builds/result.ts';
import type { RunFacts } from './facts.ts';

export type RunStatus = 'success' | 'failed' | 'pending';

export interface Verdict {
  status: RunStatus;
  failures: string[];
  warnings: string[];
}

/** `pending` while not waiting for the builds (wait: false); otherwise all-or-nothing. */
export function runStatus(builds: readonly BuildResult[], waited: boolean): RunStatus {
  const outcomes = builds.map(outcomeOf);
  if (outcomes.includes('failed')) return 'failed';
  if (!waited) return 'pending';
  return outcomes.length > 0 && outcomes.every((outcome) => outcome === 'succeeded')
    ? 'success'
    : 'failed';
}

const list = (builds: readonly BuildResult[]): string => builds.map(describeBuild).join(', ');

function cancellation(facts: RunFacts, running: readonly BuildResult[]): string {
  const lead = `Cancelled by ${facts.cancelledBy}. The service has no cancel endpoint, so `;
  if (running.length > 0) {
    return `${lead}these builds keep running: ${list(running)}; resume them with the build-ids input.`;
  }
  if (facts.builds.length > 0) return `${lead}nothing was left running.`;
  return `${lead}a build triggered just before may still run; see the project on the service.`;
}

export function verdictOf(facts: RunFacts): Verdict {
  const failures = facts.errors.map((error) => error.message);
  const warnings: string[] = [];
  const unfinished = facts.builds.filter(
    (build) => build.id !== null && outcomeOf(build) === 'unfinished',
  );
  if (facts.cancelledBy !== undefined) failures.unshift(cancellation(facts, unfinished));
  if (facts.timedOut) {
    failures.push(
      `Timed out after ${formatElapsed(facts.timeoutMs ?? 0)} (timeout input); still unfinished: ` +
        `${list(unfinished) || 'downloads'}. ` +
        'Their ids are in the build-ids output; resume them with the build-ids input.',
    );
  }
  const failed = facts.builds.filter((build) => outcomeOf(build) === 'failed');
  if (failed.length > 0) {
    const message = `${failed.length} of ${facts.builds.length} builds failed: ${list(failed)}`;
    if (facts.failOnError) failures.push(message);
    else warnings.push(`${message} (fail-on-error: false keeps the step green)`);
  }
  const status =
    facts.cancelledBy !== undefined ||
    facts.timedOut ||
    (failures.length > 0 && facts.builds.length === 0)
      ? 'failed'
      : runStatus(facts.builds, facts.waited);
  return { status, failures, warnings };
}
