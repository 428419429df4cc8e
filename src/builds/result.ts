// One build as the action knows it: an immutable value, replaced (never edited) as the service
// reports more. Outputs, annotations, the summary and the verdict all read these.
import {
  BUILD_STATUSES,
  isKnownStatus,
  isTerminal,
  type Arch,
  type Build,
  type BuildStatus,
  type BuildSummary,
  type Platform,
  type TriggeredBuild,
} from '../service/schemas.ts';
import { SERVICE_CLOCK_AHEAD_MAX_MS } from '../shared/timing.ts';

export interface Target {
  readonly platform: Platform;
  readonly arch: Arch;
}

export const labelOf = (target: Target): string => `${target.platform}/${target.arch}`;

export type Origin = 'triggered' | 'reused' | 'resumed';

/** Epoch ms of each phase: the service's timestamps where it gave them, else when the action saw it. */
export interface Phases {
  readonly queued: number;
  readonly building: number | undefined;
  readonly ended: number | undefined;
  /**
   * The service gave a timestamp outside a plausible window (before 2000, or more than a day
   * ahead of the runner's clock): the phases' times are not to be shown, nor a duration.
   */
  readonly timesUnknown?: boolean;
}

/** When something started and ended, epoch ms on the action's clock. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface DownloadedFile {
  readonly path: string;
  readonly fileName: string;
  readonly size: number;
  readonly sha256: string;
  /** The download itself, for the timeline. */
  readonly span: Span;
}

/**
 * Where the action lost a build on its own side: it could not trigger, follow or download it,
 * the service contradicted itself about it, or named a status this action does not know.
 */
export interface Problem {
  readonly stage: 'trigger' | 'follow' | 'status' | 'download';
  readonly message: string;
}

/** What the action keeps of a build's log: how many lines, and the ones an annotation quotes. */
export interface LogDigest {
  readonly lines: number;
  readonly quote: readonly string[];
}

export interface BuildResult extends Target {
  /** null when the trigger itself failed, so no build exists. */
  readonly id: string | null;
  readonly version: string | null;
  /** What the service said last. */
  readonly status: BuildStatus;
  readonly origin: Origin;
  readonly phases: Phases;
  readonly artifactSize: number | undefined;
  readonly download: DownloadedFile | undefined;
  readonly problem: Problem | undefined;
  readonly log: LogDigest | undefined;
}

type Reported = Build | BuildSummary | TriggeredBuild;

/** No build service stamped anything before this. */
const EARLIEST_PLAUSIBLE_MS = Date.parse('2000-01-01T00:00:00Z');

/** A timestamp as epoch ms; undefined when absent or unreadable, 'implausible' outside the window. */
function timeOf(
  timestamp: string | null | undefined,
  now: number,
): number | undefined | 'implausible' {
  const ms = Date.parse(timestamp ?? '');
  if (Number.isNaN(ms)) return undefined;
  return ms < EARLIEST_PLAUSIBLE_MS || ms > now + SERVICE_CLOCK_AHEAD_MAX_MS ? 'implausible' : ms;
}

const known = (time: number | undefined | 'implausible'): number | undefined =>
  time === 'implausible' ? undefined : time;

const unknownStatusProblem = (status: string): Problem => ({
  stage: 'status',
  message:
    `the service reports status '${status.slice(0, 40)}', which this action does not know ` +
    `(it knows ${BUILD_STATUSES.join(', ')}); counted as not successful`,
});

/** The service reports the build for another target than the one it is followed as. */
function targetProblem(target: Target, reported: Target): Problem | undefined {
  if (reported.platform === target.platform && reported.arch === target.arch) return undefined;
  return {
    stage: 'follow',
    message:
      `the service reports this build as ${labelOf(reported)}, not ${labelOf(target)}; ` +
      `its installer is not taken as ${labelOf(target)}'s`,
  };
}

/**
 * The build as the service reports it now, folded into what was known; `now` on the action's clock.
 * The target stays the one the build was asked for; a report of another is a problem.
 */
export function observed(result: BuildResult, build: Reported, now: number): BuildResult {
  const { phases } = result;
  const status = build.status;
  const times = [
    timeOf(build.createdAt, now),
    timeOf('startedAt' in build ? build.startedAt : undefined, now),
    timeOf('completedAt' in build ? build.completedAt : undefined, now),
  ] as const;
  const [created, started, completed] = times.map(known);
  const timesUnknown = phases.timesUnknown === true || times.includes('implausible');
  return {
    ...result,
    status,
    version: build.version ?? result.version,
    artifactSize: ('artifactSize' in build ? build.artifactSize : undefined) ?? result.artifactSize,
    phases: {
      queued: created ?? phases.queued,
      building: started ?? phases.building ?? (status === 'queued' ? undefined : now),
      ended: completed ?? phases.ended ?? (isTerminal(status) ? now : undefined),
      ...(timesUnknown && { timesUnknown }),
    },
    problem:
      result.problem ??
      targetProblem(result, build) ??
      (isKnownStatus(status) ? undefined : unknownStatusProblem(status)),
  };
}

const blank = (target: Target, version: string | null, origin: Origin, now: number) => ({
  platform: target.platform,
  arch: target.arch,
  id: null,
  version,
  status: 'queued',
  origin,
  phases: { queued: now, building: undefined, ended: undefined },
  artifactSize: undefined,
  download: undefined,
  problem: undefined,
  log: undefined,
});

/** A build as first reported, followed as `target` (by default, the one it reports). */
export const resultOf = (
  build: Reported,
  origin: Origin,
  now: number,
  target: Target = build,
): BuildResult =>
  observed({ ...blank(target, build.version ?? null, origin, now), id: build.id }, build, now);

/** A target whose trigger failed: no build exists. */
export const untriggered = (
  target: Target,
  version: string,
  message: string,
  now: number,
): BuildResult => ({
  ...blank(target, version, 'triggered', now),
  problem: { stage: 'trigger', message },
});

/** A target left without a build of its own: the id the service gave is another target's. */
export const unfollowed = (result: BuildResult, problem: Problem): BuildResult => ({
  ...blank(result, result.version, result.origin, result.phases.queued),
  problem,
});

/** The first problem is the one that explains the others. */
export const withProblem = (result: BuildResult, problem: Problem): BuildResult =>
  result.problem === undefined ? { ...result, problem } : result;

export const withDownload = (result: BuildResult, download: DownloadedFile): BuildResult => ({
  ...result,
  download,
});

export const withLog = (result: BuildResult, log: LogDigest): BuildResult => ({ ...result, log });
