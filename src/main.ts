// The story of a run, top to bottom: inputs → project → builds → publish → report. The only place
// that ends the process.
import { stepLog } from './runner/log.ts';
import { resolveSelection } from './builds/matrix.ts';
import { runBuilds } from './builds/run-builds.ts';
import type { BuildSubscriber, BuildsRun } from './builds/types.ts';
import { openComment } from './report/open-comment.ts';
import type { PreviewComment } from './report/preview-comment.ts';
import { resolveProject } from './config/resolve-project.ts';
import { openClient } from './runner/connection.ts';
import { readContext, type RunnerContext } from './runner/context.ts';
import { stepDeadline, type StepDeadline } from './runner/deadline.ts';
import { asError, messageOf } from './shared/errors.ts';
import { getInputs, maskSecretInputs, type Plan } from './inputs.ts';
import { checkSelectionNames } from './publish/names.ts';
import { startPublishing, type PublishingEnd } from './publish/start-publishing.ts';
import { annotateFailures } from './report/annotations.ts';
import { NOTHING_PUBLISHED } from './publish/types.ts';
import { outputsOnceKnown, reportRun } from './report/report-run.ts';
import { checkRunnerPaths } from './runner/paths.ts';
import { watchSignals } from './runner/signals.ts';

/** Resolve the project, then trigger (or reuse, or resume) its builds, follow them, download. */
async function build(
  plan: Plan,
  context: RunnerContext,
  deadline: StepDeadline,
  subscribers: readonly BuildSubscriber[],
): Promise<BuildsRun> {
  const client = openClient(plan.connection, deadline.at);
  try {
    const projectId = await resolveProject(plan.project, client, context.workspace);
    const selection = await resolveSelection(
      plan.builds.selection,
      projectId,
      client,
      deadline.signal,
    );
    // Before the first trigger: a name two targets share would fail only after the builds.
    checkSelectionNames(plan.publish, selection);
    const deps = { client, deadline, subscribers, tempDir: context.runnerTemp };
    return await runBuilds({ ...plan.builds, selection, projectId }, deps);
  } finally {
    await client.close();
  }
}

/** How the builds and publishing ended, whatever failed on the way. */
interface Ended extends Partial<PublishingEnd> {
  plan?: Plan;
  built?: BuildsRun;
  commentUrl?: string;
  /** What failed the run, as thrown: the report renders them. */
  errors: Error[];
}

/** Everything up to the report: inputs, project, builds, publishing, the comment's last edit. */
async function buildAndPublish(context: RunnerContext, cancel: AbortSignal): Promise<Ended> {
  let plan: Plan | undefined;
  let comment: PreviewComment | undefined;
  try {
    plan = getInputs(context);
    const deadline = stepDeadline(cancel, plan.builds.timeoutMs);
    for (const notice of plan.notices) stepLog.notice(notice);
    // Before any request: a runner path found unusable at the end would abandon the builds.
    checkRunnerPaths(context, {
      downloadDirectory: plan.builds.wait ? (plan.builds.download?.directory ?? null) : null,
    });
    comment = await openComment(plan.comment, context, deadline);
    const publishing = startPublishing(plan.publish, context, deadline, (published) =>
      comment?.artifactsLanded(published.artifacts),
    );
    const subscribers = [outputsOnceKnown, publishing, ...(comment ? [comment] : [])];
    const built = await build(plan, context, deadline, subscribers);
    annotateFailures(built.builds);
    const end = await publishing.finish(built.builds);
    const commentUrl =
      comment && built.builds.length > 0 && !cancel.aborted && !end.stopped
        ? ((await comment.finish(built.projectId, built.builds, end.published)) ?? '')
        : undefined;
    // What cost the run part of its builds (an unknown id among build-ids) fails the step; the
    // other builds were still followed and are reported.
    return { ...end, plan, built, commentUrl, errors: [...built.errors, ...end.errors] };
  } catch (error) {
    return { plan, errors: cancel.aborted ? [] : [asError(error)] };
  } finally {
    // A comment left waiting on GitHub would keep the process alive after the report.
    comment?.end();
  }
}

export async function run(): Promise<void> {
  try {
    maskSecretInputs();
    const context = readContext();
    const cancel = watchSignals();
    const { plan, built, ...end } = await buildAndPublish(context, cancel.signal);
    cancel.dispose();
    const cancelledBy = cancel.signal.aborted ? String(cancel.signal.reason) : undefined;
    await reportRun(context, {
      builds: built?.builds ?? [],
      waited: plan?.builds.wait ?? true,
      timedOut: built?.timedOut ?? false,
      timeoutMs: plan?.builds.timeoutMs,
      cancelledBy,
      failOnError: plan?.failOnError ?? true,
      errors: end.errors,
      published: end.published ?? NOTHING_PUBLISHED,
      commentUrl: end.commentUrl,
    });
    // Requests left behind (a publish that did not stop in time) must not outlive the report.
    if (cancelledBy || end.stopped) process.exit(1);
  } catch (error) {
    // The report itself failed (say, GITHUB_OUTPUT went away mid-run): the step still fails.
    stepLog.setFailed(`The run could not be reported: ${messageOf(error)}`);
  }
}
