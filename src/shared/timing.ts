// Every fixed span of time the action waits, bounds or spaces something by: each once, named for
// what it bounds, with the reason for its figure. Spans a user sets are inputs (their defaults are
// INPUT_DEFAULTS in inputs.ts); a retry policy's figures stay beside the loop they pace
// (DEFAULT_RETRY_POLICY in http/retry.ts, and its users'), as a policy is read whole.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

// Requests

/**
 * One request to the build service or to GitHub, until its answer (a download: its next bytes):
 * longer than a loaded service takes, short enough that a lost answer costs one retry, not the step.
 */
export const REQUEST_TIMEOUT_MS = 30 * SECOND;
/**
 * Silence while an upload sends, and the wait for its answer after the last byte: GitHub checks a
 * large file before it answers (@actions/artifact's own limit of an upload without progress).
 */
export const UPLOAD_SILENCE_MS = 5 * MINUTE;
/** Silence in an exchange with the artifact service: its answers are small JSON documents. */
export const ARTIFACT_SERVICE_SILENCE_MS = MINUTE;

// The build service's clock

/**
 * Projects and webhooks this run created are recognised by their creation time on the runner's
 * clock: a few seconds of slack for a slightly slow service clock.
 */
export const CREATED_SINCE_SLACK_MS = 5 * SECOND;
/** A service's clock may run ahead of the runner's, but not by more than this. */
export const SERVICE_CLOCK_AHEAD_MAX_MS = 24 * 60 * MINUTE;

// Following the builds

/** Backoff after failed polls doubles up to this (or the poll interval): a minute at most. */
export const POLL_BACKOFF_CAP_MS = MINUTE;
/** The shortest pause between reads of a live log: late lines are caught quickly. */
export const LOG_PAUSE_MIN_MS = 200;
/** The longest pause between reads of a live log (else half the poll interval). */
export const LOG_PAUSE_MAX_MS = 2 * SECOND;
/** How long one build's log read goes before the next build's may start beside it. */
export const LOG_TURN_MS = 3 * SECOND;
/**
 * How long a finished build's log may take to end before its download goes ahead anyway: enough
 * for a long log read twice, with room; a trickling logs endpoint gets no more.
 */
export const LOG_END_WITHIN_MS = 2 * MINUTE;
/** A progress line naming each running build's phase, at most this often (README says 30 s). */
export const PROGRESS_EVERY_MS = 30 * SECOND;

// Stopping

/** After a cancellation, triggers already sent get this long to answer, so their ids are known. */
export const TRIGGER_GRACE_MS = 3 * SECOND;
/** After SIGINT/SIGTERM, the run has this long to write what it knows before the process exits. */
export const CANCEL_GRACE_MS = 5 * SECOND;

// The pull-request comment

/** At most one write of the comment this often while the builds run: GitHub asks for no bursts. */
export const COMMENT_WRITE_INTERVAL_MS = 3 * SECOND;
/**
 * The comment's last write may take this long after the run's end; then the comment stops, left
 * as it was: a GitHub that stalls costs the step this at most (README says 30 s).
 */
export const COMMENT_FINISH_WITHIN_MS = 30 * SECOND;
/** The comment's last write says how the run ended, so it may outlast the step's deadline this long. */
export const COMMENT_FINISH_GRACE_MS = 5 * SECOND;
/** A create whose answer was lost is looked for among the comments changed since this long before. */
export const COMMENT_RECONCILE_WINDOW_MS = 5 * MINUTE;
