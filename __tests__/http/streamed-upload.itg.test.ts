// The one streamed upload (release assets and artifact blobs) against a raw node:http server on
// 127.0.0.1: the bytes and the length it sends, what it hands back for each kind of answer, and
// that the file it reads is closed however the upload ends. Nothing of ours is mocked.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../src/http/dispatcher.ts';
import { discardBody } from '../../src/http/bounded-body.ts';
import { streamedUpload } from '../../src/http/streamed-upload.ts';
import { close, listen, readBody, readChunks } from '../../test-kit/stand-ins/http.ts';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.map((cleanup) => cleanup()));
  cleanups = [];
});

async function server(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const http = createServer(handler);
  const url = await listen(http);
  cleanups.push(() => close(http));
  return new URL(`${url}/upload?name=app.dmg`);
}

async function file(bytes: Buffer) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'streamed-upload-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const filePath = path.join(dir, 'app.dmg');
  await writeFile(filePath, bytes);
  return { path: filePath, size: bytes.length };
}

/** Descriptors this process has open on `filePath` (Linux's /proc). */
const openOn = (filePath: string): number =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === filePath;
    } catch {
      return false;
    }
  }).length;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('streamedUpload', () => {
  it('sends the whole file with its Content-Length, and hands back a 2xx answer to read', async () => {
    // Not a whole number of read chunks, so the last one is short.
    const bytes = randomBytes(3 * 64 * 1024 + 12_345);
    const seen: { method?: string; length?: string; chunked?: string; sha?: string } = {};
    const url = await server((req, res) => {
      void readBody(req).then((body) => {
        Object.assign(seen, {
          method: req.method,
          length: req.headers['content-length'],
          chunked: req.headers['transfer-encoding'],
          sha: sha256(body),
        });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":1}');
      });
    });
    const dispatcher = createDispatcher();
    cleanups.push(() => dispatcher.close());

    const answer = await streamedUpload({
      dispatcher,
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/octet-stream' },
      file: await file(bytes),
    });

    expect(answer.ok).toBe(true);
    expect(answer.status).toBe(201);
    if (answer.ok) expect(await answer.body.text()).toBe('{"id":1}');
    expect(seen).toEqual({
      method: 'PUT',
      length: String(bytes.length),
      chunked: undefined,
      sha: sha256(bytes),
    });
  });

  it('hands back the start of a refusal’s body, not the whole of a huge one', async () => {
    const url = await server((req, res) => {
      void readBody(req).then(() => {
        res.writeHead(403, { 'x-ms-error-code': 'AuthenticationFailed' });
        res.end(`<Message>Signature did not match</Message>${'x'.repeat(4 * 1024 * 1024)}`);
      });
    });
    const dispatcher = createDispatcher();
    cleanups.push(() => dispatcher.close());

    const answer = await streamedUpload({
      dispatcher,
      method: 'POST',
      url,
      headers: {},
      file: await file(randomBytes(1000)),
    });

    expect(answer).toMatchObject({ ok: false, status: 403 });
    if (!answer.ok) {
      expect(answer.text.startsWith('<Message>Signature did not match</Message>')).toBe(true);
      expect(answer.text.length).toBeLessThan(1024 * 1024);
      expect(answer.headers['x-ms-error-code']).toBe('AuthenticationFailed');
    }
  });

  it('closes the file when the upload is stopped half-way, and after a whole one', async () => {
    let received = 0;
    let stopHalfWay: (() => void) | undefined;
    const url = await server((req, res) => {
      void (async () => {
        for await (const chunk of readChunks(req, 4 * 1024 * 1024)) {
          received += chunk.length;
          if (received > 1024 * 1024) stopHalfWay?.();
        }
        res.writeHead(201).end();
      })().catch(() => {});
    });
    const dispatcher = createDispatcher();
    cleanups.push(() => dispatcher.close());
    const big = await file(randomBytes(8 * 1024 * 1024));

    const stop = new AbortController();
    stopHalfWay = () => stop.abort(new Error('the step was cancelled'));
    const stopped = await streamedUpload({
      dispatcher,
      method: 'POST',
      url,
      headers: {},
      file: big,
      signal: stop.signal,
    }).catch((error: unknown) => error);

    expect(String(stopped)).toContain('the step was cancelled');
    expect(received).toBeLessThan(big.size);
    await expect.poll(() => openOn(big.path)).toBe(0);

    stopHalfWay = undefined;
    const whole = await streamedUpload({ dispatcher, method: 'POST', url, headers: {}, file: big });
    expect(whole.status).toBe(201);
    if (whole.ok) discardBody(whole.body);
    expect(openOn(big.path)).toBe(0);
  });
});
