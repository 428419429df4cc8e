// Opens the pull request's comment when there is one to keep. Light on purpose: the comment (and
// Octokit with it) is loaded only then, off the start path of the usual run.
import { stepLog } from '../runner/log.ts';
import type { RunnerContext } from '../runner/context.ts';
import type { StepDeadline } from '../runner/deadline.ts';
import { messageOf } from '../shared/errors.ts';
import { COMMENT_FINISH_GRACE_MS } from '../shared/timing.ts';
import type { CommentPlan, PreviewComment } from './preview-comment.ts';

/** Never fails the step: without the comment the builds go on. */
export async function openComment(
  plan: CommentPlan | null,
  context: RunnerContext,
  deadline: StepDeadline,
): Promise<PreviewComment | undefined> {
  if (plan === null) return undefined;
  try {
    // One chunk with publishing's (the same name): the GitHub client they share is bundled once.
    const { PreviewComment } = await import(
      /* webpackChunkName: "github" */ './preview-comment.ts'
    );
    const signal = deadline.withGrace({ afterTimeMs: COMMENT_FINISH_GRACE_MS });
    return new PreviewComment(plan, context, { signal });
  } catch (error) {
    stepLog.warning(`No pull-request comment: ${messageOf(error)}`);
    return undefined;
  }
}
