// The end of a run: outputs, the verdict in the log and the step's status, the job summary.
import { stepLog } from '../runner/log.ts';
import type { BuildSubscriber } from '../builds/types.ts';
import { messageOf } from '../shared/errors.ts';
import type { RunnerContext } from '../runner/context.ts';
import { NOTHING_PUBLISHED } from '../publish/types.ts';
import type { RunFacts } from './facts.ts';
import { writeOutputs } from './outputs.ts';
import { writeSummary } from './summary.ts';
import { runStatus, verdictOf } from './verdict.ts';

/** As soon as the builds exist: their ids are in the outputs even if the step dies now. */
export const outputsOnceKnown: BuildSubscriber = {
  buildsKnown: (builds) => writeOutputs(builds, runStatus(builds, false), NOTHING_PUBLISHED),
};

export async function reportRun(
  context: Pick<RunnerContext, 'summaryFile'>,
  facts: RunFacts,
): Promise<void> {
  const verdict = verdictOf(facts);
  if (facts.builds.length > 0) {
    writeOutputs(facts.builds, verdict.status, facts.published, facts.commentUrl);
  }
  for (const warning of verdict.warnings) stepLog.warning(warning);
  if (verdict.failures.length > 0) stepLog.setFailed(verdict.failures.join('\n'));
  await writeSummary(context.summaryFile, facts, verdict).catch((error: unknown) =>
    stepLog.warning(`Could not write the job summary: ${messageOf(error)}`),
  );
}
