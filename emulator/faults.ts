// Fault switches: defaults, rule matching, count-based faults that are used up as they fire, and
// what the duplicate-trigger-id fault has to remember.
import type { BuildRule, Faults } from './options.ts';

export function defaultFaults(): Faults {
  return {
    serverErrors: { count: 0 },
    serverErrorsUntil: 0,
    rateLimit: { count: 0, retryAfter: '1' },
    loseTriggerResponses: 0,
    slowTriggers: { count: 0, delayMs: 0 },
    malformedJson: 0,
    cutDownloads: { count: 0, afterBytes: 0 },
    ignoreRange: false,
    replaceArtifactOnCut: false,
    expiredArtifactUrls: 0,
    failBuilds: [],
    endBuildsAs: [],
    hangBuilds: [],
    injectLogLines: [],
    lateLogLines: 0,
    lateLogIntervalMs: 50,
    hostileFileName: null,
    triggerIds: [],
    duplicateTriggerIds: false,
    getBuildAnswersId: null,
    reportStatus: null,
    triggerStatus: { rules: [], status: 'queued' },
    reportTarget: { rules: [] },
    artifactRedirect: null,
    artifactContentType: null,
    downloadRefusal: null,
    trickleLogs: { rules: [], byteIntervalMs: 1000 },
    invalidUtf8Logs: false,
    reverseLogs: false,
    rotateLogsAfterReads: 0,
    logsPaddedTo: 0,
    clockSkewMs: 0,
    gzipArtifacts: [],
    shortArtifacts: { rules: [], bytes: 0 },
    overstatedArtifactLength: { rules: [], bytes: 0 },
    unsizedArtifacts: [],
    endlessArtifacts: [],
    resumeTotalDelta: 0,
    oversizedAnswers: { count: 0, bytes: 0 },
    nestedAnswers: { rules: [], endpoints: [], bytes: 0 },
  };
}

/** The service's clock: the emulator's (`now`, ms since the epoch), `clockSkewMs` off. */
export const serviceNow = (faults: Pick<Faults, 'clockSkewMs'>, now: number): Date =>
  new Date(now + faults.clockSkewMs);

export function matchesAnyRule(
  rules: readonly BuildRule[],
  build: { platform: string; arch: string; version: string },
): boolean {
  return rules.some(
    (rule) =>
      (rule.platform === undefined || rule.platform === build.platform) &&
      (rule.arch === undefined || rule.arch === build.arch) &&
      (rule.version === undefined || rule.version === build.version),
  );
}

/** Uses up one firing of a count-based fault; true when it fired. */
export function consume(holder: { count: number }): boolean {
  if (holder.count <= 0) return false;
  holder.count -= 1;
  return true;
}

/** Same, for the faults that are a bare count. */
export function consumeCount(
  faults: Faults,
  field: 'loseTriggerResponses' | 'malformedJson' | 'expiredArtifactUrls',
): boolean {
  if (faults[field] <= 0) return false;
  faults[field] -= 1;
  return true;
}

/**
 * The id each Trigger Build answers with. While `duplicateTriggerIds` is on, that is the id of the
 * first build created since it went on; the memory belongs to one faults object, so a new one (as
 * `resetFaults()` makes) starts afresh, and a trigger made while the switch is off clears it.
 */
export function createTriggerIdAnswers(): (faults: Faults, createdId: string) => string {
  const first = new WeakMap<Faults, string>();
  return (faults, createdId) => {
    if (!faults.duplicateTriggerIds) {
      first.delete(faults);
      return createdId;
    }
    const answered = first.get(faults) ?? createdId;
    first.set(faults, answered);
    return answered;
  };
}
