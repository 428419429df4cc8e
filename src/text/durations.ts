// How spans of time read in the log, the summary and the PR comment.

/** A span at a human's grain: `4s`, `3m12s`, `1h02m`. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** A short span, to the tenth of a second: `1.2 s`. */
export const formatSeconds = (ms: number): string => `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
