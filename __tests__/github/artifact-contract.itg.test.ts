// The contract between our artifact client and GitHub's: the real @actions/artifact and our client
// (artifact-service.ts, artifact-upload.ts) each against its own strict stand-in of the artifact
// backend (test-kit/stand-ins/artifact-backend.ts, shaped after the library's generated Twirp
// types), doing the same things with the same file; their requests are compared call by call. A
// drift of ours from the library fails here, and so does a stand-in that lets a drift through.
// Nothing is mocked: both clients speak HTTP to 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/http/dispatcher.ts';
import { defaultRetryRuntime } from '../../src/http/retry.ts';
import {
  artifactServiceOf,
  deleteArtifact,
  listArtifactNames,
} from '../../src/github/artifact-service.ts';
import { artifactMimeType, uploadArtifactFile } from '../../src/github/artifact-upload.ts';
import {
  startArtifactBackend,
  type ArtifactBackend,
  type TwirpRequest,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import { sha256, tempDir } from '../publish/fixtures.ts';
import { getMimeType } from '../../node_modules/@actions/artifact/lib/internal/upload/types.js';

const LIBRARY_TYPES = path.resolve(
  import.meta.dirname,
  '../../node_modules/@actions/artifact/lib/internal/upload/types.js',
);
const MIB = 1024 * 1024;

/** Runs `work` with the library's variables pointing at `backend` (it reads process.env). */
async function asTheLibrary<T>(backend: ArtifactBackend, work: () => Promise<T>): Promise<T> {
  Object.assign(process.env, backend.env);
  try {
    return await work();
  } finally {
    delete process.env.ACTIONS_RESULTS_URL;
    delete process.env.ACTIONS_RUNTIME_TOKEN;
  }
}

/** A Twirp call as the contract sees it: what the library decides, not who sent it. */
const contractOf = ({ method, body, headers, status }: TwirpRequest) => {
  const { expires_at: expiresAt, ...fields } = body;
  return {
    method,
    status,
    contentType: headers['content-type'],
    authorization: headers.authorization,
    fields,
    expiresAt: typeof expiresAt === 'string' ? expiresAt : undefined,
  };
};

describe('our artifact client and @actions/artifact, request by request', () => {
  let theirs: ArtifactBackend;
  let ours: ArtifactBackend;
  let dispatcher: Dispatcher;
  let dir: string;

  beforeEach(async () => {
    [theirs, ours] = await Promise.all([startArtifactBackend(), startArtifactBackend()]);
    dispatcher = createDispatcher();
    dir = await tempDir('artifact-contract');
    delete process.env.GITHUB_RETENTION_DAYS;
  });
  afterEach(async () => {
    await dispatcher.close();
    await Promise.all([theirs.close(), ours.close()]);
  });

  const ourService = () =>
    artifactServiceOf(ours.env, {
      dispatcher,
      retry: defaultRetryRuntime({ maxAttempts: 2, baseDelayMs: 5 }),
    });

  it.each(['MyApp-1.4.2.dmg', 'MyApp-1.4.2.zip', 'MyApp-1.4.2.tar.gz', 'MyApp Setup.exe'])(
    'uploads, lists and deletes %s with the same calls, fields and headers',
    async (name) => {
      const bytes = randomBytes(MIB + 123);
      const file = path.join(dir, name);
      await writeFile(file, bytes);

      const { DefaultArtifactClient } = await import('@actions/artifact');
      const client = new DefaultArtifactClient();
      const theirId = await asTheLibrary(theirs, async () => {
        const { id } = await client.uploadArtifact(name, [file], dir, {
          skipArchive: true,
          retentionDays: 3,
        });
        await client.listArtifacts();
        return id;
      });
      const service = ourService();
      const ourId = await uploadArtifactFile(
        service,
        { path: file, size: bytes.length, sha256: sha256(bytes), name },
        3,
      );
      await listArtifactNames(service);
      // Both stores hand out the same first id: the answers match too.
      expect(ourId).toBe(theirId);

      await asTheLibrary(theirs, () => client.deleteArtifact(name));
      await deleteArtifact(service, name);

      expect(theirs.refusals).toEqual([]);
      expect(ours.refusals).toEqual([]);
      const theirCalls = theirs.twirpBodies.map(contractOf);
      const ourCalls = ours.twirpBodies.map(contractOf);
      expect(theirCalls.map((call) => call.method)).toEqual([
        ...['CreateArtifact', 'FinalizeArtifact', 'ListArtifacts', 'ListArtifacts'],
        'DeleteArtifact',
      ]);
      expect(ourCalls.map(({ expiresAt: _, ...call }) => call)).toEqual(
        theirCalls.map(({ expiresAt: _, ...call }) => call),
      );
      // The retention's end: the same day, as a Timestamp; the clocks read a moment apart.
      const [theirEnd, ourEnd] = [theirCalls[0]!.expiresAt!, ourCalls[0]!.expiresAt!];
      expect(ourEnd).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/);
      expect(Math.abs(Date.parse(ourEnd) - Date.parse(theirEnd))).toBeLessThan(60_000);
      expect(ourCalls[0]!.fields).toMatchObject({ mime_type: getMimeType(name), version: 7 });

      // Storage: the library stages blocks, we send one Put Blob; what is stored is the same.
      const commit = theirs.blobRequests.at(-1)!;
      const [put] = ours.blobRequests;
      expect(ours.blobRequests).toHaveLength(1);
      for (const header of ['x-ms-blob-content-type', 'x-ms-version']) {
        expect(put!.headers[header]).toBe(commit.headers[header]);
      }
      expect(put!.headers['x-ms-blob-type']).toBe('BlockBlob');
    },
  );

  it('stores what the library downloads as the one file, under its name, byte for byte', async () => {
    const bytes = randomBytes(2 * MIB + 7);
    const name = 'MyApp 1.4.2 (arm64).dmg';
    const file = path.join(dir, 'installer.bin');
    await writeFile(file, bytes);
    const id = await uploadArtifactFile(ourService(), {
      path: file,
      size: bytes.length,
      sha256: sha256(bytes),
      name,
    });

    const into = path.join(dir, 'downloaded');
    const { DefaultArtifactClient } = await import('@actions/artifact');
    const { downloadPath, digestMismatch } = await asTheLibrary(ours, () =>
      new DefaultArtifactClient().downloadArtifact(id, {
        path: into,
        expectedHash: `sha256:${sha256(bytes)}`,
      }),
    );

    expect(digestMismatch).toBe(false);
    expect((await readFile(path.join(downloadPath!, name))).equals(bytes)).toBe(true);
    const download = ours.blobRequests.find((request) => request.method === 'GET');
    expect(download?.status).toBe(200);
    expect(ours.refusals).toEqual([]);
  });

  it('gives every name the content type the library gives it', () => {
    const extensions = [...readFileSync(LIBRARY_TYPES, 'utf8').matchAll(/'(\.[\w]+)':/g)].map(
      (match) => match[1]!,
    );
    expect(extensions.length).toBeGreaterThan(40);
    const names = [
      ...extensions.flatMap((extension) => [`app${extension}`, `APP${extension.toUpperCase()}`]),
      ...['a.dmg', 'a.exe', 'a.msi', 'a.AppImage', 'a.deb', 'a.rpm', 'a.pkg', 'a.tar.gz'],
      ...['noext', '.zip', 'dir.d/app', 'a.'],
    ];
    for (const name of names)
      expect([name, artifactMimeType(name)]).toEqual([name, getMimeType(name)]);
  });
});

describe('the strict stand-in refuses a client that drifted from the library', () => {
  let backend: ArtifactBackend;
  beforeEach(async () => {
    backend = await startArtifactBackend();
  });
  afterEach(() => backend.close());

  const ids = {
    workflow_run_backend_id: 'run-backend-1',
    workflow_job_run_backend_id: 'job-backend-1',
  };
  const call = async (
    method: string,
    body: unknown,
    contentType = 'application/json',
  ): Promise<{ status: number; answer: Record<string, unknown> }> => {
    const response = await fetch(
      `${backend.url}/twirp/github.actions.results.api.v1.ArtifactService/${method}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${backend.runtimeToken}`, 'content-type': contentType },
        body: JSON.stringify(body),
      },
    );
    return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
  };
  const create = (name: string) =>
    call('CreateArtifact', { ...ids, name, version: 7, mime_type: 'application/octet-stream' });

  it('refuses JSON names, {value} wrappers, unknown fields and other content types', async () => {
    const cases: [string, unknown, string, RegExp][] = [
      [
        'CreateArtifact',
        { workflowRunBackendId: 'run-backend-1', workflow_job_run_backend_id: 'job-backend-1' },
        'application/json',
        /"workflowRunBackendId" is spelled as a JSON name; the library sends the proto name "workflow_run_backend_id"/,
      ],
      [
        'CreateArtifact',
        { ...ids, name: 'a.dmg', version: 7, mime_type: { value: 'application/octet-stream' } },
        'application/json',
        /"mime_type" must be a JSON string \(a wrapper is its bare value, not \{value\}\)/,
      ],
      [
        'ListArtifacts',
        { ...ids, id_filter: { value: '1000' } },
        'application/json',
        /"id_filter" must be an int64/,
      ],
      [
        'CreateArtifact',
        { ...ids, name: 'a.dmg', version: 7, expires_at: 'next week' },
        'application/json',
        /"expires_at" must be an RFC 3339 timestamp/,
      ],
      [
        'CreateArtifact',
        { ...ids, name: 'a.dmg', version: 7, mime: 'x' },
        'application/json',
        /unknown field "mime"/,
      ],
      [
        'CreateArtifact',
        { ...ids, name: 'a.dmg', version: 7 },
        'text/plain',
        /unexpected Content-Type/,
      ],
    ];
    for (const [method, body, contentType, words] of cases) {
      const { status, answer } = await call(method, body, contentType);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(String(answer.msg)).toMatch(words);
    }
    expect(backend.stored()).toEqual([]);
  });

  it('finalizes only the size and sha256 of the bytes storage holds', async () => {
    const bytes = Buffer.from('installer bytes');
    const { answer } = await create('a.dmg');
    const url = String(answer.signed_upload_url);
    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'content-length': String(bytes.length) },
      body: bytes,
    });
    expect(put.status).toBe(201);
    const finalize = (fields: Record<string, unknown>) =>
      call('FinalizeArtifact', { ...ids, name: 'a.dmg', ...fields });

    expect((await finalize({ size: '14', hash: `sha256:${sha256(bytes)}` })).answer.msg).toMatch(
      /size 14 is not the uploaded size 15/,
    );
    expect((await finalize({ size: '15', hash: `sha256:${sha256('other')}` })).answer.msg).toMatch(
      /hash does not match/,
    );
    expect(backend.artifacts()).toEqual([]);
    const done = await finalize({ size: '15', hash: `sha256:${sha256(bytes)}` });
    expect(done).toEqual({ status: 200, answer: { ok: true, artifact_id: '1000' } });
    // A write SAS does not read, and a finalized blob takes no more writes.
    expect((await fetch(url)).status).toBe(403);
    expect(
      (await fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: 'x' }))
        .status,
    ).toBe(409);
  });
});
