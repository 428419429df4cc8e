// One file as an unzipped workflow artifact, the way @actions/artifact v6 uploads it with
// skipArchive, but streamed: CreateArtifact (Twirp at ACTIONS_RESULTS_URL's origin, with the
// runtime token) hands out a signed blob URL, one Put Blob sends the file there with its
// Content-Length (streamedUpload), and FinalizeArtifact records its size and sha256 and makes it
// exist. The library sends 8 MiB blocks through several streams at once and holds them all; this
// holds what the socket holds. The runtime token goes to the results origin only: the signature
// in the signed URL is the blob's credential.
import path from 'node:path';
import { stepLog } from '../runner/log.ts';
import { DEFAULT_USER_AGENT } from '../http/user-agent.ts';
import { jsonOf, serviceMessageOf } from '../http/error-body.ts';
import { withRetries } from '../http/retry.ts';
import { discardBody } from '../http/bounded-body.ts';
import { ArtifactUploadError, GitHubAnswerError, LostCreateArtifactError } from './errors.ts';
import { streamedUpload } from '../http/streamed-upload.ts';
import {
  attempt,
  deleteOwnArtifact,
  int64,
  listArtifacts,
  okAnswer,
  redactedOf,
  twirp,
  UnexpectedAnswerError,
  type ArtifactService,
} from './artifact-service.ts';

/** The Blob service version that @azure/storage-blob, under @actions/artifact, sends. */
const STORAGE_VERSION = '2026-10-06';
/** The largest blob one Put Blob creates (storage versions from 2019-12-12 on). */
export const MAX_PUT_BLOB_BYTES = 5000 * 1024 * 1024;

export interface ArtifactFile {
  path: string;
  size: number;
  sha256: string;
  /** The artifact's name; the file's own name does not matter. */
  name: string;
}

/**
 * The retention asked for, within the repository's maximum (GITHUB_RETENTION_DAYS), with
 * @actions/artifact's warning when it had to be lowered.
 */
export function allowedRetentionDays(
  days: number | undefined,
  env: NodeJS.ProcessEnv,
): number | undefined {
  const max = Number.parseInt(env.GITHUB_RETENTION_DAYS ?? '', 10);
  if (!days || Number.isNaN(max) || max <= 0 || max >= days) return days || undefined;
  stepLog.warning(
    'Retention days cannot be greater than the maximum allowed retention set within the ' +
      `repository. Using ${max} instead.`,
  );
  return max;
}

/** `expires_at` as protobuf's JSON writes a Timestamp: `days` calendar days from `now`. */
export function expiresAt(days: number, now: Date): string {
  const at = new Date(now);
  at.setDate(at.getDate() + days);
  return at.toISOString().replace('.000Z', 'Z');
}

// @actions/artifact's getMimeType (lib/internal/upload/types.js), which names the content type of
// a skipArchive upload; a contract test holds the two tables equal.
const MIME_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.css': 'text/css',
  '.csv': 'text/csv',
  '.xml': 'text/xml',
  '.md': 'text/markdown',
  '.js': 'application/javascript',
  '.mjs': 'application/javascript',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.bmp': 'image/bmp',
  '.tiff': 'image/tiff',
  '.tif': 'image/tiff',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.avi': 'video/x-msvideo',
  '.mov': 'video/quicktime',
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.zip': 'application/zip',
  '.tar': 'application/x-tar',
  '.gz': 'application/gzip',
  '.rar': 'application/vnd.rar',
  '.7z': 'application/x-7z-compressed',
  '.wasm': 'application/wasm',
  '.yaml': 'application/x-yaml',
  '.yml': 'application/x-yaml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
};

export const artifactMimeType = (name: string): string =>
  MIME_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';

/**
 * Uploads `file` as the artifact `file.name` and returns its id. Each call is retried as any
 * GitHub call is (callFailure), the upload with a fresh stream of the file; ArtifactUploadError
 * names the call that failed. The signal's reason is thrown as soon as it aborts.
 */
export async function uploadArtifactFile(
  service: ArtifactService,
  file: ArtifactFile,
  retentionDays?: number,
): Promise<number> {
  const ids = {
    workflow_run_backend_id: service.workflowRunBackendId,
    workflow_job_run_backend_id: service.workflowJobRunBackendId,
    name: file.name,
  };
  const secrets: string[] = [];
  const contentType = artifactMimeType(file.name);
  const created = {
    ...ids,
    ...(retentionDays ? { expires_at: expiresAt(retentionDays, new Date()) } : {}),
    version: 7,
    mime_type: contentType,
  };
  const lostCreate = { uncleared: false };
  const signedUrl = await twirp(
    service,
    'CreateArtifact',
    file.name,
    secrets,
    created,
    (answer) => signedUploadUrl(okAnswer(answer)),
    { reconcile: clearUnansweredCreate(service, file.name, lostCreate) },
  ).catch((error: unknown) => {
    const taken = error instanceof ArtifactUploadError && error.status === 409;
    throw taken && lostCreate.uncleared ? new LostCreateArtifactError(file.name) : error;
  });
  secrets.push(maskSignature(signedUrl));
  await withRetries(service.retry, {
    endpoint: `upload of artifact "${file.name}"`,
    signal: service.signal,
    attempt: () =>
      attempt(service, 'upload', file.name, secrets, () =>
        putBlob(service, signedUrl, file, contentType, redactedOf(service, secrets)),
      ),
  });
  const finalized = { ...ids, size: String(file.size), hash: `sha256:${file.sha256}` };
  return twirp(
    service,
    'FinalizeArtifact',
    file.name,
    secrets,
    finalized,
    (answer) => artifactId(okAnswer(answer)),
    { reconcile: finalizedEarlier(service, file.name) },
  );
}

/**
 * Before CreateArtifact is sent again after an attempt whose answer was lost: the artifact that
 * attempt may have made holds the name, unfinalized and so unlisted, and the re-send would get a
 * 409. This job's own unfinished one is deleted, so the re-send makes the one artifact. A
 * finalized one of that name (another job's) is left alone, and the re-send's 409 names it. When
 * neither is found, `lostCreate.uncleared` says so: a 409 then is this job's own earlier call.
 */
const clearUnansweredCreate =
  (service: ArtifactService, name: string, lostCreate: { uncleared: boolean }) =>
  async (): Promise<undefined> => {
    if ((await listArtifacts(service, name)).length > 0) return undefined;
    const deleted = await deleteOwnArtifact(service, name);
    lostCreate.uncleared = !deleted;
    if (deleted) {
      stepLog.info(
        `Artifact "${name}": the answer to its CreateArtifact was lost; deleted the unfinished ` +
          'artifact that call made, and creating it again.',
      );
    }
    return undefined;
  };

/** After a FinalizeArtifact whose answer was lost: the id, when it made this job's artifact. */
const finalizedEarlier =
  (service: ArtifactService, name: string) => async (): Promise<number | undefined> =>
    (await listArtifacts(service, name)).find(
      (listed) => listed.workflowJobRunBackendId === service.workflowJobRunBackendId,
    )?.id;

async function putBlob(
  service: ArtifactService,
  signedUrl: URL,
  file: ArtifactFile,
  contentType: string,
  redacted: readonly string[],
): Promise<void> {
  const answer = await streamedUpload({
    dispatcher: service.dispatcher,
    method: 'PUT',
    url: signedUrl,
    headers: {
      'content-type': contentType,
      'x-ms-blob-content-type': contentType,
      'x-ms-blob-type': 'BlockBlob',
      'x-ms-version': STORAGE_VERSION,
      'user-agent': DEFAULT_USER_AGENT,
    },
    file,
    signal: service.signal,
  });
  if (answer.ok) {
    discardBody(answer.body);
    return;
  }
  const { text, headers } = answer;
  const code = headers['x-ms-error-code'];
  const message = /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1];
  const words = [typeof code === 'string' ? code : undefined, message].filter(Boolean).join(': ');
  throw new GitHubAnswerError(
    `the upload of artifact "${file.name}"`,
    answer.status,
    { headers, data: jsonOf(text) },
    serviceMessageOf(words || text, redacted),
  );
}

function signedUploadUrl(answer: Record<string, unknown>): URL {
  const text = answer.signed_upload_url;
  let url: URL | undefined;
  try {
    url = typeof text === 'string' ? new URL(text) : undefined;
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new UnexpectedAnswerError('CreateArtifact answered without an http(s) signed_upload_url');
  }
  return url;
}

/** Masks the URL's signature in the log, as @actions/artifact does; returns it for redaction. */
function maskSignature(url: URL): string {
  const signature = url.searchParams.get('sig') ?? url.search.slice(1);
  for (const spelling of new Set([signature, encodeURIComponent(signature)])) {
    if (spelling !== '') stepLog.setSecret(spelling);
  }
  return signature;
}

function artifactId(answer: Record<string, unknown>): number {
  const id = int64(answer.artifact_id);
  if (id === undefined || id <= 0) {
    throw new UnexpectedAnswerError('FinalizeArtifact answered without an artifact_id');
  }
  return id;
}
