// Where the GitHub token may go with a release asset. A release's upload_url comes from GitHub's
// answer, so it is checked before the token goes with it: only to the API's own origin (Enterprise
// Server's form, `https://HOST/api/uploads/…`) or to the API's origin with its leading `api.` label
// made `uploads.` (api.github.com → uploads.github.com, api.X.ghe.com → uploads.X.ghe.com). Same
// scheme and port; no exception for loopback.
import { commandText } from '../text/escape.ts';

export type UploadTarget =
  { allowed: true; url: string } | { allowed: false; host: string; allowedOrigins: string[] };

/** The origins an upload may go to for the API at `apiUrl`. */
export function allowedUploadOrigins(apiUrl: string): string[] {
  const api = new URL(apiUrl);
  const origins = [api.origin];
  if (api.hostname.startsWith('api.')) {
    const uploads = new URL(api.origin);
    uploads.hostname = `uploads.${api.hostname.slice('api.'.length)}`;
    origins.push(uploads.origin);
  }
  return origins;
}

/** Pure: may the token go to `uploadUrl` (a release's upload_url template)? */
export function uploadTargetOf(apiUrl: string, uploadUrl: string): UploadTarget {
  const allowedOrigins = allowedUploadOrigins(apiUrl);
  let origin: string;
  try {
    origin = new URL(uploadUrl).origin;
  } catch {
    return { allowed: false, host: `"${commandText(uploadUrl, 80)}" (no URL)`, allowedOrigins };
  }
  return allowedOrigins.includes(origin)
    ? { allowed: true, url: uploadUrl }
    : { allowed: false, host: commandText(origin, 120), allowedOrigins };
}
