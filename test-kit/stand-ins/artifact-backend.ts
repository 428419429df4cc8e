// Stand-in for GitHub's artifact backend (the results service that @actions/artifact v6 talks to):
// Twirp JSON calls at ACTIONS_RESULTS_URL, and Azure Blob Storage at the signed URL it hands out
// (blocks and a block list, or one Put Blob), on a second origin as on GitHub. Real HTTP on
// 127.0.0.1 so the real client runs unchanged; bytes are kept for read-back.
//
// Strict, so that a client drifting from the library fails here: requests are read as the library
// writes them (protobuf-ts `toJson` with useProtoFieldName: proto field names, int64 as decimal
// strings, a wrapper such as StringValue as its bare value, a Timestamp as RFC 3339). protojson,
// behind the real service, refuses a `{value}` wrapper and a malformed Timestamp too; it would also
// take lowerCamelCase names and drop unknown fields, which this stand-in refuses, as drift from the
// library. FinalizeArtifact checks `size` and `hash` against the bytes storage holds. Downloads
// carry Content-Disposition, which @actions/artifact reads for a single file's name.
// Assumptions where the real service is unseen: ListArtifacts lists finalized artifacts only, a
// name is taken in the run from CreateArtifact on, and DeleteArtifact removes the artifact of that
// name made by the job its request names (finalized or not).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { close, listen, readBody, sendJson, standInServer, type TlsOrigin } from './http.ts';

const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/';

export interface StoredArtifact {
  id: number;
  runBackendId: string;
  jobBackendId: string;
  name: string;
  mimeType: string | undefined;
  expiresAt: string | undefined;
  createdAt: string;
  finalized: boolean;
  /** Epoch ms when FinalizeArtifact made it exist (it is listed, and its id known, from then on). */
  finalizedAt: number | undefined;
  size: number;
  hash: string | undefined;
  content: Buffer | undefined;
  /** The blob's Content-Type as storage keeps it (x-ms-blob-content-type, else Content-Type). */
  blobContentType: string | undefined;
}

/** One request to blob storage, as it arrived. */
export interface BlobRequest {
  method: string;
  /** Path and query, the SAS included. */
  url: string;
  headers: IncomingHttpHeaders;
  bytes: number;
  status: number;
}

/** One Twirp call, as it arrived. */
export interface TwirpRequest {
  method: string;
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** The status it was answered with; 0 when its answer was lost on purpose. */
  status: number;
}

export interface ArtifactBackendOptions {
  runBackendId?: string;
  jobBackendId?: string;
  /** Blob storage reads request bodies no faster than this (a slow link). */
  blobBytesPerSecond?: number;
  /** The results service over TLS under this host name; blob storage likewise (storageTls). */
  tls?: TlsOrigin;
  storageTls?: TlsOrigin;
}

export interface ArtifactBackend {
  /** Value for ACTIONS_RESULTS_URL. */
  url: string;
  /** Value for ACTIONS_RUNTIME_TOKEN: an unsigned JWT whose `scp` claim carries the backend ids. */
  runtimeToken: string;
  env: { ACTIONS_RESULTS_URL: string; ACTIONS_RUNTIME_TOKEN: string };
  /** Finalized artifacts of the run, oldest first. */
  artifacts: () => StoredArtifact[];
  /** Every artifact held, finalized or not, oldest first. */
  stored: () => StoredArtifact[];
  /** Twirp methods called, in order. */
  calls: string[];
  /** Each Twirp call (JSON body, headers, status), in order. */
  twirpBodies: TwirpRequest[];
  /** Every request to blob storage, in the order their bodies were read. */
  blobRequests: BlobRequest[];
  /** Why each refused request was refused (a drift shows here first). */
  refusals: string[];
  /** The next whole-blob or block PUTs are answered with these statuses (storage's XML error). */
  failNextBlobPuts: (...statuses: number[]) => void;
  /** The next `count` calls of `method` take effect, but their answer is lost (connection cut). */
  loseNextAnswers: (method: string, count?: number) => void;
  /**
   * From now on DeleteArtifact finds only finalized artifacts (404 for an unfinished one), so an
   * unfinished artifact cannot be cleared.
   */
  deleteOnlyFinalized: () => void;
  /** An artifact made by another job of the run (finalized unless said), as a test's setting. */
  addArtifact: (
    name: string,
    content: Buffer,
    options?: { job?: string; finalized?: boolean },
  ) => StoredArtifact;
  close: () => Promise<void>;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const makeRuntimeToken = (runBackendId: string, jobBackendId: string): string =>
  [
    base64url({ alg: 'none', typ: 'JWT' }),
    base64url({ scp: `Actions.GenericRead:1 Actions.Results:${runBackendId}:${jobBackendId}` }),
    '',
  ].join('.');

type Json = Record<string, unknown>;

/** How protojson reads a field's JSON value (as the library's generated types declare it). */
type FieldKind = 'string' | 'int32' | 'int64' | 'StringValue' | 'Int64Value' | 'Timestamp';

/** Each call's request fields by proto name (lib/generated/results/api/v1/artifact.js). */
const REQUEST_FIELDS: Record<string, Record<string, FieldKind>> = {
  CreateArtifact: {
    workflow_run_backend_id: 'string',
    workflow_job_run_backend_id: 'string',
    name: 'string',
    expires_at: 'Timestamp',
    version: 'int32',
    mime_type: 'StringValue',
  },
  FinalizeArtifact: {
    workflow_run_backend_id: 'string',
    workflow_job_run_backend_id: 'string',
    name: 'string',
    size: 'int64',
    hash: 'StringValue',
  },
  ListArtifacts: {
    workflow_run_backend_id: 'string',
    workflow_job_run_backend_id: 'string',
    name_filter: 'StringValue',
    id_filter: 'Int64Value',
  },
  GetSignedArtifactURL: {
    workflow_run_backend_id: 'string',
    workflow_job_run_backend_id: 'string',
    name: 'string',
  },
  DeleteArtifact: {
    workflow_run_backend_id: 'string',
    workflow_job_run_backend_id: 'string',
    name: 'string',
  },
};

const camelCase = (name: string) =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/;
const INT64 = /^-?\d{1,19}$/;

/** A field's value as protojson reads it, or why it refuses it. */
function readField(
  kind: FieldKind,
  value: unknown,
): { value: string | number } | { problem: string } {
  switch (kind) {
    case 'string':
    case 'StringValue':
      return typeof value === 'string'
        ? { value }
        : {
            problem: `must be a JSON string${kind === 'StringValue' ? ' (a wrapper is its bare value, not {value})' : ''}`,
          };
    case 'int32':
      return typeof value === 'number' && Number.isInteger(value)
        ? { value }
        : { problem: 'must be an integer' };
    case 'int64':
    case 'Int64Value':
      return (typeof value === 'string' && INT64.test(value)) ||
        (typeof value === 'number' && Number.isSafeInteger(value))
        ? { value: String(value) }
        : {
            problem: `must be an int64 (a decimal string)${kind === 'Int64Value' ? ', not {value}' : ''}`,
          };
    case 'Timestamp':
      return typeof value === 'string' && RFC3339.test(value) && !Number.isNaN(Date.parse(value))
        ? { value }
        : { problem: 'must be an RFC 3339 timestamp in UTC (…Z)' };
  }
}

/** The request's fields, or why the stand-in refuses it. */
function readRequest(
  method: string,
  body: unknown,
): { fields: Map<string, string | number> } | { problem: string } {
  const spec = REQUEST_FIELDS[method];
  if (spec === undefined) return { problem: `no method ${method}` };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { problem: 'the body is not a JSON object' };
  }
  const fields = new Map<string, string | number>();
  for (const [key, value] of Object.entries(body)) {
    const kind = spec[key];
    if (kind === undefined) {
      const proto = Object.keys(spec).find((name) => camelCase(name) === key);
      return {
        problem: proto
          ? `field "${key}" is spelled as a JSON name; the library sends the proto name "${proto}"`
          : `unknown field "${key}"`,
      };
    }
    if (value === null) continue;
    const read = readField(kind, value);
    if ('problem' in read) return { problem: `field "${key}" ${read.problem}` };
    fields.set(key, read.value);
  }
  return { fields };
}

const comp = (url: URL) => url.searchParams.get('comp');

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** RFC 6266: an ASCII fallback name and the UTF-8 one. */
const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; ` +
  `filename*=UTF-8''${encodeURIComponent(name)}`;

export const startArtifactBackend = async (
  options: ArtifactBackendOptions = {},
): Promise<ArtifactBackend> => {
  const { runBackendId = 'run-backend-1', jobBackendId = 'job-backend-1' } = options;
  const runtimeToken = makeRuntimeToken(runBackendId, jobBackendId);
  const key = randomBytes(16);
  const store: StoredArtifact[] = [];
  const blocks = new Map<number, Map<string, Buffer>>();
  const calls: string[] = [];
  const twirpBodies: TwirpRequest[] = [];
  const blobRequests: BlobRequest[] = [];
  const refusals: string[] = [];
  const blobFaults: number[] = [];
  const lostAnswers = new Map<string, number>();
  let onlyFinalizedDeletes = false;
  let nextId = 1000;
  let origin = '';
  let storageOrigin = '';

  // A SAS per blob and permission: the upload URL writes, the download URL reads.
  const signature = (id: number, permission: 'cw' | 'r') =>
    createHmac('sha256', key).update(`${id}:${permission}`).digest('base64url');
  const signedUrl = (id: number, permission: 'cw' | 'r') =>
    `${storageOrigin}/blob/${id}?sv=2025-01-05&sp=${permission}&sig=${signature(id, permission)}`;

  const newArtifact = (name: string, job: string, over: Partial<StoredArtifact> = {}) => {
    const artifact: StoredArtifact = {
      id: nextId++,
      runBackendId,
      jobBackendId: job,
      name,
      mimeType: undefined,
      expiresAt: undefined,
      createdAt: new Date().toISOString(),
      finalized: false,
      finalizedAt: undefined,
      size: 0,
      hash: undefined,
      content: undefined,
      blobContentType: undefined,
      ...over,
    };
    store.push(artifact);
    return artifact;
  };

  type Answer = [status: number, body: Json];
  const refuse = (status: number, code: string, msg: string): Answer => {
    refusals.push(`${code}: ${msg}`);
    return [status, { code, msg }];
  };

  const twirp = (method: string, fields: Map<string, string | number>): Answer => {
    const text = (name: string) => {
      const value = fields.get(name);
      return value === undefined ? undefined : String(value);
    };
    const run = text('workflow_run_backend_id');
    const job = text('workflow_job_run_backend_id');
    if (run !== runBackendId) {
      return refuse(400, 'invalid_argument', 'unknown workflow run backend id');
    }
    // Writes are the token's job's own; reads and deletes name any job of the run.
    if (['CreateArtifact', 'FinalizeArtifact'].includes(method) && job !== jobBackendId) {
      return refuse(400, 'invalid_argument', "the workflow job run backend id is not the token's");
    }
    const name = text('name') ?? '';
    const named = store.find((a) => a.name === name);
    switch (method) {
      case 'CreateArtifact': {
        if (name === '') return refuse(400, 'invalid_argument', 'name is required');
        if (fields.get('version') === undefined) {
          return refuse(400, 'invalid_argument', 'version is required');
        }
        if (named) {
          return refuse(
            409,
            'already_exists',
            'an artifact with this name already exists on the workflow run',
          );
        }
        const artifact = newArtifact(name, jobBackendId, {
          mimeType: text('mime_type'),
          expiresAt: text('expires_at'),
        });
        return [200, { ok: true, signed_upload_url: signedUrl(artifact.id, 'cw') }];
      }
      case 'FinalizeArtifact': {
        const own = named?.jobBackendId === jobBackendId ? named : undefined;
        if (!own) return refuse(404, 'not_found', 'artifact not found');
        if (own.finalized) return refuse(409, 'already_exists', 'artifact already finalized');
        if (!own.content)
          return refuse(400, 'failed_precondition', 'no uploaded content to finalize');
        const size = text('size');
        if (size !== String(own.content.length)) {
          return refuse(
            400,
            'invalid_argument',
            `size ${size ?? '(none)'} is not the uploaded size ${own.content.length}`,
          );
        }
        const hash = text('hash');
        const uploaded = `sha256:${createHash('sha256').update(own.content).digest('hex')}`;
        if (hash !== undefined && hash !== uploaded) {
          return refuse(400, 'invalid_argument', 'hash does not match the uploaded content');
        }
        own.finalized = true;
        own.finalizedAt = Date.now();
        own.size = own.content.length;
        own.hash = hash;
        return [200, { ok: true, artifact_id: String(own.id) }];
      }
      case 'ListArtifacts': {
        const nameFilter = text('name_filter');
        const idFilter = text('id_filter');
        const artifacts = store
          .filter((a) => a.finalized)
          .filter((a) => nameFilter === undefined || a.name === nameFilter)
          .filter((a) => idFilter === undefined || String(a.id) === idFilter)
          .map((a) => ({
            workflow_run_backend_id: a.runBackendId,
            workflow_job_run_backend_id: a.jobBackendId,
            database_id: String(a.id),
            name: a.name,
            size: String(a.size),
            created_at: a.createdAt,
            ...(a.hash === undefined ? {} : { digest: a.hash }),
          }));
        return [200, { artifacts }];
      }
      case 'DeleteArtifact': {
        const own = named?.jobBackendId === job ? named : undefined;
        if (!own || (onlyFinalizedDeletes && !own.finalized)) {
          return refuse(404, 'not_found', 'artifact not found');
        }
        store.splice(store.indexOf(own), 1);
        return [200, { ok: true, artifact_id: String(own.id) }];
      }
      case 'GetSignedArtifactURL': {
        if (!named?.finalized || named.jobBackendId !== job) {
          return refuse(404, 'not_found', 'artifact not found');
        }
        return [200, { signed_url: signedUrl(named.id, 'r') }];
      }
      default:
        return refuse(404, 'bad_route', `no handler for ${method}`);
    }
  };

  const storageError = (res: ServerResponse, status: number, code: string, message: string) => {
    refusals.push(`storage ${code}: ${message}`);
    const text = `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}\nRequestId:${randomBytes(4).toString('hex')}</Message></Error>`;
    res.writeHead(status, { 'content-type': 'application/xml', 'x-ms-error-code': code });
    res.end(text);
  };

  // Azure Blob: stage blocks (comp=block), commit the list (comp=blocklist), or one whole PUT.
  const blob = (req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) => {
    const fault =
      req.method === 'PUT' && comp(url) !== 'blocklist' ? blobFaults.shift() : undefined;
    if (fault !== undefined) return storageError(res, fault, 'ServerBusy', 'The server is busy.');
    const id = Number(url.pathname.split('/')[2]);
    const permission = req.method === 'GET' ? 'r' : 'cw';
    if (url.searchParams.get('sig') !== signature(id, permission)) {
      return storageError(res, 403, 'AuthenticationFailed', 'Signature did not match.');
    }
    const artifact = store.find((a) => a.id === id);
    if (!artifact) return storageError(res, 404, 'BlobNotFound', 'The blob does not exist.');
    const headers = {
      etag: `"0x${createHash('md5').update(String(Date.now())).digest('hex').slice(0, 16)}"`,
      'last-modified': new Date().toUTCString(),
      'x-ms-request-id': randomBytes(8).toString('hex'),
      'x-ms-version': '2025-01-05',
      'x-ms-request-server-encrypted': 'true',
    };
    if (req.method === 'GET') {
      const content = artifact.content ?? Buffer.alloc(0);
      res.writeHead(200, {
        ...headers,
        'content-length': content.length,
        'content-type': artifact.blobContentType ?? 'application/octet-stream',
        'content-disposition': contentDisposition(artifact.name),
      });
      res.end(content);
      return;
    }
    if (req.method !== 'PUT') {
      res.writeHead(405).end();
      return;
    }
    if (artifact.finalized) {
      return storageError(res, 409, 'BlobImmutable', 'The artifact is finalized.');
    }
    if (header(req.headers, 'content-length') === undefined) {
      return storageError(res, 411, 'MissingContentLengthHeader', 'Content-Length is required.');
    }
    const contentType = (sent: IncomingHttpHeaders) =>
      header(sent, 'x-ms-blob-content-type') ?? header(sent, 'content-type');
    if (comp(url) === 'block') {
      const blockId = url.searchParams.get('blockid') ?? '';
      const staged = blocks.get(id) ?? new Map<string, Buffer>();
      staged.set(blockId, body);
      blocks.set(id, staged);
      res.writeHead(201, headers).end();
      return;
    }
    if (comp(url) === 'blocklist') {
      const staged = blocks.get(id) ?? new Map<string, Buffer>();
      const ids = [
        ...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)<\//g),
      ].map((m) => m[1] ?? '');
      const parts = ids.map((blockId) => staged.get(blockId));
      if (parts.some((p) => p === undefined)) {
        return storageError(res, 400, 'InvalidBlockList', 'The block list names an unknown block.');
      }
      artifact.content = Buffer.concat(parts as Buffer[]);
      artifact.blobContentType = contentType(req.headers);
      blocks.delete(id);
      res.writeHead(201, headers).end();
      return;
    }
    if (header(req.headers, 'x-ms-blob-type') !== 'BlockBlob') {
      return storageError(res, 400, 'MissingRequiredHeader', 'x-ms-blob-type is required.');
    }
    artifact.content = body;
    artifact.blobContentType = contentType(req.headers);
    res.writeHead(201, headers).end();
  };

  const server = standInServer(options.tls, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const body = await readBody(req);
      const answer = (status: number, json: Json) => sendJson(res, status, json);
      if (!url.pathname.startsWith(TWIRP_PREFIX) || req.method !== 'POST') {
        const [status, json] = refuse(
          404,
          'bad_route',
          `no route for ${req.method} ${url.pathname}`,
        );
        return answer(status, json);
      }
      if (req.headers.authorization !== `Bearer ${runtimeToken}`) {
        const [status, json] = refuse(401, 'unauthenticated', 'missing or wrong runtime token');
        return answer(status, json);
      }
      const method = url.pathname.slice(TWIRP_PREFIX.length);
      calls.push(method);
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        json = undefined;
      }
      const record: TwirpRequest = {
        method,
        body: (typeof json === 'object' && json !== null ? json : {}) as Json,
        headers: req.headers,
        status: 0,
      };
      twirpBodies.push(record);
      const mediaType = (header(req.headers, 'content-type') ?? '').split(';')[0]!.trim();
      const request = readRequest(method, json);
      const [status, reply] =
        mediaType !== 'application/json'
          ? refuse(404, 'bad_route', `unexpected Content-Type: "${mediaType}"`)
          : json === undefined
            ? refuse(400, 'malformed', 'the body is not JSON')
            : 'problem' in request
              ? refuse(
                  request.problem.startsWith('no method') ? 404 : 400,
                  request.problem.startsWith('no method') ? 'bad_route' : 'malformed',
                  request.problem,
                )
              : twirp(method, request.fields);
      const lost = lostAnswers.get(method) ?? 0;
      if (lost > 0) {
        lostAnswers.set(method, lost - 1);
        res.socket?.destroy();
        return;
      }
      record.status = status;
      return answer(status, reply);
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { code: 'internal', msg: String(error) });
    });
  });
  // Storage answers every request, whatever comes of it, so a test sees what it was sent.
  const storage = standInServer(options.storageTls, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', storageOrigin);
      const body = await readBody(req, options.blobBytesPerSecond);
      res.once('finish', () =>
        blobRequests.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          bytes: body.length,
          status: res.statusCode,
        }),
      );
      if (!url.pathname.startsWith('/blob/')) {
        return storageError(
          res,
          400,
          'InvalidUri',
          'The requested URI does not represent any resource.',
        );
      }
      blob(req, url, body, res);
    })().catch(() => res.destroy());
  });
  origin = await listen(server, options.tls);
  storageOrigin = await listen(storage, options.storageTls);
  return {
    url: origin,
    runtimeToken,
    env: { ACTIONS_RESULTS_URL: origin, ACTIONS_RUNTIME_TOKEN: runtimeToken },
    artifacts: () => store.filter((a) => a.finalized),
    stored: () => [...store],
    calls,
    twirpBodies,
    blobRequests,
    refusals,
    failNextBlobPuts: (...statuses) => blobFaults.push(...statuses),
    loseNextAnswers: (method, count = 1) =>
      lostAnswers.set(method, (lostAnswers.get(method) ?? 0) + count),
    deleteOnlyFinalized: () => {
      onlyFinalizedDeletes = true;
    },
    addArtifact: (name, content, { job = 'job-backend-other', finalized = true } = {}) =>
      newArtifact(name, job, {
        content,
        size: content.length,
        finalized,
        finalizedAt: finalized ? Date.now() : undefined,
        hash: `sha256:${createHash('sha256').update(content).digest('hex')}`,
        blobContentType: 'application/octet-stream',
      }),
    close: async () => {
      await Promise.all([close(server), close(storage)]);
    },
  };
};
