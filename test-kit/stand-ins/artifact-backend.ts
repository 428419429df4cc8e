// Stand-in for GitHub's artifact backend (the results service that @actions/artifact v6 talks to):
// Twirp JSON calls at ACTIONS_RESULTS_URL, and Azure Blob Storage at the signed URL it hands out
// (blocks and a block list, or one Put Blob), on a second origin as on GitHub. Real HTTP on
// 127.0.0.1 so the real client runs unchanged; bytes are kept for read-back.
import { randomBytes, createHash } from 'node:crypto';
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
  /** Twirp methods called, in order. */
  calls: string[];
  /** The JSON body of each Twirp call, in order. */
  twirpBodies: { method: string; body: Record<string, unknown> }[];
  /** Every request to blob storage, in the order their bodies were read. */
  blobRequests: BlobRequest[];
  /** The next whole-blob or block PUTs are answered with these statuses (storage's XML error). */
  failNextBlobPuts: (...statuses: number[]) => void;
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

const wrapped = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null && 'value' in value
      ? String((value as Json).value)
      : undefined;

const comp = (url: URL) => url.searchParams.get('comp');

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const twirpError = (res: ServerResponse, status: number, code: string, msg: string) =>
  sendJson(res, status, { code, msg });

export const startArtifactBackend = async (
  options: ArtifactBackendOptions = {},
): Promise<ArtifactBackend> => {
  const { runBackendId = 'run-backend-1', jobBackendId = 'job-backend-1' } = options;
  const runtimeToken = makeRuntimeToken(runBackendId, jobBackendId);
  const secret = randomBytes(8).toString('hex');
  const store: StoredArtifact[] = [];
  const blocks = new Map<number, Map<string, Buffer>>();
  const calls: string[] = [];
  const twirpBodies: ArtifactBackend['twirpBodies'] = [];
  const blobRequests: BlobRequest[] = [];
  const blobFaults: number[] = [];
  let nextId = 1000;
  let origin = '';
  let storageOrigin = '';

  const visible = (run: string) => store.filter((a) => a.runBackendId === run);

  const twirp = (method: string, body: Json, res: ServerResponse) => {
    const run = String(body.workflow_run_backend_id ?? body.workflowRunBackendId ?? '');
    const job = String(body.workflow_job_run_backend_id ?? body.workflowJobRunBackendId ?? '');
    if (run !== runBackendId || job !== jobBackendId) {
      return twirpError(res, 400, 'invalid_argument', 'unknown workflow run or job backend id');
    }
    const name = String(body.name ?? '');
    const found = visible(run).find((a) => a.name === name);
    switch (method) {
      case 'CreateArtifact': {
        if (found) {
          return twirpError(
            res,
            409,
            'already_exists',
            `an artifact with this name already exists on the workflow run`,
          );
        }
        const artifact: StoredArtifact = {
          id: nextId++,
          runBackendId: run,
          jobBackendId: job,
          name,
          mimeType: wrapped(body.mime_type ?? body.mimeType),
          expiresAt:
            typeof (body.expires_at ?? body.expiresAt) === 'string'
              ? String(body.expires_at ?? body.expiresAt)
              : undefined,
          createdAt: new Date().toISOString(),
          finalized: false,
          finalizedAt: undefined,
          size: 0,
          hash: undefined,
          content: undefined,
          blobContentType: undefined,
        };
        store.push(artifact);
        return sendJson(res, 200, {
          ok: true,
          signed_upload_url: `${storageOrigin}/blob/${artifact.id}?sv=2024&sig=${secret}`,
        });
      }
      case 'FinalizeArtifact': {
        if (!found?.content)
          return twirpError(res, 404, 'not_found', 'no uploaded content to finalize');
        found.finalized = true;
        found.finalizedAt = Date.now();
        found.size = Number(body.size ?? 0);
        found.hash = wrapped(body.hash);
        return sendJson(res, 200, { ok: true, artifact_id: String(found.id) });
      }
      case 'ListArtifacts': {
        const nameFilter = wrapped(body.name_filter ?? body.nameFilter);
        const idFilter = wrapped(body.id_filter ?? body.idFilter);
        const artifacts = visible(run)
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
        return sendJson(res, 200, { artifacts });
      }
      case 'DeleteArtifact': {
        if (!found) return twirpError(res, 404, 'not_found', 'artifact not found');
        store.splice(store.indexOf(found), 1);
        return sendJson(res, 200, { ok: true, artifact_id: String(found.id) });
      }
      case 'GetSignedArtifactURL': {
        if (!found?.finalized) return twirpError(res, 404, 'not_found', 'artifact not found');
        return sendJson(res, 200, {
          signed_url: `${storageOrigin}/blob/${found.id}?sv=2024&sig=${secret}`,
        });
      }
      default:
        return twirpError(res, 404, 'bad_route', `no handler for ${method}`);
    }
  };

  // Azure Blob: stage blocks (comp=block), commit the list (comp=blocklist), or one whole PUT.
  const blob = (req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) => {
    const fault =
      req.method === 'PUT' && comp(url) !== 'blocklist' ? blobFaults.shift() : undefined;
    if (fault !== undefined) {
      const text = `<?xml version="1.0" encoding="utf-8"?><Error><Code>ServerBusy</Code><Message>The server is busy.\nRequestId:${randomBytes(4).toString('hex')}</Message></Error>`;
      res.writeHead(fault, { 'content-type': 'application/xml', 'x-ms-error-code': 'ServerBusy' });
      res.end(text);
      return;
    }
    if (url.searchParams.get('sig') !== secret) {
      res.writeHead(403, { 'x-ms-error-code': 'AuthenticationFailed' }).end();
      return;
    }
    const id = Number(url.pathname.split('/')[2]);
    const artifact = store.find((a) => a.id === id);
    if (!artifact) {
      res.writeHead(404, { 'x-ms-error-code': 'BlobNotFound' }).end();
      return;
    }
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
      });
      res.end(content);
      return;
    }
    if (req.method !== 'PUT') {
      res.writeHead(405).end();
      return;
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
        res.writeHead(400, { 'x-ms-error-code': 'InvalidBlockList' }).end();
        return;
      }
      artifact.content = Buffer.concat(parts as Buffer[]);
      artifact.blobContentType = contentType(req.headers);
      blocks.delete(id);
      res.writeHead(201, headers).end();
      return;
    }
    if (header(req.headers, 'x-ms-blob-type') !== 'BlockBlob') {
      res.writeHead(400, { 'x-ms-error-code': 'MissingRequiredHeader' }).end();
      return;
    }
    artifact.content = body;
    artifact.blobContentType = contentType(req.headers);
    res.writeHead(201, headers).end();
  };

  const server = standInServer(options.tls, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const body = await readBody(req);
      if (!url.pathname.startsWith(TWIRP_PREFIX) || req.method !== 'POST') {
        return twirpError(res, 404, 'bad_route', `no route for ${req.method} ${url.pathname}`);
      }
      if (req.headers.authorization !== `Bearer ${runtimeToken}`) {
        return twirpError(res, 401, 'unauthenticated', 'missing or wrong runtime token');
      }
      const method = url.pathname.slice(TWIRP_PREFIX.length);
      calls.push(method);
      let json: Json;
      try {
        json = JSON.parse(body.toString('utf8')) as Json;
      } catch {
        return twirpError(res, 400, 'malformed', 'body is not JSON');
      }
      twirpBodies.push({ method, body: json });
      return twirp(method, json, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) twirpError(res, 500, 'internal', String(error));
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
        res.writeHead(400, { 'x-ms-error-code': 'InvalidUri' }).end();
        return;
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
    calls,
    twirpBodies,
    blobRequests,
    failNextBlobPuts: (...statuses) => blobFaults.push(...statuses),
    close: async () => {
      await Promise.all([close(server), close(storage)]);
    },
  };
};
