// The story of a run, top to bottom: inputs → project → builds → publish → report. The only place
// that ends the process.
import * as core from '@actions/core';
import type { BuildServiceClient } from './api/client.ts';
import { systemClock, systemSleep } from './api/retry.ts';
import { formatElapsed } from './builds/progress.ts';
import { runBuilds, type BuildsRun } from './builds/run-builds.ts';
import { maskInputs, openClient } from './connection.ts';
import { readContext, type RunnerContext } from './context.ts';
import { getInputs, type Plan } from './inputs.ts';
import { annotateFailures } from './report/annotations.ts';
import { NOTHING_PUBLISHED, type Published } from './report/facts.ts';
import { reportBuildsKnown, reportRun } from './report/report-run.ts';
import { checkRunnerPaths } from './runner-paths.ts';
import { watchSignals } from './signals.ts';
import { messageOf } from './errors.ts';
import { commandText } from './escape.ts';
import type { PreviewComment } from './comment/preview-comment.ts';
import type { BuildResult } from './builds/result.ts';
import { startPublishing, type Publishing, type PublishStop } from './publish/publish-builds.ts';

const COMMENT_GRACE_MS = 5_000;

/** The project the builds belong to: the input, or the one the config file names or creates. */
async function resolveProject(
  plan: Plan,
  context: RunnerContext,
  client: BuildServiceClient,
): Promise<string> {
  const { configFile, projectId } = plan.project;
  if (configFile === null) return projectId;
  // Loaded only now: the YAML parser stays off the start path of the usual run.
  const { applyProjectConfig } = await import('./config/apply-project.ts');
  const applied = await core.group(`Apply the project configuration ${configFile}`, () =>
    applyProjectConfig(client, {
      configFile,
      workspace: context.workspace,
      projectId: projectId ?? undefined,
    }),
  );
  return applied.projectId;
}

/**
 * The pull request's comment, when there is one to keep; loaded only then (Octokit is heavy). It
 * never fails the step: without it the builds go on.
 */
async function openComment(
  plan: Plan,
  context: RunnerContext,
  signal: AbortSignal,
): Promise<PreviewComment | undefined> {
  if (plan.comment === null) return undefined;
  try {
    const { startPreviewComment } = await import('./comment/preview-comment.ts');
    return startPreviewComment(plan.comment, context, { signal });
  } catch (error) {
    core.warning(`No pull-request comment: ${messageOf(error)}`);
    return undefined;
  }
}

/** What the builds tell the rest of the run as they go. */
interface BuildListeners {
  onProject(projectId: string): void;
  onBuildsChanged(projectId: string, builds: readonly BuildResult[]): void;
  onDownloaded(build: BuildResult): void;
}

/** Trigger (or reuse, or resume) the builds, follow them, print their logs, download. */
async function build(
  plan: Plan,
  context: RunnerContext,
  signal: AbortSignal,
  listen: BuildListeners,
): Promise<BuildsRun> {
  const client = openClient(plan.connection, Date.now() + plan.builds.timeoutMs);
  try {
    const projectId = await resolveProject(plan, context, client);
    listen.onProject(projectId);
    return await runBuilds(
      { ...plan.builds, projectId },
      {
        client,
        clock: systemClock,
        sleep: systemSleep,
        signal,
        tempDir: context.runnerTemp,
        onBuildsChanged: (builds) => listen.onBuildsChanged(projectId, builds),
        onDownloaded: listen.onDownloaded,
        onBuildsKnown: (builds) => {
          reportBuildsKnown(builds);
          listen.onBuildsChanged(projectId, builds);
          if (!plan.builds.wait) {
            const ids = builds.flatMap((b) => (b.id === null ? [] : commandText(b.id))).join(', ');
            core.info(`Not waiting (wait: false); build ids: ${ids}`);
          }
        },
      },
    );
  } finally {
    await client.close();
  }
}

/**
 * Workflow artifacts and the release, each build's as soon as it is downloaded. Publishing ends
 * when the step does (`stop`: its timeout or a signal), whatever GitHub is doing.
 */
const openPublishing = (
  plan: Plan,
  context: RunnerContext,
  stop: PublishStop,
  onPublished: (published: Published) => void,
): Publishing | undefined =>
  plan.publish.artifacts || plan.publish.release
    ? startPublishing(plan.publish, context, stop, onPublished)
    : undefined;

export async function run(): Promise<void> {
  maskInputs('api-key');
  const context = readContext();
  const cancel = watchSignals();
  const errors: string[] = [];
  let plan: Plan | undefined;
  let builds: BuildsRun = { builds: [], timedOut: false, errors: [] };
  let published = NOTHING_PUBLISHED;
  let comment: PreviewComment | undefined;
  let projectId: string | undefined;
  let publishingStopped = false;
  try {
    plan = getInputs(context);
    const { timeoutMs } = plan.builds;
    const stop: PublishStop = {
      signal: AbortSignal.any([cancel.signal, AbortSignal.timeout(timeoutMs)]),
      because: () =>
        cancel.signal.aborted
          ? `cancelled by ${String(cancel.signal.reason)}`
          : `the timeout input (${formatElapsed(timeoutMs)}) passed`,
    };
    for (const notice of plan.notices) core.notice(notice);
    // Before any request: a runner path found unusable at the end would abandon the builds.
    checkRunnerPaths(context, {
      downloadDirectory: plan.builds.wait ? (plan.builds.download?.directory ?? null) : null,
    });
    // The comment's last edit says how the run ended, so it may outlast the timeout a little.
    comment = await openComment(
      plan,
      context,
      AbortSignal.any([cancel.signal, AbortSignal.timeout(timeoutMs + COMMENT_GRACE_MS)]),
    );
    let latest: readonly BuildResult[] = [];
    const publishing = openPublishing(plan, context, stop, (now) => {
      published = now;
      if (projectId) comment?.update(projectId, latest, published.artifacts);
    });
    builds = await build(plan, context, cancel.signal, {
      onProject: (id) => (projectId = id),
      onBuildsChanged: (id, now) => {
        latest = now;
        comment?.update(id, now, published.artifacts);
      },
      onDownloaded: (done) => publishing?.add(done),
    });
    // What cost the run part of its builds (an unknown id among build-ids) fails the step; the
    // other builds were still followed and are reported.
    errors.push(...builds.errors);
    annotateFailures(builds.builds);
    if (publishing) {
      const end = await publishing.finish(builds.builds);
      ({ published, stopped: publishingStopped } = end);
      if (end.error !== undefined) errors.push(end.error);
    }
  } catch (error) {
    if (!cancel.signal.aborted) errors.push(messageOf(error));
  } finally {
    cancel.dispose();
  }
  if (
    comment &&
    projectId &&
    builds.builds.length > 0 &&
    !cancel.signal.aborted &&
    !publishingStopped
  ) {
    core.setOutput(
      'comment-url',
      (await comment.finish(projectId, builds.builds, published)) ?? '',
    );
  }
  await reportRun(context, {
    builds: builds.builds,
    waited: plan?.builds.wait ?? true,
    timedOut: builds.timedOut,
    timeoutMs: plan?.builds.timeoutMs,
    cancelledBy: cancel.signal.aborted ? String(cancel.signal.reason) : undefined,
    failOnError: plan?.failOnError ?? true,
    errors,
    published,
  });
  // Requests left behind (a publish that did not stop in time) must not outlive the report.
  if (cancel.signal.aborted || publishingStopped) process.exit(1);
}
