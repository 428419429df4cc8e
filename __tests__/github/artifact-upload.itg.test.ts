// Workflow-artifact uploads over real sockets on 127.0.0.1. GitHub's side is the artifact backend
// stand-in (test-kit/stand-ins: the results service and, on a second origin, blob storage) where
// it serves; where a test needs words the stand-in never says (a service echoing a secret, an
// oversized answer), a raw node:http server plays both. That our requests carry what
// @actions/artifact's carry is artifact-contract.itg.test.ts's. Nothing of ours is mocked.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/http/dispatcher.ts';
import { defaultRetryRuntime, type RetryEvent } from '../../src/http/retry.ts';
import { artifactServiceOf, type ArtifactService } from '../../src/github/artifact-service.ts';
import { uploadArtifactFile, type ArtifactFile } from '../../src/github/artifact-upload.ts';
import { openArtifactUploads } from '../../src/publish/artifacts.ts';
import {
  ArtifactSettingError,
  ArtifactUploadError,
  LostCreateArtifactError,
} from '../../src/github/errors.ts';
import {
  makeRuntimeToken,
  startArtifactBackend,
  type ArtifactBackend,
} from '../../test-kit/stand-ins/artifact-backend.ts';
import { close, listen, readBody } from '../../test-kit/stand-ins/http.ts';
import { sha256, tempDir, writeInstaller } from '../publish/fixtures.ts';
// What the Azure SDK under @actions/artifact sends, read from its own files.
import { SERVICE_VERSION } from '../../node_modules/@azure/storage-blob/dist/esm/utils/constants.js';
import { readContext } from '../../src/runner/context.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';

const MIB = 1024 * 1024;

/** Everything the step's log printed while `run` ran. */
async function printedDuring<T>(
  run: () => Promise<T>,
): Promise<{ value: unknown; printed: string }> {
  const output = captureStepLog();
  try {
    const value = await run().catch((error: unknown) => error);
    return { value, printed: output.text() };
  } finally {
    output.restore();
  }
}

describe('uploadArtifactFile against the artifact backend stand-in', () => {
  let backend: ArtifactBackend;
  let dispatcher: Dispatcher;
  let dir: string;
  let retries: RetryEvent[];

  const serviceFor = (env: NodeJS.ProcessEnv, signal?: AbortSignal): ArtifactService =>
    artifactServiceOf(env, {
      dispatcher,
      retry: defaultRetryRuntime(
        { maxAttempts: 3, baseDelayMs: 5 },
        { onRetry: (event) => retries.push(event) },
      ),
      signal,
    });

  const file = async (name: string, bytes: Buffer): Promise<ArtifactFile> => {
    const filePath = path.join(dir, name);
    await writeFile(filePath, bytes);
    return { path: filePath, size: bytes.length, sha256: sha256(bytes), name };
  };

  beforeEach(async () => {
    backend = await startArtifactBackend();
    dispatcher = createDispatcher();
    dir = await tempDir('artifact-upload');
    retries = [];
  });
  afterEach(async () => {
    await dispatcher.close();
    await backend.close();
  });

  it('sends the runtime token to the results origin only, never to the blob URL', async () => {
    const bytes = randomBytes(3 * MIB + 5);
    const installer = await file('MyApp-1.4.2.dmg', bytes);

    const id = await uploadArtifactFile(serviceFor(backend.env), installer, 7);

    const [stored] = backend.artifacts();
    expect(id).toBe(stored?.id);
    expect(stored?.content?.equals(bytes)).toBe(true);
    expect(stored).toMatchObject({ size: bytes.length, hash: `sha256:${installer.sha256}` });
    expect(backend.calls).toEqual(['CreateArtifact', 'FinalizeArtifact']);
    const [put] = backend.blobRequests;
    expect(backend.blobRequests).toHaveLength(1);
    expect(new URL(put!.url, 'http://storage').searchParams.get('sig')).toBeTruthy();
    expect(put!.headers.authorization).toBeUndefined();
    expect(JSON.stringify(put!.headers)).not.toContain(backend.runtimeToken);
    expect(put!.headers).toMatchObject({
      'content-length': String(bytes.length),
      'x-ms-blob-type': 'BlockBlob',
      'x-ms-version': SERVICE_VERSION,
      'content-type': 'application/octet-stream',
      'x-ms-blob-content-type': 'application/octet-stream',
    });
    expect(put!.headers['transfer-encoding']).toBeUndefined();
  });

  it('recovers a lost CreateArtifact answer by looking: one artifact, no blame', async () => {
    const bytes = randomBytes(MIB + 3);
    const installer = await file('MyApp.dmg', bytes);
    backend.loseNextAnswers('CreateArtifact');

    const { value: id, printed } = await printedDuring(() =>
      uploadArtifactFile(serviceFor(backend.env), installer),
    );

    expect(backend.calls).toEqual([
      'CreateArtifact',
      ...['ListArtifacts', 'DeleteArtifact'],
      ...['CreateArtifact', 'FinalizeArtifact'],
    ]);
    const stored = backend.stored();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id, finalized: true, name: 'MyApp.dmg' });
    expect(stored[0]?.content?.equals(bytes)).toBe(true);
    expect(printed).toContain(
      'Artifact "MyApp.dmg": the answer to its CreateArtifact was lost; deleted the unfinished ' +
        'artifact that call made, and creating it again.',
    );
    expect(printed).not.toMatch(/another job/);
    expect(backend.refusals).toEqual([]);
  });

  it("says a lost CreateArtifact's own unfinished artifact is in the way when it cannot be deleted", async () => {
    const installer = await file('MyApp.dmg', randomBytes(100));
    backend.loseNextAnswers('CreateArtifact');
    backend.deleteOnlyFinalized();

    const error = await uploadArtifactFile(serviceFor(backend.env), installer).catch(
      (caught: unknown) => caught,
    );

    expect(backend.calls).toEqual([
      'CreateArtifact',
      ...['ListArtifacts', 'DeleteArtifact'],
      'CreateArtifact',
    ]);
    expect(error).toBeInstanceOf(LostCreateArtifactError);
    expect(String(error)).toMatch(
      /This job's first CreateArtifact for it lost its answer, .* most likely the one this job's own first call made/,
    );
    expect(String(error)).not.toMatch(/\(another job\?\)/);
    expect(backend.stored()).toEqual([
      expect.objectContaining({ name: 'MyApp.dmg', finalized: false }),
    ]);
  });

  it("still names another job, deleting nothing, when the name is another job's", async () => {
    const installer = await file('MyApp.dmg', randomBytes(100));
    // The 409 that CreateArtifact answered is lost too: the client cannot tell it from a lost "ok".
    const finished = backend.addArtifact('MyApp.dmg', Buffer.from('the other job, done'));
    const uploading = backend.addArtifact('MyApp.exe', Buffer.from('the other job, busy'), {
      finalized: false,
    });
    const service = serviceFor(backend.env);

    for (const [taken, calls] of [
      [finished, ['CreateArtifact', 'ListArtifacts', 'CreateArtifact']],
      [uploading, ['CreateArtifact', 'ListArtifacts', 'DeleteArtifact', 'CreateArtifact']],
    ] as const) {
      backend.calls.length = 0;
      backend.loseNextAnswers('CreateArtifact');
      const error = await uploadArtifactFile(service, { ...installer, name: taken.name }).catch(
        (caught: unknown) => caught,
      );

      expect(backend.calls).toEqual(calls);
      if (taken === uploading) {
        // Unfinished and not this job's to delete: from here, just like this job's own.
        expect(error).toBeInstanceOf(LostCreateArtifactError);
        expect(String(error)).toMatch(/less likely another job uploading under the same name/);
        continue;
      }
      expect(error).toBeInstanceOf(ArtifactUploadError);
      expect(error).toMatchObject({ step: 'CreateArtifact', status: 409, attempts: 2 });
      expect(String(error)).toMatch(/another job\?\): give each job its own artifact-name/);
    }
    // DeleteArtifact names this job: another job's unfinished artifact is not this job's to delete.
    expect(backend.stored()).toEqual([finished, uploading]);
  });

  it('recovers a lost FinalizeArtifact answer: the id of the artifact it made', async () => {
    const installer = await file('MyApp.exe', randomBytes(100));
    backend.loseNextAnswers('FinalizeArtifact');

    const id = await uploadArtifactFile(serviceFor(backend.env), installer);

    expect(backend.calls).toEqual(['CreateArtifact', 'FinalizeArtifact', 'ListArtifacts']);
    expect(backend.artifacts().map((a) => a.id)).toEqual([id]);
  });

  it('retries a 503 of blob storage with a fresh stream: the blob holds every byte once', async () => {
    const bytes = randomBytes(2 * MIB + 1);
    const installer = await file('MyApp.AppImage', bytes);
    backend.failNextBlobPuts(503);

    const id = await uploadArtifactFile(serviceFor(backend.env), installer);

    expect(backend.blobRequests.map((r) => [r.status, r.bytes])).toEqual([
      [503, bytes.length],
      [201, bytes.length],
    ]);
    expect(retries).toEqual([
      expect.objectContaining({
        endpoint: 'upload of artifact "MyApp.AppImage"',
        reason: 'HTTP 503',
      }),
    ]);
    const [stored] = backend.artifacts();
    expect(stored?.id).toBe(id);
    expect(stored?.content?.equals(bytes)).toBe(true);
    expect(backend.calls).toEqual(['CreateArtifact', 'FinalizeArtifact']);
  });

  it('names the step, the status and the words of a final refusal, without the URL or the token', async () => {
    const installer = await file('MyApp.msi', randomBytes(1024));
    backend.failNextBlobPuts(503, 503, 503);

    const { value: error, printed } = await printedDuring(() =>
      uploadArtifactFile(serviceFor(backend.env), installer),
    );

    expect(error).toBeInstanceOf(ArtifactUploadError);
    expect(error).toMatchObject({ step: 'upload', status: 503, attempts: 3 });
    expect(String(error)).toMatch(
      /Workflow artifact "MyApp\.msi": the upload of its bytes failed after 3 attempt\(s\) \(HTTP 503\): ServerBusy: The server is busy\./,
    );
    const signature = new URL(backend.blobRequests[0]!.url, 'http://x').searchParams.get('sig')!;
    expect(String(error)).not.toContain(signature);
    expect(String(error)).not.toContain('/blob/');
    // Masked for the runner, as @actions/artifact masks it; printed nowhere else.
    expect(printed).toContain(`::add-mask::${signature}`);
    expect(printed.split(`::add-mask::${signature}`).join('')).not.toContain(signature);
    expect(backend.calls).toEqual(['CreateArtifact']);
  });

  it('ends an upload in flight as soon as the signal aborts, without retrying', async () => {
    await backend.close();
    backend = await startArtifactBackend({ blobBytesPerSecond: MIB });
    const installer = await file('slow.dmg', Buffer.alloc(64 * MIB, 7));
    const controller = new AbortController();

    const outcome = uploadArtifactFile(serviceFor(backend.env, controller.signal), installer).then(
      () => 'uploaded',
      (error: unknown) => error,
    );
    // real time: the real upload reaches its socket before the stop
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reason = new Error('the step is out of time');
    const abortedAt = performance.now();
    controller.abort(reason);

    expect(await outcome).toBe(reason);
    // Real time (how soon a stop ends a real upload): the rest would take a minute at 1 MiB/s.
    // Bound to hold on a loaded machine.
    expect(performance.now() - abortedAt).toBeLessThan(5_000);
    // real time: a request the stopped upload still sent would arrive over a real socket
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(backend.calls).toEqual(['CreateArtifact']);
    expect(backend.blobRequests.filter((r) => r.status === 201)).toEqual([]);
    expect(retries).toEqual([]);
  });

  it('says clearly what is wrong with a runtime token it cannot read, before any request', async () => {
    const withToken = (token: string) => ({ ...backend.env, ACTIONS_RUNTIME_TOKEN: token });
    const claims = (value: unknown) =>
      `e30.${Buffer.from(JSON.stringify(value)).toString('base64url')}.`;
    const cases: [string, RegExp][] = [
      ['not-a-jwt', /ACTIONS_RUNTIME_TOKEN is not a JWT/],
      [claims({ sub: 'x' }), /ACTIONS_RUNTIME_TOKEN has no `scp` claim/],
      [claims({ scp: 'Actions.GenericRead:1' }), /grants no Actions\.Results scope/],
      [claims({ scp: 'Actions.Results:run-only' }), /not Actions\.Results:<run>:<job>/],
    ];
    for (const [token, message] of cases) {
      const error = (() => {
        try {
          return serviceFor(withToken(token));
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ArtifactSettingError);
      expect(String(error)).toMatch(message);
      expect(String(error)).toMatch(/cannot be uploaded.*overrides it/);
    }
    expect(() => serviceFor({ ...backend.env, ACTIONS_RESULTS_URL: 'results' })).toThrow(
      /ACTIONS_RESULTS_URL is not a URL/,
    );
    expect(serviceFor(withToken(makeRuntimeToken('run-9', 'job-9')))).toMatchObject({
      workflowRunBackendId: 'run-9',
      workflowJobRunBackendId: 'job-9',
    });

    // Through the uploads the publisher opens: the same words, and the backend never called.
    const installer = await writeInstaller(dir, 'MyApp.exe', 'windows', 'x64');
    const uploads = openArtifactUploads(
      { nameTemplate: '{name}', retentionDays: undefined, onExisting: 'replace' },
      {
        runner: readContext(withToken(claims({ scp: 'Actions.GenericRead:1' }))),
        repository: 'acme/desktop-app',
        dispatcher,
        retry: defaultRetryRuntime({ maxAttempts: 1 }),
      },
    );
    await expect(uploads?.upload(installer)).rejects.toThrow(/grants no Actions\.Results scope/);
    await uploads?.close();
    expect(backend.calls).toEqual([]);
  });
});

describe('uploadArtifactFile against a service that misbehaves', () => {
  const TOKEN = makeRuntimeToken('run-1', 'job-1');
  const SIG = 'c2lnbmF0dXJlLXRoYXQtbXVzdC1zdGF5LXNlY3JldA%3D%3D';
  let dispatcher: Dispatcher;
  let dir: string;

  beforeEach(async () => {
    dispatcher = createDispatcher();
    dir = await tempDir('artifact-upload-raw');
  });
  afterEach(() => dispatcher.close());

  /** Results and storage in one raw server; `answer` decides each request once its body was read. */
  async function startService(
    answer: (req: IncomingMessage, origin: string) => [number, Record<string, string>, string],
  ) {
    const seen: string[] = [];
    let origin = '';
    const server = createServer((req, res) => {
      void readBody(req).then(() => {
        seen.push(`${req.method} ${req.url}`);
        const [status, headers, body] = answer(req, origin);
        res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
        res.end(body);
      });
    });
    origin = await listen(server);
    const service = artifactServiceOf(
      { ACTIONS_RUNTIME_TOKEN: TOKEN, ACTIONS_RESULTS_URL: origin },
      { dispatcher, retry: defaultRetryRuntime({ maxAttempts: 2, baseDelayMs: 5 }) },
    );
    return { service, seen, close: () => close(server) };
  }

  const installer = async (): Promise<ArtifactFile> => {
    const filePath = path.join(dir, 'app.deb');
    await writeFile(filePath, 'bytes');
    return { path: filePath, size: 5, sha256: sha256('bytes'), name: 'app.deb' };
  };

  it('redacts the signature and the token that a service echoes', async () => {
    const raw = await startService((req, origin) => {
      if (req.url?.endsWith('/CreateArtifact')) {
        const url = `${origin}/blob/1?sv=2025-01-05&sp=cw&sig=${SIG}`;
        return [
          200,
          { 'content-type': 'application/json' },
          JSON.stringify({ ok: true, signed_upload_url: url }),
        ];
      }
      return [
        403,
        { 'content-type': 'application/xml', 'x-ms-error-code': 'AuthenticationFailed' },
        `<?xml version="1.0"?><Error><Code>AuthenticationFailed</Code><Message>Signature ${decodeURIComponent(SIG)} (${SIG}) did not match for ${req.url}</Message></Error>`,
      ];
    });
    try {
      const { value: error, printed } = await printedDuring(async () =>
        uploadArtifactFile(raw.service, await installer()),
      );
      expect(error).toMatchObject({
        name: 'ArtifactUploadError',
        step: 'upload',
        status: 403,
        attempts: 1,
      });
      expect(String(error)).toMatch(
        /\(HTTP 403\): AuthenticationFailed: Signature \*\*\* \(\*\*\*\) did not match/,
      );
      for (const spelling of [SIG, decodeURIComponent(SIG)]) {
        expect(String(error)).not.toContain(spelling);
        expect(printed.replaceAll(`::add-mask::${spelling}`, '')).not.toContain(spelling);
      }
    } finally {
      await raw.close();
    }

    const echoing = await startService(() => [
      401,
      { 'content-type': 'application/json' },
      JSON.stringify({ code: 'unauthenticated', msg: `token ${TOKEN} refused` }),
    ]);
    try {
      const error = await uploadArtifactFile(echoing.service, await installer()).catch(
        (error: unknown) => error,
      );
      expect(error).toMatchObject({ step: 'CreateArtifact', status: 401, attempts: 1 });
      expect(String(error)).toMatch(
        /CreateArtifact failed after 1 attempt\(s\) \(HTTP 401\): token \*\*\* refused\./,
      );
      expect(String(error)).not.toContain(TOKEN);
    } finally {
      await echoing.close();
    }
  });

  it("names GitHub's request id of a refusal, and shows its words as one inert line", async () => {
    const refusing = await startService(() => [
      403,
      { 'content-type': 'application/json', 'x-github-request-id': 'C0DE:51D3' },
      JSON.stringify({ code: 'permission_denied', msg: 'no\n::error::forged annotation' }),
    ]);
    try {
      const error = await uploadArtifactFile(refusing.service, await installer()).catch(
        (error: unknown) => error,
      );
      expect(error).toMatchObject({ step: 'CreateArtifact', status: 403, attempts: 1 });
      expect(String(error)).toContain(
        '(HTTP 403): no ::error::forged annotation (request id C0DE:51D3).',
      );
      expect(String(error)).not.toContain('\n');
    } finally {
      await refusing.close();
    }
  });

  it('refuses an answer larger than the service could mean, and one without ok', async () => {
    const huge = await startService(() => [
      200,
      { 'content-type': 'application/json' },
      ' '.repeat(4 * MIB),
    ]);
    try {
      const error = await uploadArtifactFile(huge.service, await installer()).catch(
        (error: unknown) => error,
      );
      expect(error).toMatchObject({ step: 'CreateArtifact', attempts: 1 });
      expect(String(error)).toMatch(/CreateArtifact announced an answer of 4/);
      expect(huge.seen).toHaveLength(1);
    } finally {
      await huge.close();
    }
    const notOk = await startService(() => [
      200,
      { 'content-type': 'application/json' },
      '{"ok":false}',
    ]);
    try {
      const error = await uploadArtifactFile(notOk.service, await installer()).catch(
        (error: unknown) => error,
      );
      expect(String(error)).toMatch(
        /CreateArtifact failed after 1 attempt\(s\): the artifact service answered without "ok": true \(an answer this client does not expect; artifact-uploader: library uploads with GitHub's @actions\/artifact instead\)\./,
      );
    } finally {
      await notOk.close();
    }
  });

  it('points to artifact-uploader: library when the service calls the request malformed', async () => {
    const strict = await startService(() => [
      400,
      { 'content-type': 'application/json' },
      JSON.stringify({ code: 'malformed', msg: 'unknown field "mime_type"' }),
    ]);
    try {
      const error = await uploadArtifactFile(strict.service, await installer()).catch(
        (caught: unknown) => caught,
      );
      expect(error).toMatchObject({ step: 'CreateArtifact', status: 400, attempts: 1 });
      expect(String(error)).toContain(
        '(HTTP 400): unknown field "mime_type" (an answer this client does not expect; ' +
          "artifact-uploader: library uploads with GitHub's @actions/artifact instead).",
      );
    } finally {
      await strict.close();
    }
  });

  it('retries a Twirp 5xx and honours Retry-After', async () => {
    let calls = 0;
    const flaky = await startService((req, origin) => {
      calls++;
      if (calls === 1) return [503, { 'retry-after': '0' }, '{"code":"unavailable","msg":"busy"}'];
      if (req.url?.endsWith('/CreateArtifact')) {
        return [200, {}, JSON.stringify({ ok: true, signed_upload_url: `${origin}/blob/1?sig=x` })];
      }
      if (req.method === 'PUT') return [201, {}, ''];
      return [200, {}, JSON.stringify({ ok: true, artifact_id: '4242' })];
    });
    try {
      expect(await uploadArtifactFile(flaky.service, await installer())).toBe(4242);
      expect(flaky.seen.map((s) => s.split('?')[0])).toEqual([
        'POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact',
        'POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact',
        'PUT /blob/1',
        'POST /twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact',
      ]);
    } finally {
      await flaky.close();
    }
  });
});
