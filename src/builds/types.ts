// The shapes the builds share with their caller: what they need of the service and of the plan,
// what they tell the rest of the run as they go, and what they give back.
import type { BuildsBefore } from '../service/client.ts';
import type { DownloadedArtifact, DownloadOptions } from '../service/download.ts';
import type { Clock, Sleep } from '../http/retry.ts';
import type { CallOptions } from '../service/transport.ts';
import type {
  Arch,
  Build,
  BuildList,
  Platform,
  Project,
  TriggerBuildRequest,
  TriggeredBuild,
} from '../service/schemas.ts';
import type { StepDeadline } from '../runner/deadline.ts';
import type { LogReader } from './logs.ts';
import type { BuildReader } from './poll.ts';
import type { BuildResult } from './result.ts';

export interface BuildClient extends BuildReader, LogReader {
  getBuild(buildId: string, options?: CallOptions): Promise<Build>;
  getProject(projectId: string, options?: CallOptions): Promise<Project>;
  listBuilds(projectId: string, options?: CallOptions): Promise<BuildList>;
  /** `knownBuildIds`: the project's builds before the trigger (see BuildServiceClient). */
  triggerBuild(
    projectId: string,
    body: TriggerBuildRequest,
    options?: CallOptions & { knownBuildIds?: BuildsBefore },
  ): Promise<TriggeredBuild>;
  downloadArtifact(buildId: string, options: DownloadOptions): Promise<DownloadedArtifact>;
}

/** Which builds: new ones for a version (reusing finished ones when asked), or given ones. */
export type BuildSelection =
  | {
      kind: 'trigger';
      version: string;
      platforms: readonly Platform[];
      arches: readonly Arch[];
      reuse: boolean;
    }
  | { kind: 'resume'; buildIds: readonly string[] };

/** The selection the inputs ask for: platforms null for the project's own (Get Project). */
export type WantedSelection =
  | (Omit<Extract<BuildSelection, { kind: 'trigger' }>, 'platforms'> & {
      platforms: readonly Platform[] | null;
    })
  | Extract<BuildSelection, { kind: 'resume' }>;

/** What the builds need of the plan, and nothing else. */
export interface BuildsPlan {
  projectId: string;
  selection: BuildSelection;
  wait: boolean;
  pollIntervalMs: number;
  /** The timeout input: main.ts makes the step's one deadline of it. */
  timeoutMs: number;
  /** null: do not download. */
  /** `maxBytes`: the most one installer may have (max-download-size). */
  download: { directory: string; concurrency: number; maxBytes: number } | null;
}

/**
 * Hears the builds as they go; each subscriber (the outputs, the pull-request comment, publishing)
 * keeps what it needs of them.
 */
export interface BuildSubscriber {
  /** Once, as soon as the builds exist and before any waiting. */
  buildsKnown?(builds: readonly BuildResult[]): void;
  /** The builds as they stand: first when they are known, then whenever one's result changes. */
  buildsChanged?(builds: readonly BuildResult[], projectId: string): void;
  /** A build's installer is downloaded and verified, while the others go on. */
  buildDownloaded?(build: BuildResult): void;
}

export interface RunDeps {
  client: BuildClient;
  /** The system's by default; tests shrink time with their own. */
  clock?: Clock;
  sleep?: Sleep;
  /** When the waiting ends: a cancellation or the timeout. */
  deadline: StepDeadline;
  subscribers: readonly BuildSubscriber[];
  /** After a cancellation, triggers already sent get this long to answer, so their ids are known. */
  triggerGraceMs?: number;
  /** Where the builds' log files go until printed (RUNNER_TEMP); removed at the end. */
  tempDir?: string;
  /** How long a finished build's log may take to end before its download goes ahead anyway. */
  logEndWithinMs?: number;
  /** How long one build's log read goes before the next build's may start beside it. */
  logTurnMs?: number;
}

export interface BuildsRun {
  projectId: string;
  builds: readonly BuildResult[];
  /** The overall timeout ended the wait. */
  timedOut: boolean;
  /**
   * What failed the run without costing a build its place: a `build-ids` entry that could not be
   * resumed (BuildNotResumedError, naming the id). Kept as thrown; the report renders them.
   */
  errors: readonly Error[];
}
