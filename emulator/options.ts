// The emulator's public surface: what tests, the demo and the CLI configure and observe.
import type { Arch, CreateProjectRequest, Platform, Project } from '../src/service/schemas.ts';
import type { Clock } from './timers.ts';

/** Matches builds; an omitted field matches anything. */
export interface BuildRule {
  platform?: Platform;
  arch?: Arch;
  version?: string;
}

/** The build a per-build option is asked about. */
export interface BuildTarget {
  platform: Platform;
  arch: Arch;
  version?: string;
}

/** One value for every build, or a function of the build's target and version. */
export type PerBuild = number | ((build: BuildTarget) => number);

export interface EmulatorOptions {
  /** Listen address for both servers. Default 127.0.0.1. */
  host?: string;
  /** API port; 0 (default) picks a free one. */
  port?: number;
  /** Artifact host port (a second origin); 0 (default) picks a free one. */
  artifactPort?: number;
  /** Serve both origins over https with this certificate (PEM) instead of plain http. */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /**
   * The host name the URLs it hands out name (base URL, artifact URLs), instead of the listen
   * address: e.g. a name that only a proxy in front of it resolves.
   */
  publicHost?: string;
  /** The one accepted API key. Default: a random `dbs_test_…` key. */
  apiKey?: string;
  /** Time a build stays `queued`. Default 300 ms. */
  queuedMs?: number;
  /**
   * Time a build stays `building` (or per build, so builds end staggered, e.g. mac slower than
   * linux). Default 2000 ms.
   */
  buildingMs?: PerBuild;
  /** Gap between log entries appended while building. Default: the build's own buildingMs / 8. */
  logIntervalMs?: number;
  /** Entries appended at each log interval (a verbose packager prints a lot). Default 1. */
  logLinesPerInterval?: number;
  /** Artifact size in bytes (or per build). Default 1 MiB. */
  artifactSize?: PerBuild;
  /** Delay before a failed webhook delivery is retried (3 retries). Default 200 ms. */
  webhookRetryDelayMs?: number;
  /**
   * Where deliveries really go. Webhook urls must be https (spec §4.3); tests register
   * `https://receiver.test/…` and map it to a loopback http receiver here.
   */
  webhookTarget?: (registeredUrl: URL) => URL;
  /** Projects that exist from the start (validated like Create Project); `id` fixes a project's id. */
  seedProjects?: Array<CreateProjectRequest & { id?: string }>;
  /**
   * The time and timers it runs on. Default: the process's own. A test passes a
   * `createManualClock()` to move the emulator's time itself, step by step.
   */
  clock?: Clock;
}

/** Fault switches. Tests mutate `emulator.faults` at any time; `emulator.resetFaults()` clears them. */
export interface Faults {
  /** The next N API requests answer this 5xx status (default 503). */
  serverErrors: { count: number; status?: number };
  /**
   * Every API request answers 503 until this epoch-ms instant on the emulator's clock (a burst
   * lasting some seconds).
   */
  serverErrorsUntil: number;
  /** The next N API requests answer 429 with this `Retry-After` value (seconds or an HTTP date). */
  rateLimit: { count: number; retryAfter: string };
  /** The next N Trigger Build requests create the build, then destroy the socket without answering. */
  loseTriggerResponses: number;
  /** The next N Trigger Build requests create the build at once and answer `delayMs` later. */
  slowTriggers: { count: number; delayMs: number };
  /** The next N JSON responses carry a truncated, unparsable body (status 200). */
  malformedJson: number;
  /** The next N artifact downloads are cut (socket destroyed) after this many bytes. */
  cutDownloads: { count: number; afterBytes: number };
  /** The artifact host ignores `Range` and always answers 200 with the whole file. */
  ignoreRange: boolean;
  /**
   * A cut download's artifact is replaced at once by a new version (new bytes, new ETag), as when
   * the object behind a URL changes between a cut and its resume.
   */
  replaceArtifactOnCut: boolean;
  /** The next N artifact-host requests answer 403 with an S3-style "Request has expired" body. */
  expiredArtifactUrls: number;
  /** Builds matching any rule end `failed`, with error lines in their log. */
  failBuilds: BuildRule[];
  /**
   * Builds matching a rule end with that rule's status, one the spec does not list (a service
   * that grew, e.g. `cancelled`), instead of success or failure.
   */
  endBuildsAs: Array<BuildRule & { status: string }>;
  /** Builds matching any rule stay `building` forever. */
  hangBuilds: BuildRule[];
  /** Extra log lines written into every build's log while it builds (e.g. hostile workflow commands). */
  injectLogLines: string[];
  /** Log entries still appended after a build reached its final status, one per `lateLogIntervalMs`. */
  lateLogLines: number;
  lateLogIntervalMs: number;
  /**
   * The artifact host sends this file name in `Content-Disposition` (e.g. `../../etc/passwd`), or
   * for each build the name a function of its target gives (null: the build's own).
   */
  hostileFileName: string | null | ((build: Required<BuildTarget>) => string | null);

  // A hostile or broken service: values the test chooses, to show the client refuses them.
  /**
   * The next Trigger Builds create their builds under these ids, in order, and answer with them
   * (each used up). Any string works (`build_x\n::error::`, `../../x`, `|`, `<img src=x>`): the
   * build is stored under it and served by its URL-encoded form (Get Build, logs, download); the
   * artifact URL and `buildLog` carry it URL-encoded. An id already in use replaces that build.
   */
  triggerIds: string[];
  /**
   * Every Trigger Build after the first one made while this is on answers with that first build's
   * id; each trigger still creates its own build under its own id. A new faults object (as
   * `resetFaults()` makes) starts afresh, and so does a trigger made while it is off.
   */
  duplicateTriggerIds: boolean;
  /** Get Build answers with this `id` in its body instead of the one asked for (the rest unchanged). */
  getBuildAnswersId: string | null;
  /**
   * Get Build and List Builds report this status (any string) instead of the build's own, while it
   * is set; the build itself, its webhooks and `emulator.builds()` keep the real one.
   */
  reportStatus: string | null;
  /**
   * Trigger Build answers for builds matching any rule with this status (any string, one carrying
   * a workflow command say) instead of `queued`; the build itself is queued and runs as usual.
   */
  triggerStatus: { rules: BuildRule[]; status: string };
  /**
   * Get Build reports builds matching any rule as this platform and/or arch (any strings; one left
   * out stays the build's own), while the build keeps its real target everywhere else.
   */
  reportTarget: { rules: BuildRule[]; platform?: string; arch?: string };
  /**
   * The artifact host answers every GET/HEAD request without an Authorization header (it still
   * refuses one) with a 302 to this absolute URL, e.g. one on the API's own origin.
   */
  artifactRedirect: string | null;
  /** The artifact host's 200/206 answers carry this Content-Type instead of `application/octet-stream`. */
  artifactContentType: string | null;
  /**
   * The API's download endpoint answers every request with this status and the service's usual
   * error body, `{ error: { code: 'download_refused', message } }` (e.g. a message echoing the key).
   */
  downloadRefusal: { status: number; message: string } | null;
  /**
   * The logs endpoint of builds matching any rule sends its headers (with Content-Length) at once,
   * then its body one byte every `byteIntervalMs`, until done or the client goes away; its timer is
   * one of the emulator's, so `close()` stops it too.
   */
  trickleLogs: { rules: BuildRule[]; byteIntervalMs: number };
  /**
   * Every log message in the logs endpoint's body carries a lone 0xff byte in its middle (invalid
   * UTF-8); the JSON is otherwise well-formed.
   */
  invalidUtf8Logs: boolean;
  /** The logs endpoint lists entries newest first. */
  reverseLogs: boolean;
  /**
   * While this is N > 0, a build's log is rotated after the logs endpoint's Nth read of it: later
   * reads list only the entries written since that read, as a service that rotates its log
   * files mid-build. Off again, the endpoint lists the whole log.
   */
  rotateLogsAfterReads: number;
  /**
   * While this is N > 0, the logs endpoint pads its JSON body with trailing spaces to N bytes (a
   * longer body is sent as it is): every answer has the same Content-Length while the log grows,
   * as a log rewritten in place (rotated, a progress line updated) keeps its length.
   */
  logsPaddedTo: number;
  /**
   * The service's clock runs this many ms ahead of the real one (negative: behind): every
   * timestamp the API writes from now on (builds, their logs, projects, webhooks) and its Date
   * header.
   */
  clockSkewMs: number;
  /**
   * The artifact host sends the installers of builds matching any rule gzip-compressed, with
   * `Content-Encoding: gzip` and the compressed length, though no client asked for it (no
   * Accept-Encoding); Range is ignored.
   */
  gzipArtifacts: BuildRule[];
  /**
   * For builds matching any rule, the artifact host sends `bytes` fewer than the artifact has,
   * with a Content-Length (and Content-Range) that match what it sends; the build's artifactSize
   * still says the whole.
   */
  shortArtifacts: { rules: BuildRule[]; bytes: number };
  /**
   * For builds matching any rule, the artifact host's Content-Length (and Content-Range total)
   * announce `bytes` more than the artifact has; it sends the artifact's bytes, then closes the
   * connection.
   */
  overstatedArtifactLength: { rules: BuildRule[]; bytes: number };
  /** Get Build answers `artifactSize: null` for builds matching any rule (they still have one). */
  unsizedArtifacts: BuildRule[];
  /**
   * For builds matching any rule, the artifact host sends the installer chunked (no
   * Content-Length, Range ignored) and starts it over each time it ends, until the client goes
   * away: a download with no end of its own.
   */
  endlessArtifacts: BuildRule[];
  /**
   * A 206's Content-Range total announces this many bytes more than the artifact has (its 200s
   * announce the true length), under the same ETag: a resume that would splice two objects.
   */
  resumeTotalDelta: number;
  /**
   * The next N Get Build answers (for a build that exists) are valid JSON: the build as Get Build
   * shows it (other faults applied) plus a last string field, `padding`, making the body about
   * `bytes` long. Sent chunked, with no Content-Length (a client must bound it while it streams),
   * and generated chunk by chunk as the client takes them (backpressure), so the emulator never
   * holds it; generation stops when the client goes away.
   */
  oversizedAnswers: { count: number; bytes: number };
  /**
   * For builds matching any rule, Get Build (`getBuild`) and the logs endpoint (`logs`), as listed,
   * answer with valid JSON about `bytes` long, nearly all of it nesting: Get Build as it shows the
   * build plus a last field `nested`, `[[[…]]]`; the logs endpoint the log plus one last entry,
   * `[[[…]]]`. Sent and generated like oversizedAnswers' padding, every time they are asked.
   */
  nestedAnswers: { rules: BuildRule[]; endpoints: ('getBuild' | 'logs')[]; bytes: number };
}

export interface RecordedRequest {
  origin: 'api' | 'artifact';
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The status answered; 0 until the answer was sent whole (and for good, if it never was). */
  status: number;
  /** When the request came (epoch ms on the emulator's clock). */
  at: number;
  /** When its answer was sent whole, or its connection closed before that. */
  endedAt?: number;
}

export interface ArtifactInfo {
  fileName: string;
  size: number;
  sha256: string;
}

export interface Delivery {
  eventId: string;
  type: string;
  url: string;
  attempt: number;
  status: number | null;
  at: number;
}

/** What `startEmulator()` (emulator/index.ts) resolves to. */
export interface Emulator {
  /** API base, with the `/v1` prefix: `http://127.0.0.1:<port>/v1` (https with `tls`). */
  readonly baseUrl: string;
  /** The artifact host, another origin: `http://127.0.0.1:<artifactPort>`. */
  readonly artifactBaseUrl: string;
  readonly apiKey: string;
  faults: Faults;
  resetFaults(): void;
  /** Every request both servers received, in order. */
  readonly requests: RecordedRequest[];
  /** Every webhook delivery attempt, in order. */
  readonly deliveries: Delivery[];
  /** Every build ever created, as Get Build shows it now when no fault alters the answer. */
  builds(): import('../src/service/schemas.ts').Build[];
  /** Every project that exists now, as Get Project shows it. */
  projects(): Project[];
  /** Name, size and sha256 of a build's artifact (known before it is served). */
  artifactFor(buildId: string): ArtifactInfo;
  close(): Promise<void>;
}
