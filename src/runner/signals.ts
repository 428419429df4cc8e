// SIGINT/SIGTERM (a cancelled workflow run) stop the run, which then writes what it knows; a run
// that does not stop in time is ended anyway.
import { stepLog } from './log.ts';
import { CANCEL_GRACE_MS } from '../shared/timing.ts';

export function watchSignals(): { signal: AbortSignal; dispose: () => void } {
  const cancel = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    if (cancel.signal.aborted) return;
    stepLog.info(`Received ${name}: stopping, then writing outputs and the summary`);
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
