/**
 * One request to the build service or to GitHub, until its answer (a download: its next bytes):
 * longer than a loaded service takes, short enough that a lost answer costs one retry, not the step.
 */
export declare const REQUEST_TIMEOUT_MS: number;
/**
 * Silence while an upload sends, and the wait for its answer after the last byte: GitHub checks a
 * large file before it answers (@actions/artifact's own limit of an upload without progress).
 */
export declare const UPLOAD_SILENCE_MS: number;
/** Silence in an exchange with the artifact service: its answers are small JSON documents. */
export declare const ARTIFACT_SERVICE_SILENCE_MS: number;
/**
 * Projects and webhooks this run created are recognised by their creation time on the runner's
 * clock: a few seconds of slack for a slightly slow service clock.
 */
export declare const CREATED_SINCE_SLACK_MS: number;
/** A service's clock may run ahead of the runner's, but not by more than this. */
export declare const SERVICE_CLOCK_AHEAD_MAX_MS: number;
/** Backoff after failed polls doubles up to this (or the poll interval): a minute at most. */
export declare const POLL_BACKOFF_CAP_MS: number;
/** The shortest pause between reads of a live log: late lines are caught quickly. */
export declare const LOG_PAUSE_MIN_MS = 200;
/** The longest pause between reads of a live log (else half the poll interval). */
export declare const LOG_PAUSE_MAX_MS: number;
/** How long one build's log read goes before the next build's may start beside it. */
export declare const LOG_TURN_MS: number;
/**
 * How long a finished build's log may take to end before its download goes ahead anyway: enough
 * for a long log read twice, with room; a trickling logs endpoint gets no more.
 */
export declare const LOG_END_WITHIN_MS: number;
/** A progress line naming each running build's phase, at most this often (README says 30 s). */
export declare const PROGRESS_EVERY_MS: number;
/** After a cancellation, triggers already sent get this long to answer, so their ids are known. */
export declare const TRIGGER_GRACE_MS: number;
/** After SIGINT/SIGTERM, the run has this long to write what it knows before the process exits. */
export declare const CANCEL_GRACE_MS: number;
/** At most one write of the comment this often while the builds run: GitHub asks for no bursts. */
export declare const COMMENT_WRITE_INTERVAL_MS: number;
/**
 * The comment's last write may take this long after the run's end; then the comment stops, left
 * as it was: a GitHub that stalls costs the step this at most (README says 30 s).
 */
export declare const COMMENT_FINISH_WITHIN_MS: number;
/** The comment's last write says how the run ended, so it may outlast the step's deadline this long. */
export declare const COMMENT_FINISH_GRACE_MS: number;
/** A create whose answer was lost is looked for among the comments changed since this long before. */
export declare const COMMENT_RECONCILE_WINDOW_MS: number;
