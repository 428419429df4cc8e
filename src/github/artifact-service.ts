// GitHub's artifact service as @actions/artifact v6 speaks to it: Twirp JSON calls at
// ACTIONS_RESULTS_URL's origin with the runtime token, for the run and job named in that token.
// The few calls the action makes are made here, so the library (several MiB of code with the
// Azure SDK, loaded only to list and delete) stays unloaded on the usual path.
import type { Dispatcher } from 'undici';
import { DEFAULT_USER_AGENT } from '../http/user-agent.ts';
import { jsonOf, serviceMessageOf } from '../http/error-body.ts';
import { ResponseTooLargeError } from '../http/errors.ts';
import {
  withRetries,
  type AttemptFailure,
  type AttemptResult,
  type RetryRuntime,
} from '../http/retry.ts';
import { boundedJson, errorBodyStart } from '../http/bounded-body.ts';
import { ActionError, messageOf } from '../shared/errors.ts';
import { ARTIFACT_SERVICE_SILENCE_MS } from '../shared/timing.ts';
import { GitHubAnswerError } from './errors.ts';
import { ArtifactSettingError, ArtifactUploadError, type ArtifactStep } from './errors.ts';
import { callFailure } from './client.ts';

const TWIRP_PATH = '/twirp/github.actions.results.api.v1.ArtifactService/';
/** One artifact's answer is ~1 KB; this bounds what a broken one can make the runner hold. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** A run's list: a few hundred bytes per artifact, a thousand artifacts at most. */
const MAX_LIST_BYTES = 16 * 1024 * 1024;

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

type BackendIds = Pick<ArtifactService, 'workflowRunBackendId' | 'workflowJobRunBackendId'>;

/** The run and job the token is for, from its `scp` claim's `Actions.Results:<run>:<job>`. */
export function backendIdsOf(token: string): BackendIds {
  const problem = (what: string) => new ArtifactSettingError('ACTIONS_RUNTIME_TOKEN', what);
  const claims = jsonOf(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  if (typeof claims !== 'object' || claims === null) {
    throw problem('is not a JWT (its second part is not base64url-encoded JSON)');
  }
  const scp = (claims as { scp?: unknown }).scp;
  if (typeof scp !== 'string') throw problem('has no `scp` claim');
  const scope = scp.split(' ').find((entry) => entry.split(':')[0] === 'Actions.Results');
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

const idsOf = (ids: BackendIds) => ({
  workflow_run_backend_id: ids.workflowRunBackendId,
  workflow_job_run_backend_id: ids.workflowJobRunBackendId,
});

/** A listed artifact: its name, and the run and job that made it (deleting it names them). */
export interface Listed extends BackendIds {
  name: string;
  id: number;
}

/** Names of the run's artifacts (every job's, every attempt's), as the library lists them. */
export async function listArtifactNames(service: ArtifactService): Promise<Set<string>> {
  const listed = await listArtifacts(service, undefined);
  return new Set(listed.map((artifact) => artifact.name));
}

/** Deletes the newest artifact of the run called `name`, as the library's deleteArtifact does. */
export async function deleteArtifact(service: ArtifactService, name: string): Promise<void> {
  const [newest] = (await listArtifacts(service, name)).sort((older, newer) => newer.id - older.id);
  if (newest === undefined) return;
  await twirp(service, 'DeleteArtifact', name, [], { ...idsOf(newest), name }, okAnswer);
}

/**
 * Deletes the artifact `name` that this job made, finalized or not; false when it has none. The
 * way back from a CreateArtifact whose answer was lost: its artifact holds the name.
 */
export async function deleteOwnArtifact(service: ArtifactService, name: string): Promise<boolean> {
  try {
    await twirp(service, 'DeleteArtifact', name, [], { ...idsOf(service), name }, okAnswer);
    return true;
  } catch (error) {
    if (error instanceof ArtifactUploadError && error.status === 404) return false;
    throw error;
  }
}

/** The run's finalized artifacts (every job's), or those called `name`. */
export const listArtifacts = (
  service: ArtifactService,
  name: string | undefined,
): Promise<Listed[]> =>
  twirp(
    service,
    'ListArtifacts',
    name,
    [],
    { ...idsOf(service), ...(name === undefined ? {} : { name_filter: name }) },
    listedArtifacts,
    { maxBytes: MAX_LIST_BYTES },
  );

/** A 2xx answer that is not what the call answers; asking again would not help. */
export class UnexpectedAnswerError extends ActionError {}

type TwirpMethod = Exclude<ArtifactStep, 'upload'>;

interface TwirpOptions<T> {
  /** The largest answer read; 1 MiB unless said. */
  maxBytes?: number;
  /** Looks for (or clears) the effect of an attempt whose answer was lost, before re-sending. */
  reconcile?: () => Promise<T | undefined>;
}

/**
 * A Twirp call under the retry policy; `read` takes what is needed from its answer or throws
 * UnexpectedAnswerError. `name` is the artifact it is about, for messages; `secrets` are redacted from
 * them besides the runtime token.
 */
export const twirp = <T>(
  service: ArtifactService,
  method: TwirpMethod,
  name: string | undefined,
  secrets: readonly string[],
  request: Record<string, unknown>,
  read: (answer: Record<string, unknown>) => T,
  { maxBytes = MAX_ANSWER_BYTES, reconcile }: TwirpOptions<T> = {},
): Promise<T> =>
  withRetries(service.retry, {
    endpoint: callName(method, name),
    signal: service.signal,
    attempt: () =>
      attempt(service, method, name, secrets, async () =>
        read(await call(service, method, name, request, maxBytes, redactedOf(service, secrets))),
      ),
    reconcile,
  });

const callName = (method: TwirpMethod, name: string | undefined): string =>
  name === undefined ? method : `${method} of artifact "${name}"`;

/** What is never shown of an answer: the runtime token, and the call's own `secrets`. */
export const redactedOf = (service: ArtifactService, secrets: readonly string[]): string[] => [
  service.runtimeToken,
  ...secrets,
];

async function call(
  service: ArtifactService,
  method: TwirpMethod,
  name: string | undefined,
  request: Record<string, unknown>,
  maxBytes: number,
  redacted: readonly string[],
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
    headersTimeout: ARTIFACT_SERVICE_SILENCE_MS,
    bodyTimeout: ARTIFACT_SERVICE_SILENCE_MS,
  });
  if (statusCode < 200 || statusCode >= 300) {
    const text = await errorBodyStart(body);
    throw new GitHubAnswerError(
      callName(method, name),
      statusCode,
      { headers, data: jsonOf(text) },
      serviceMessageOf(twirpMessage(text) ?? text, redacted),
    );
  }
  const answer = await boundedJson(body, headers, {
    maxBytes,
    endpoint: method,
    answerer: 'GitHub',
  });
  if (typeof answer !== 'object' || answer === null) {
    throw new UnexpectedAnswerError(`${method} answered HTTP ${statusCode} without a JSON object`);
  }
  return answer as Record<string, unknown>;
}

/** The answer of a call that creates, finalizes or deletes: `ok: true`, as the library checks. */
export function okAnswer(answer: Record<string, unknown>): Record<string, unknown> {
  if (answer.ok !== true)
    throw new UnexpectedAnswerError('the artifact service answered without "ok": true');
  return answer;
}

/** An int64 as protobuf's JSON writes it (a decimal string, or a number). */
export function int64(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
}

function listedArtifacts(answer: Record<string, unknown>): Listed[] {
  const { artifacts = [] } = answer;
  if (!Array.isArray(artifacts)) {
    throw new UnexpectedAnswerError('ListArtifacts answered without a list of artifacts');
  }
  return artifacts.map((artifact: Record<string, unknown> | null) => {
    const id = int64(artifact?.database_id);
    const { name, workflow_run_backend_id: run, workflow_job_run_backend_id: job } = artifact ?? {};
    if (typeof name !== 'string' || id === undefined) {
      throw new UnexpectedAnswerError('ListArtifacts answered with an artifact without name or id');
    }
    return {
      name,
      id,
      workflowRunBackendId: typeof run === 'string' ? run : '',
      workflowJobRunBackendId: typeof job === 'string' ? job : '',
    };
  });
}

/** One try of a call; what went wrong, classified for the retry policy. */
export async function attempt<T>(
  service: ArtifactService,
  step: ArtifactStep,
  name: string | undefined,
  secrets: readonly string[],
  exchange: () => Promise<T>,
): Promise<AttemptResult<T>> {
  try {
    return { ok: true, value: await exchange() };
  } catch (error) {
    if (service.signal?.aborted) throw service.signal.reason;
    return {
      ok: false,
      failure: artifactFailure(service, step, name, redactedOf(service, secrets), error),
    };
  }
}

/**
 * Said with an answer this client does not understand, or a request the service calls malformed
 * (400): GitHub's service may have changed under it.
 */
const WAY_BACK =
  ' (an answer this client does not expect; artifact-uploader: library uploads with ' +
  "GitHub's @actions/artifact instead)";

function artifactFailure(
  service: ArtifactService,
  step: ArtifactStep,
  name: string | undefined,
  secrets: readonly string[],
  error: unknown,
): AttemptFailure {
  const refusal = error instanceof GitHubAnswerError ? error : undefined;
  // An answer, but not the call's: asking again would get the same.
  const final = error instanceof UnexpectedAnswerError || error instanceof ResponseTooLargeError;
  const words = refusal
    ? (refusal.githubMessage ?? 'the service gave no reason') +
      (refusal.requestId ? ` (request id ${refusal.requestId})` : '')
    : (serviceMessageOf(messageOf(error), secrets) ?? 'no answer');
  const failure = callFailure(error, {
    now: service.retry.now(),
    write: true,
    toError: (attempts) =>
      new ArtifactUploadError(name, step, {
        status: refusal?.status,
        attempts,
        detail: words + (final || refusal?.status === 400 ? WAY_BACK : ''),
      }),
  });
  return final
    ? { ...failure, retryable: false, outcomeUnknown: false, reason: 'unexpected answer' }
    : failure;
}

/** Twirp's error body is `{code, msg}`. */
function twirpMessage(text: string): string | undefined {
  const msg = (jsonOf(text) as { msg?: unknown } | null | undefined)?.msg;
  return typeof msg === 'string' ? msg : undefined;
}
