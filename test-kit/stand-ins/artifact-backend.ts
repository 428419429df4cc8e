// Stand-in for GitHub's artifact backend (the results service that @actions/artifact v6 talks to):
// Twirp JSON calls at ACTIONS_RESULTS_URL and Azure block-blob PUTs at the signed URL it hands out.
// Real HTTP on 127.0.0.1 so the real client runs unchanged; bytes are kept for read-back.
import { randomBytes, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { close, listen, readBody, sendJson } from './http.ts';

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

const twirpError = (res: ServerResponse, status: number, code: string, msg: string) =>
  sendJson(res, status, { code, msg });

export const startArtifactBackend = async (
  runBackendId = 'run-backend-1',
  jobBackendId = 'job-backend-1',
): Promise<ArtifactBackend> => {
  const runtimeToken = makeRuntimeToken(runBackendId, jobBackendId);
  const secret = randomBytes(8).toString('hex');
  const store: StoredArtifact[] = [];
  const blocks = new Map<number, Map<string, Buffer>>();
  const calls: string[] = [];
  let nextId = 1000;
  let origin = '';

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
        };
        store.push(artifact);
        return sendJson(res, 200, {
          ok: true,
          signed_upload_url: `${origin}/blob/${artifact.id}?sv=2024&sig=${secret}`,
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
          signed_url: `${origin}/blob/${found.id}?sv=2024&sig=${secret}`,
        });
      }
      default:
        return twirpError(res, 404, 'bad_route', `no handler for ${method}`);
    }
  };

  // Azure Blob: stage blocks (comp=block), commit the list (comp=blocklist), or one whole PUT.
  const blob = (req: IncomingMessage, url: URL, body: Buffer, res: ServerResponse) => {
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
    const comp = url.searchParams.get('comp');
    if (req.method === 'GET') {
      const content = artifact.content ?? Buffer.alloc(0);
      res.writeHead(200, {
        ...headers,
        'content-length': content.length,
        'content-type': artifact.mimeType ?? 'application/octet-stream',
      });
      res.end(content);
      return;
    }
    if (req.method !== 'PUT') {
      res.writeHead(405).end();
      return;
    }
    if (comp === 'block') {
      const blockId = url.searchParams.get('blockid') ?? '';
      const staged = blocks.get(id) ?? new Map<string, Buffer>();
      staged.set(blockId, body);
      blocks.set(id, staged);
      res.writeHead(201, headers).end();
      return;
    }
    if (comp === 'blocklist') {
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
      blocks.delete(id);
      res.writeHead(201, headers).end();
      return;
    }
    artifact.content = body;
    res.writeHead(201, headers).end();
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      const body = await readBody(req);
      if (url.pathname.startsWith('/blob/')) return blob(req, url, body, res);
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
      return twirp(method, json, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) twirpError(res, 500, 'internal', String(error));
    });
  });
  origin = await listen(server);
  return {
    url: origin,
    runtimeToken,
    env: { ACTIONS_RESULTS_URL: origin, ACTIONS_RUNTIME_TOKEN: runtimeToken },
    artifacts: () => store.filter((a) => a.finalized),
    calls,
    close: () => close(server),
  };
};
