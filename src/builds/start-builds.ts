// Turns the plan into builds on the service: resumed by id, reused from an earlier run, or
// triggered, all concurrently. What the service answers is shown inertly and not simply believed:
// one build id given for two targets is followed once.
import { stepLog } from '../runner/log.ts';
import { listedIds, type BuildsBefore } from '../service/client.ts';
import type { BuildSummary, UnreadableBuild } from '../service/schemas.ts';
import type { Clock } from '../http/retry.ts';
import { commandText } from '../text/escape.ts';
import { lineAbout } from './progress.ts';
import {
  labelOf,
  resultOf,
  unfollowed,
  untriggered,
  type BuildResult,
  type Target,
} from './result.ts';
import { ActionError, asError, messageOf } from '../shared/errors.ts';
import type { BuildClient } from './types.ts';

type BuildStarter = Pick<BuildClient, 'getBuild' | 'listBuilds' | 'triggerBuild'>;

/** The newest successful build of this target and version, if an earlier run left one. */
export function findReusable(
  builds: readonly BuildSummary[],
  target: Target,
  version: string,
): BuildSummary | undefined {
  return builds
    .filter(
      (build) =>
        build.status === 'success' &&
        build.platform === target.platform &&
        build.arch === target.arch &&
        build.version === version,
    )
    .sort((first, second) => second.createdAt.localeCompare(first.createdAt))[0];
}

export interface StartRequest {
  projectId: string;
  version: string;
  targets: readonly Target[];
  reuse: boolean;
  signal?: AbortSignal;
}

/** Why a trigger left no build; a trigger the step stopped waiting for may still have made one. */
const triggerFailure = (error: unknown, stopped: boolean): string =>
  stopped
    ? 'no answer to the trigger before the step stopped; the service may still have created the build'
    : `could not trigger the build: ${messageOf(error)}`;

/**
 * Triggers one build per target (reusing finished ones when asked). A trigger that fails leaves
 * a record with its error and the others carry on; when every trigger fails, that is fatal.
 */
export async function startBuilds(
  client: BuildStarter,
  request: StartRequest,
  clock: Clock,
): Promise<BuildResult[]> {
  const call = { signal: request.signal };
  const { previous, knownBuildIds } = await buildsBefore(client, request);
  const settled = await Promise.allSettled(
    request.targets.map(async (target) => {
      const reusable = findReusable(previous, target, request.version);
      if (reusable) {
        stepLog.info(
          lineAbout(target, `reusing successful build ${reusable.id} of ${request.version}`, 300),
        );
        return resultOf(await client.getBuild(reusable.id, call), 'reused', clock(), target);
      }
      const body = { platform: target.platform, arch: target.arch, version: request.version };
      const triggered = await client.triggerBuild(request.projectId, body, {
        ...call,
        knownBuildIds,
      });
      stepLog.info(lineAbout(target, `triggered ${triggered.id} (${triggered.status})`, 300));
      return resultOf(triggered, 'triggered', clock(), target);
    }),
  );
  const errors = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  const stopped = request.signal?.aborted ?? false;
  if (errors.length === settled.length && errors.length > 0 && !stopped) throw errors[0];
  return followedOnce(
    settled.map((result, index) =>
      result.status === 'fulfilled'
        ? result.value
        : untriggered(
            request.targets[index]!,
            request.version,
            triggerFailure(result.reason, stopped),
            clock(),
          ),
    ),
  );
}

/**
 * The project's builds before any trigger: the readable ones, to reuse, and every id listed. The
 * service's own view: what it lists after a lost answer and did not list here is a build of this
 * run. A list it cannot give costs only a trigger whose answer is lost, unless builds are reused.
 */
async function buildsBefore(
  client: BuildStarter,
  request: StartRequest,
): Promise<{ previous: readonly BuildSummary[]; knownBuildIds: BuildsBefore }> {
  try {
    const list = await client.listBuilds(request.projectId, { signal: request.signal });
    if (list.unreadable.length > 0) warnUnreadable(list.unreadable);
    return { previous: request.reuse ? list.builds : [], knownBuildIds: listedIds(list) };
  } catch (error) {
    if (request.reuse || request.signal?.aborted) throw error;
    return { previous: [], knownBuildIds: { unlisted: asError(error) } };
  }
}

/** Said once per run: entries of the history left out, which neither reuse nor a trigger takes. */
function warnUnreadable(entries: readonly UnreadableBuild[]): void {
  const shown = entries
    .slice(0, 3)
    .map(({ id, fieldPath, problem }) => `${id ?? 'an entry'}: ${fieldPath} ${problem}`);
  const more = entries.length > shown.length ? `; and ${entries.length - shown.length} more` : '';
  stepLog.warning(
    commandText(
      `The project's build list has ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} ` +
        `this action cannot read, left out (never reused, never taken for a build of this run): ` +
        `${shown.join('; ')}${more}`,
      1000,
    ),
    { title: 'Unreadable builds in the project' },
  );
}

/**
 * Each build id under the first target the service gave it to. A later target given the same id
 * (a second trigger answered with the first one's build, or a trigger answered with a reused
 * build) has no build of its own: following it would take one target's installer as another's.
 */
export function followedOnce(results: readonly BuildResult[]): BuildResult[] {
  const firstWith = new Map<string, BuildResult>();
  return results.map((result) => {
    if (result.id === null) return result;
    const first = firstWith.get(result.id);
    if (first === undefined) {
      firstWith.set(result.id, result);
      return result;
    }
    const message = `the service answered with build ${result.id}, which it also gave ${labelOf(first)}`;
    stepLog.warning(lineAbout(result, `${message}; not followed`, 500), {
      title: `${labelOf(result)}: build id given twice`,
    });
    return unfollowed(result, { stage: 'trigger', message });
  });
}

/** A `build-ids` entry the service would not give: it fails the step, the others are followed. */
export class BuildNotResumedError extends ActionError {
  readonly buildId: string;
  constructor(buildId: string, cause: unknown) {
    // One inert line: the id and the cause's message come from the input and the service.
    super(commandText(`build-ids: ${buildId} could not be resumed: ${messageOf(cause)}`, 500), {
      cause,
    });
    this.buildId = buildId;
  }
}

/**
 * Picks up builds an earlier step or job triggered (`build-ids`). An id that cannot be resumed is
 * one of `errors`, and the others are followed.
 */
export async function resumeBuilds(
  client: BuildStarter,
  projectId: string,
  buildIds: readonly string[],
  clock: Clock,
  signal?: AbortSignal,
): Promise<{ builds: BuildResult[]; errors: BuildNotResumedError[] }> {
  const settled = await Promise.allSettled(buildIds.map((id) => client.getBuild(id, { signal })));
  const builds: BuildResult[] = [];
  const errors: BuildNotResumedError[] = [];
  settled.forEach((answer, index) => {
    const id = buildIds[index]!;
    if (answer.status === 'rejected') {
      errors.push(new BuildNotResumedError(id, answer.reason));
      return;
    }
    const build = answer.value;
    if (build.projectId !== projectId) {
      stepLog.warning(
        commandText(
          `${build.id} belongs to project ${build.projectId}, not ${projectId}; following it anyway`,
          300,
        ),
      );
    }
    stepLog.info(lineAbout(build, `resuming ${build.id} (${build.status})`, 300));
    builds.push(resultOf(build, 'resumed', clock()));
  });
  return { builds, errors };
}
