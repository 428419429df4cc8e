// How spans of time, and a moment, read in the log, the summary and the PR comment.

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

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A moment to the minute, the same for every reader whatever their time zone: `28 Nov 2026, 16:11 UTC`. */
export function formatUtcMinute(ms: number): string {
  const date = new Date(ms);
  const time = [date.getUTCHours(), date.getUTCMinutes()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${time} UTC`;
}
