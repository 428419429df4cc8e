// What a run amounts to when it is reported: the builds' results and the run's own facts. Built
// once by main.ts; outputs, annotations, the summary and the verdict only read it.
import type { BuildResult } from '../builds/result.ts';
import type { Published } from '../publish/types.ts';

export interface RunFacts {
  builds: readonly BuildResult[];
  /** false with `wait: false`: unfinished builds are expected, not failures. */
  waited: boolean;
  timedOut: boolean;
  /** The `timeout` input, for the message; undefined before the inputs were read. */
  timeoutMs: number | undefined;
  /** The signal that cancelled the step. */
  cancelledBy: string | undefined;
  failOnError: boolean;
  /**
   * Fatal errors: invalid inputs, an unreachable service, a failed publish. Kept as thrown (their
   * facts on them) until the verdict renders each one's message, once.
   */
  errors: readonly Error[];
  published: Published;
  /** The pull-request comment this run wrote, '' when it wrote none; undefined without a comment. */
  commentUrl?: string;
}
