// Build lifecycle by timers: queued → building (log lines over time) → success | failed,
// with the hang, fail, injected-line and late-line faults applied at the right moments.
import type { EventType } from '../src/service/schemas.ts';
import { signArtifactPath } from './artifacts.ts';
import {
  buildingLines,
  failureLines,
  lateLine,
  startLine,
  stillBuildingLine,
  successLines,
  type LogLine,
} from './build-log.ts';
import { matchesAnyRule, serviceNow } from './faults.ts';
import type { BuildTarget, Faults } from './options.ts';
import type { BuildTiming } from './per-build.ts';
import { buildFields, fullArtifactUrl, type BuildRecord, type Store } from './store.ts';
import type { TimerHandle, Timers } from './timers.ts';
import type { EmitEvent } from './webhooks.ts';

export interface LifecycleContext {
  store: Store;
  timers: Timers;
  faults(): Faults;
  emit: EmitEvent;
  queuedMs: number;
  /** A build's own time in `building` and gap between its log entries. */
  timing(build: BuildTarget): BuildTiming;
  logLinesPerInterval: number;
  artifactBaseUrl: string;
  signingKey: string;
}

export interface Lifecycle {
  start(build: BuildRecord): void;
  /** Stops a build's timers (its project was deleted). */
  forget(buildId: string): void;
}

export function createLifecycle(ctx: LifecycleContext): Lifecycle {
  const running = new Map<string, TimerHandle[]>();

  const track = (build: BuildRecord, handle: TimerHandle) => {
    running.set(build.id, [...(running.get(build.id) ?? []), handle]);
  };
  const forget = (buildId: string) => {
    for (const handle of running.get(buildId) ?? []) ctx.timers.cancel(handle);
    running.delete(buildId);
  };
  const append = (build: BuildRecord, lines: LogLine[]) => {
    const timestamp = serviceNow(ctx.faults(), ctx.timers.now()).toISOString();
    for (const line of lines) build.logs.push({ timestamp, ...line });
  };
  const emitBuildEvent = (type: EventType, build: BuildRecord) => {
    const project = ctx.store.projects.get(build.projectId);
    ctx.emit(type, {
      build: {
        ...buildFields(build),
        artifactUrl: fullArtifactUrl(build, ctx.artifactBaseUrl),
        duration: build.duration ?? null,
      },
      project: { id: build.projectId, name: project?.name ?? '' },
    });
  };

  const appendLateLines = (build: BuildRecord) => {
    const { lateLogLines, lateLogIntervalMs } = ctx.faults();
    for (let n = 1; n <= lateLogLines; n += 1) {
      track(
        build,
        ctx.timers.after(n * lateLogIntervalMs, () => append(build, [lateLine(n)])),
      );
    }
  };

  const finish = (build: BuildRecord) => {
    forget(build.id);
    const completed = serviceNow(ctx.faults(), ctx.timers.now());
    build.completedAt = completed.toISOString();
    build.duration = Math.round((completed.getTime() - Date.parse(build.startedAt ?? '')) / 1000);
    const endedAs = ctx.faults().endBuildsAs.find((rule) => matchesAnyRule([rule], build));
    if (endedAs !== undefined) {
      append(build, [{ level: 'warning', message: `Build ended as ${endedAs.status}.` }]);
      build.status = endedAs.status;
    } else if (matchesAnyRule(ctx.faults().failBuilds, build)) {
      append(build, failureLines(build));
      build.status = 'failed';
      emitBuildEvent('build.failed', build);
    } else {
      // A build id may be anything a test chose (triggerIds): encoded, it stays one path segment.
      const segments = [build.id, build.fileName].map(encodeURIComponent);
      build.artifactPath = `/artifacts/${segments.join('/')}`;
      build.artifactSig = signArtifactPath(ctx.signingKey, build.artifactPath);
      append(build, successLines(build));
      build.status = 'success';
      emitBuildEvent('build.succeeded', build);
    }
    appendLateLines(build);
  };

  // A hung build keeps logging slowly; once its hang rule is gone (resetFaults), it finishes.
  const hang = (build: BuildRecord) => {
    forget(build.id);
    const beat = ctx.timers.every(ctx.timing(build).logIntervalMs * 4, () => {
      if (matchesAnyRule(ctx.faults().hangBuilds, build)) {
        const now = serviceNow(ctx.faults(), ctx.timers.now()).getTime();
        const elapsed = Math.round((now - Date.parse(build.startedAt ?? '')) / 1000);
        append(build, [stillBuildingLine(elapsed)]);
      } else {
        finish(build);
      }
    });
    track(build, beat);
  };

  const begin = (build: BuildRecord) => {
    forget(build.id);
    build.startedAt = serviceNow(ctx.faults(), ctx.timers.now()).toISOString();
    append(build, [startLine(build)]);
    append(
      build,
      ctx.faults().injectLogLines.map((message) => ({ level: 'info', message })),
    );
    build.status = 'building';
    emitBuildEvent('build.started', build);
    const script = buildingLines(build, ctx.store.projects.get(build.projectId)?.url ?? '');
    const { buildingMs, logIntervalMs } = ctx.timing(build);
    let next = 0;
    track(
      build,
      ctx.timers.every(logIntervalMs, () => {
        const lines = Array.from(
          { length: ctx.logLinesPerInterval },
          (_, n) => script[(next + n) % script.length]!,
        );
        next += lines.length;
        append(build, lines);
      }),
    );
    track(
      build,
      ctx.timers.after(buildingMs, () =>
        matchesAnyRule(ctx.faults().hangBuilds, build) ? hang(build) : finish(build),
      ),
    );
  };

  return {
    start(build) {
      emitBuildEvent('build.queued', build);
      track(
        build,
        ctx.timers.after(ctx.queuedMs, () => begin(build)),
      );
    },
    forget,
  };
}
