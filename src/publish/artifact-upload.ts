// One file as an unzipped workflow artifact, the way @actions/artifact v6 uploads it with
// skipArchive, but streamed: CreateArtifact (Twirp at ACTIONS_RESULTS_URL's origin, with the
// runtime token) hands out a signed blob URL, one Put Blob sends the file there with its
// Content-Length, read no faster than the socket takes it, and FinalizeArtifact records its size
// and sha256 and makes it exist. The library sends 8 MiB blocks through several streams at once
// and holds them all; this holds what the socket holds. The runtime token goes to the results
// origin only: the signature in the signed URL is the blob's credential.
import * as core from '@actions/core';
import type { Dispatcher } from 'undici';
import { DEFAULT_USER_AGENT } from '../api/client.ts';
import { serviceMessageOf } from '../api/error-body.ts';
import { ResponseTooLargeError } from '../api/errors.ts';
import {
  parseRetryAfter,
  withRetries,
  type AttemptFailure,
  type AttemptResult,
  type RetryRuntime,
} from '../api/retry.ts';
import { boundedChunks, discardBody, errorBodyStart } from '../api/transport.ts';
import { messageOf } from '../errors.ts';
import { ArtifactSettingError, ArtifactUploadError, type ArtifactStep } from './errors.ts';
import { fileBody } from './file-body.ts';

const TWIRP_PATH = '/twirp/github.actions.results.api.v1.ArtifactService/';
/** The Blob service version that @azure/storage-blob, under @actions/artifact, sends. */
const STORAGE_VERSION = '2026-10-06';
/** The largest blob one Put Blob creates (storage versions from 2019-12-12 on). */
export const MAX_PUT_BLOB_BYTES = 5000 * 1024 * 1024;
/** The service's answers are ~1 KB; this bounds what a broken one can make the runner hold. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const TWIRP_SILENCE_MS = 60_000;
// @actions/artifact's own limit of an upload without progress; a deadline is the signal's.
const UPLOAD_SILENCE_MS = 5 * 60_000;

export interface ArtifactService {
  /** The action's one proxy-aware dispatcher (createDispatcher). */
  dispatcher: Dispatcher;
  /** ACTIONS_RESULTS_URL's origin, the only one sent the runtime token. */
  resultsOrigin: string;
  runtimeToken: string;
  workflowRunBackendId: string;
  workflowJobRunBackendId: string;
  retry: RetryRuntime;
  /** Ends every call in flight (the step's deadline, or a signal). */
  signal?: AbortSignal;
}

export interface ArtifactFile {
  path: string;
  size: number;
  sha256: string;
  /** The artifact's name; the file's own name does not matter. */
  name: string;
}

/** The run and job the token is for, from its `scp` claim's `Actions.Results:<run>:<job>`. */
export function backendIdsOf(
  token: string,
): Pick<ArtifactService, 'workflowRunBackendId' | 'workflowJobRunBackendId'> {
  const problem = (what: string) => new ArtifactSettingError('ACTIONS_RUNTIME_TOKEN', what);
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    claims = undefined;
  }
  if (typeof claims !== 'object' || claims === null) {
    throw problem('is not a JWT (its second part is not base64url-encoded JSON)');
  }
  const scp = (claims as { scp?: unknown }).scp;
  if (typeof scp !== 'string') throw problem('has no `scp` claim');
  const scope = scp.split(' ').find((s) => s.split(':')[0] === 'Actions.Results');
  if (scope === undefined) throw problem('grants no Actions.Results scope in its `scp` claim');
  const [, run, job, ...rest] = scope.split(':');
  if (!run || !job || rest.length > 0) {
    throw problem('has an Actions.Results scope that is not Actions.Results:<run>:<job>');
  }
  return { workflowRunBackendId: run, workflowJobRunBackendId: job };
}

/** The service as the runner's variables describe it; ArtifactSettingError when they do not. */
export function artifactServiceOf(
  env: NodeJS.ProcessEnv,
  transport: Pick<ArtifactService, 'dispatcher' | 'retry' | 'signal'>,
): ArtifactService {
  const runtimeToken = env.ACTIONS_RUNTIME_TOKEN ?? '';
  if (runtimeToken === '') throw new ArtifactSettingError('ACTIONS_RUNTIME_TOKEN', 'is not set');
  let resultsOrigin: string;
  try {
    resultsOrigin = new URL(env.ACTIONS_RESULTS_URL ?? '').origin;
  } catch {
    throw new ArtifactSettingError('ACTIONS_RESULTS_URL', 'is not a URL');
  }
  return { ...transport, resultsOrigin, runtimeToken, ...backendIdsOf(runtimeToken) };
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
  core.warning(
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

// What @actions/artifact's getMimeType gives the names an installer or its archive can have;
// any other name is application/octet-stream there too, but for documents and images.
const MIME_TYPES: Record<string, string> = {
  zip: 'application/zip',
  tar: 'application/x-tar',
  gz: 'application/gzip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};

export const artifactMimeType = (name: string): string => {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return MIME_TYPES[extension] ?? 'application/octet-stream';
};

/**
 * Uploads `file` as the artifact `file.name` and returns its id. Each call is retried on a 5xx,
 * a 429 or a broken connection, the upload with a fresh stream of the file; ArtifactUploadError
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
  const secrets = [service.runtimeToken];
  const contentType = artifactMimeType(file.name);
  const created = {
    ...ids,
    ...(retentionDays ? { expires_at: expiresAt(retentionDays, new Date()) } : {}),
    version: 7,
    mime_type: contentType,
  };
  const signedUrl = await twirp(
    service,
    'CreateArtifact',
    file.name,
    secrets,
    created,
    signedUploadUrl,
  );
  secrets.push(maskSignature(signedUrl));
  await withRetries(service.retry, {
    endpoint: `upload of artifact "${file.name}"`,
    signal: service.signal,
    attempt: () =>
      attempt(service, 'upload', file.name, secrets, () =>
        putBlob(service, signedUrl, file, contentType),
      ),
  });
  const finalized = { ...ids, size: String(file.size), hash: `sha256:${file.sha256}` };
  return twirp(service, 'FinalizeArtifact', file.name, secrets, finalized, artifactId);
}

/** A non-2xx answer: its status, headers and the service's words (made inert when shown). */
class Refusal extends Error {
  readonly status: number;
  readonly headers: Dispatcher.ResponseData['headers'];
  constructor(status: number, headers: Dispatcher.ResponseData['headers'], detail: string) {
    super(detail);
    this.status = status;
    this.headers = headers;
  }
}

/** A 2xx answer that is not what the call answers; asking again would not help. */
class UnexpectedAnswer extends Error {}

/** A Twirp call, retried; `read` takes what is needed from its answer or throws UnexpectedAnswer. */
const twirp = <T>(
  service: ArtifactService,
  method: 'CreateArtifact' | 'FinalizeArtifact',
  name: string,
  secrets: readonly string[],
  request: Record<string, unknown>,
  read: (answer: Record<string, unknown>) => T,
): Promise<T> =>
  withRetries(service.retry, {
    endpoint: `${method} of artifact "${name}"`,
    signal: service.signal,
    attempt: () =>
      attempt(service, method, name, secrets, async () =>
        read(await call(service, method, request)),
      ),
  });

async function call(
  service: ArtifactService,
  method: string,
  request: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { statusCode, headers, body } = await service.dispatcher.request({
    origin: service.resultsOrigin,
    path: `${TWIRP_PATH}${method}`,
    method: 'POST',
    headers: {
      authorization: `Bearer ${service.runtimeToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': DEFAULT_USER_AGENT,
    },
    body: JSON.stringify(request),
    signal: service.signal ?? null,
    headersTimeout: TWIRP_SILENCE_MS,
    bodyTimeout: TWIRP_SILENCE_MS,
  });
  if (statusCode < 200 || statusCode >= 300) {
    const text = await errorBodyStart(body);
    throw new Refusal(statusCode, headers, twirpMessage(text) ?? text);
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of boundedChunks(body, headers, MAX_ANSWER_BYTES, method)) {
      chunks.push(chunk);
    }
  } finally {
    discardBody(body);
  }
  let answer: unknown;
  try {
    answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    answer = undefined;
  }
  if (typeof answer !== 'object' || answer === null || (answer as { ok?: unknown }).ok !== true) {
    throw new UnexpectedAnswer(`the artifact service answered HTTP ${statusCode} without ok: true`);
  }
  return answer as Record<string, unknown>;
}

async function putBlob(
  service: ArtifactService,
  signedUrl: URL,
  file: ArtifactFile,
  contentType: string,
): Promise<void> {
  const { statusCode, headers, body } = await service.dispatcher.request({
    origin: signedUrl.origin,
    path: `${signedUrl.pathname}${signedUrl.search}`,
    method: 'PUT',
    headers: {
      'content-length': String(file.size),
      'content-type': contentType,
      'x-ms-blob-content-type': contentType,
      'x-ms-blob-type': 'BlockBlob',
      'x-ms-version': STORAGE_VERSION,
      'user-agent': DEFAULT_USER_AGENT,
    },
    body: fileBody(file.path),
    signal: service.signal ?? null,
    headersTimeout: UPLOAD_SILENCE_MS,
    bodyTimeout: UPLOAD_SILENCE_MS,
  });
  if (statusCode >= 200 && statusCode < 300) {
    discardBody(body);
    return;
  }
  const text = await errorBodyStart(body);
  const code = headers['x-ms-error-code'];
  const message = /<Message>([\s\S]*?)<\/Message>/.exec(text)?.[1];
  const words = [typeof code === 'string' ? code : undefined, message].filter(Boolean).join(': ');
  throw new Refusal(statusCode, headers, words || text);
}

/** One try of a call; what went wrong, classified for the retry policy. */
async function attempt<T>(
  service: ArtifactService,
  step: ArtifactStep,
  name: string,
  secrets: readonly string[],
  exchange: () => Promise<T>,
): Promise<AttemptResult<T>> {
  try {
    return { ok: true, value: await exchange() };
  } catch (error) {
    if (service.signal?.aborted) throw service.signal.reason;
    return { ok: false, failure: failureOf(service, step, name, secrets, error) };
  }
}

function failureOf(
  service: ArtifactService,
  step: ArtifactStep,
  name: string,
  secrets: readonly string[],
  error: unknown,
): AttemptFailure {
  if (error instanceof Refusal) {
    const { status } = error;
    const retryable = status === 429 || status >= 500;
    const retryAfter = error.headers['retry-after'];
    return {
      retryable,
      outcomeUnknown: status >= 500,
      retryAfterMs: retryable
        ? parseRetryAfter(
            typeof retryAfter === 'string' ? retryAfter : undefined,
            service.retry.now(),
          )
        : undefined,
      reason: `HTTP ${status}`,
      toError: (attempts) =>
        new ArtifactUploadError(name, step, {
          status,
          attempts,
          detail: serviceMessageOf(error.message, secrets) ?? 'the service gave no reason',
        }),
    };
  }
  const final = error instanceof UnexpectedAnswer || error instanceof ResponseTooLargeError;
  const code = (error as { code?: unknown }).code;
  return {
    retryable: !final,
    outcomeUnknown: !final,
    reason: final ? 'unexpected answer' : typeof code === 'string' ? code : 'no answer',
    toError: (attempts) =>
      new ArtifactUploadError(name, step, {
        status: undefined,
        attempts,
        detail: serviceMessageOf(messageOf(error), secrets) ?? 'no answer',
      }),
  };
}

/** Twirp's error body is `{code, msg}`. */
function twirpMessage(text: string): string | undefined {
  try {
    const msg = (JSON.parse(text) as { msg?: unknown }).msg;
    return typeof msg === 'string' ? msg : undefined;
  } catch {
    return undefined;
  }
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
    throw new UnexpectedAnswer('CreateArtifact answered without an http(s) signed_upload_url');
  }
  return url;
}

/** Masks the URL's signature in the log, as @actions/artifact does; returns it for redaction. */
function maskSignature(url: URL): string {
  const signature = url.searchParams.get('sig') ?? url.search.slice(1);
  for (const spelling of new Set([signature, encodeURIComponent(signature)])) {
    if (spelling !== '') core.setSecret(spelling);
  }
  return signature;
}

function artifactId(answer: Record<string, unknown>): number {
  const id = answer.artifact_id;
  const value = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new UnexpectedAnswer('FinalizeArtifact answered without an artifact_id');
  }
  return value;
}
