// The story of a run: inputs → builds (trigger, poll, logs, download) → outputs → publish →
// summary. The only place that ends the process.
import * as core from '@actions/core';
import type { BuildServiceClient } from './api/client.ts';
import { systemClock, systemSleep } from './api/retry.ts';
import { maskInputs, openClient } from './connection.ts';
import { formatElapsed } from './builds/progress.ts';
import { newRunState, runBuilds, type RunState } from './builds/run-builds.ts';
import { labelOf, type TrackedBuild } from './builds/types.ts';
import { getInputs, type Plan } from './inputs.ts';
import { PublishError } from './publish/errors.ts';
import type { Installer, PublishResult } from './publish/types.ts';
import { annotateFailures } from './report/annotations.ts';
import { writeOutputs } from './report/outputs.ts';
import { writeSummary } from './report/summary.ts';

/** After a signal, the run has this long to write what it knows before the process exits. */
const CANCEL_GRACE_MS = 5_000;

const describe = (build: TrackedBuild): string =>
  `${labelOf(build)} ${build.id ?? '(not triggered)'} (${build.status})`;

const unfinished = (builds: readonly TrackedBuild[]): TrackedBuild[] =>
  builds.filter(
    (build) => build.id !== null && build.status !== 'success' && build.status !== 'failed',
  );

function installersOf(builds: readonly TrackedBuild[]): Installer[] {
  return builds.flatMap((build) =>
    build.id && build.download
      ? [
          {
            buildId: build.id,
            platform: build.platform,
            arch: build.arch,
            version: build.version ?? '',
            ...build.download,
          },
        ]
      : [],
  );
}

/** Applies `config-file` when given; returns the project the builds belong to. */
async function resolveProject(plan: Plan, client: BuildServiceClient): Promise<string> {
  const { configFile } = plan;
  if (configFile === null) return plan.projectId;
  // Loaded only now: the YAML parser stays off the start path of the usual run.
  const { applyProjectConfig } = await import('./config/apply-project.ts');
  const applied = await core.group(`Apply the project configuration ${configFile}`, () =>
    applyProjectConfig(client, {
      configFile,
      workspace: process.env.GITHUB_WORKSPACE || process.cwd(),
      projectId: plan.projectId || undefined,
    }),
  );
  return applied.projectId;
}

/** Records what got published, also when publishing failed halfway. */
function applyPublished(state: RunState, result: PublishResult, report: Report): void {
  for (const artifact of result.artifacts) {
    const build = state.builds.find((candidate) => candidate.id === artifact.buildId);
    if (build) build.artifact = artifact;
  }
  if (result.release) {
    report.releaseUrl = result.release.url;
    core.setOutput('release-url', result.release.url);
  }
}

async function publishInstallers(plan: Plan, state: RunState, report: Report): Promise<void> {
  const installers = installersOf(state.builds);
  if (installers.length === 0) {
    core.info('Nothing to publish: no build produced an installer');
    return;
  }
  // Loaded only now: the artifact and Octokit code is heavy and stays off the start path.
  const { publish } = await import('./publish/index.ts');
  const allBuildsSucceeded = state.builds.every(
    (build) => build.status === 'success' && build.error === undefined,
  );
  try {
    applyPublished(state, await publish(plan.publish, installers, { allBuildsSucceeded }), report);
  } catch (error) {
    if (!(error instanceof PublishError)) throw error;
    applyPublished(state, error.result, report);
    report.errors.push(error.message);
  }
}

interface Report {
  /** Fatal errors: input errors, an unreachable service, a failed publish. */
  errors: string[];
  releaseUrl: string | undefined;
}

/** Pure: how the step ends, given what happened. */
export function verdict(
  plan: Plan | undefined,
  state: RunState,
  report: Report,
  cancelledBy: string | undefined,
): { failures: string[]; warnings: string[] } {
  const failures = [...report.errors];
  const warnings: string[] = [];
  const running = unfinished(state.builds);
  if (cancelledBy !== undefined) {
    failures.unshift(
      `Cancelled by ${cancelledBy}. The service has no cancel endpoint, so ` +
        (running.length > 0
          ? `these builds keep running: ${running.map(describe).join(', ')}; resume them with the build-ids input.`
          : state.builds.length > 0
            ? 'nothing was left running.'
            : 'a build triggered just before may still run; see the project on the service.'),
    );
  }
  if (plan && state.timedOut) {
    failures.push(
      `Timed out after ${formatElapsed(plan.timeoutMs)} (timeout input); still unfinished: ` +
        `${running.map(describe).join(', ') || 'downloads'}. ` +
        'Their ids are in the build-ids output; resume them with the build-ids input.',
    );
  }
  const failed = state.builds.filter((build) => build.status === 'failed' || build.error);
  if (failed.length > 0) {
    const message = `${failed.length} of ${state.builds.length} builds failed: ${failed.map(describe).join(', ')}`;
    if (plan?.failOnError === false)
      warnings.push(`${message} (fail-on-error: false keeps the step green)`);
    else failures.push(message);
  }
  return { failures, warnings };
}

async function buildAndPublish(
  plan: Plan,
  state: RunState,
  report: Report,
  signal: AbortSignal,
): Promise<void> {
  const client = openClient(plan, Date.now() + plan.timeoutMs);
  try {
    const projectId = await resolveProject(plan, client);
    await runBuilds(
      { ...plan, projectId },
      {
        client,
        clock: systemClock,
        sleep: systemSleep,
        signal,
        onBuildsKnown: (builds) => {
          writeOutputs(builds, false);
          if (!plan.wait) {
            core.info(
              `Not waiting (wait: false); build ids: ${builds.flatMap((b) => b.id ?? []).join(', ')}`,
            );
          }
        },
      },
      state,
    );
  } finally {
    await client.close();
  }
  writeOutputs(state.builds, plan.wait);
  annotateFailures(state.builds);
  if ((plan.publish.artifacts || plan.publish.release) && plan.wait && !signal.aborted) {
    try {
      await publishInstallers(plan, state, report);
    } catch (error) {
      report.errors.push(`Publishing failed: ${(error as Error).message}`);
    }
  }
}

/** Stops the run on SIGINT/SIGTERM; a stuck run still ends after CANCEL_GRACE_MS. */
function watchSignals(): { signal: AbortSignal; dispose: () => void } {
  const cancel = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (cancel.signal.aborted) return;
    core.info(`Received ${name}: stopping, then writing outputs and the summary`);
    cancel.abort(name);
    setTimeout(() => process.exit(1), CANCEL_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: cancel.signal,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

export async function run(): Promise<void> {
  maskInputs('api-key');
  const cancel = watchSignals();
  const state = newRunState();
  const report: Report = { errors: [], releaseUrl: undefined };
  let plan: Plan | undefined;
  try {
    plan = getInputs();
    await buildAndPublish(plan, state, report, cancel.signal);
  } catch (error) {
    if (!cancel.signal.aborted) report.errors.push((error as Error).message);
  } finally {
    cancel.dispose();
  }
  // Again at the end, so outputs hold the latest facts even after an error.
  if (state.builds.length > 0) writeOutputs(state.builds, plan?.wait ?? true);
  const cancelledBy = cancel.signal.aborted ? String(cancel.signal.reason) : undefined;
  const { failures, warnings } = verdict(plan, state, report, cancelledBy);
  for (const warning of warnings) core.warning(warning);
  if (failures.length > 0) core.setFailed(failures.join('\n'));
  await writeSummary(state.builds, {
    waited: plan?.wait ?? true,
    releaseUrl: report.releaseUrl,
    notes: [...failures, ...warnings],
    now: Date.now(),
  }).catch((error: unknown) =>
    core.warning(`Could not write the job summary: ${(error as Error).message}`),
  );
  if (cancelledBy !== undefined) process.exit(1);
}
