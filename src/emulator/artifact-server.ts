// The artifact host (a second origin, like a presigned-URL object store): checks the URL signature,
// refuses any Authorization header, answers Range requests, and streams with backpressure.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { consume } from './faults.ts';
import {
  contentDisposition,
  parseRange,
  signArtifactPath,
  type ArtifactContent,
} from './artifacts.ts';
import type { Faults } from './options.ts';
import type { Store } from './store.ts';

export interface ArtifactHostContext {
  store: Store;
  faults(): Faults;
  content: ArtifactContent;
  signingKey: string;
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function waitForDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

// Lets the bytes written so far reach the kernel, then drops the connection mid-body.
async function dropAfterFlush(res: ServerResponse): Promise<void> {
  const socket = res.socket;
  if (socket === null) return;
  if (socket.writableLength > 0) {
    await new Promise<void>((resolve) => {
      socket.once('drain', resolve);
      socket.once('close', resolve);
    });
  }
  socket.destroy();
}

/** Writes bytes [start, end) of the repeated unit; stops early when the client goes away. */
async function pump(res: ServerResponse, unit: Buffer, start: number, end: number): Promise<void> {
  let position = start;
  while (position < end && !res.destroyed) {
    const offset = position % unit.length;
    const length = Math.min(unit.length - offset, end - position);
    position += length;
    if (!res.write(unit.subarray(offset, offset + length))) await waitForDrain(res);
  }
}

export async function handleArtifactRequest(
  ctx: ArtifactHostContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.headers.authorization !== undefined) {
    refuse(
      res,
      400,
      'authorization_not_allowed',
      'The artifact host authenticates by the signed URL only; do not send an Authorization header.',
    );
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    refuse(res, 405, 'method_not_allowed', `Method ${req.method} is not allowed here.`);
    return;
  }
  const url = new URL(req.url ?? '/', 'http://artifact.host');
  const match = /^\/artifacts\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  const build = match?.[1] === undefined ? undefined : ctx.store.builds.get(match[1]);
  if (match === null || build?.artifactPath !== url.pathname) {
    refuse(res, 404, 'not_found', 'No artifact at this address.');
    return;
  }
  if (url.searchParams.get('sig') !== signArtifactPath(ctx.signingKey, url.pathname)) {
    refuse(res, 403, 'bad_signature', 'The artifact URL signature is missing or wrong.');
    return;
  }
  const faults = ctx.faults();
  const size = build.size;
  const range = faults.ignoreRange ? null : parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${size}`);
    refuse(res, 416, 'range_not_satisfiable', `The artifact has ${size} bytes.`);
    return;
  }
  const start = range?.start ?? 0;
  const end = range === null ? size : range.end + 1;
  res.writeHead(range === null ? 200 : 206, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': end - start,
    'Content-Disposition': contentDisposition(faults.hostileFileName ?? build.fileName),
    'Accept-Ranges': faults.ignoreRange ? 'none' : 'bytes',
    ...(range !== null && { 'Content-Range': `bytes ${start}-${end - 1}/${size}` }),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const unit = ctx.content.unit(build.artifactKey);
  const cut = req.method === 'GET' && consume(faults.cutDownloads);
  if (cut) {
    await pump(res, unit, start, Math.min(end, start + faults.cutDownloads.afterBytes));
    await dropAfterFlush(res);
    return;
  }
  await pump(res, unit, start, end);
  res.end();
}
