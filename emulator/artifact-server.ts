// The artifact host (a second origin, like a presigned-URL object store): checks the URL signature,
// refuses any Authorization header, answers Range requests (If-Range against its strong ETag or
// Last-Modified), and streams with backpressure.
import { createHash } from 'node:crypto';
import { create as createContentDisposition } from 'content-disposition';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { consume, consumeCount, matchesAnyRule } from './faults.ts';
import { waitForDrain } from './http-io.ts';
import { parseRange, signArtifactPath, type ArtifactContent } from './artifacts.ts';
import type { BuildRule, Faults } from './options.ts';
import type { BuildRecord, Store } from './store.ts';

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

// What S3 answers for a presigned URL past its expiry.
const EXPIRED_BODY =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code>' +
  '<Message>Request has expired</Message></Error>';

/** A strong validator of the artifact's current bytes. */
const etagOf = (artifactKey: string, size: number): string =>
  `"${createHash('sha256').update(`${artifactKey}|${size}`).digest('hex').slice(0, 32)}"`;

/** If-Range holds when it names the current representation (RFC 9110 §13.1.5). */
function ifRangeHolds(value: string | undefined, etag: string, lastModified: string): boolean {
  if (value === undefined) return true;
  return value.startsWith('"') ? value === etag : value === lastModified;
}

// Lets the bytes written so far reach the kernel, then drops the connection mid-body.
async function dropAfterFlush(res: ServerResponse): Promise<void> {
  // An answer with no byte of body yet still goes out: its headers come before the drop.
  res.flushHeaders();
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

/** A path segment decoded, or undefined when its escapes are broken. */
function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

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
  const faults = ctx.faults();
  if (faults.artifactRedirect !== null) {
    res.writeHead(302, { Location: faults.artifactRedirect, 'Content-Length': 0 });
    res.end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://artifact.host');
  const match = /^\/artifacts\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  const buildId = match?.[1] === undefined ? undefined : decodedSegment(match[1]);
  const build = buildId === undefined ? undefined : ctx.store.builds.get(buildId);
  if (match === null || build?.artifactPath !== url.pathname) {
    refuse(res, 404, 'not_found', 'No artifact at this address.');
    return;
  }
  if (url.searchParams.get('sig') !== signArtifactPath(ctx.signingKey, url.pathname)) {
    refuse(res, 403, 'bad_signature', 'The artifact URL signature is missing or wrong.');
    return;
  }
  if (consumeCount(faults, 'expiredArtifactUrls')) {
    res.writeHead(403, {
      'Content-Type': 'application/xml',
      'Content-Length': Buffer.byteLength(EXPIRED_BODY),
    });
    res.end(EXPIRED_BODY);
    return;
  }
  if (matchesAnyRule(faults.gzipArtifacts, build)) {
    await sendGzipped(res, req.method, faults, ctx.content.unit(build.artifactKey), build);
    return;
  }
  if (matchesAnyRule(faults.endlessArtifacts, build)) {
    await sendEndlessly(res, req.method, faults, ctx.content.unit(build.artifactKey), build);
    return;
  }
  // What the host has (shortArtifacts: less than the artifact), and what it says it has.
  const bytesFor = ({ rules, bytes }: { rules: BuildRule[]; bytes: number }) =>
    matchesAnyRule(rules, build) ? bytes : 0;
  const size = Math.max(0, build.size - bytesFor(faults.shortArtifacts));
  const announced = size + bytesFor(faults.overstatedArtifactLength);
  const etag = etagOf(build.artifactKey, size);
  const lastModified = new Date(build.completedAt ?? build.createdAt).toUTCString();
  const rangeWanted =
    !faults.ignoreRange && ifRangeHolds(header(req, 'if-range'), etag, lastModified);
  const range = rangeWanted ? parseRange(req.headers.range, announced) : null;
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${announced}`);
    refuse(res, 416, 'range_not_satisfiable', `The artifact has ${announced} bytes.`);
    return;
  }
  const start = range?.start ?? 0;
  const end = range === null ? announced : range.end + 1;
  res.writeHead(range === null ? 200 : 206, {
    ...artifactHeaders(faults, build),
    'Content-Length': end - start,
    ETag: etag,
    'Last-Modified': lastModified,
    ...(range !== null && {
      'Content-Range': `bytes ${start}-${end - 1}/${announced + faults.resumeTotalDelta}`,
    }),
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
    if (faults.replaceArtifactOnCut) build.artifactKey += '+replaced';
    return;
  }
  await pump(res, unit, start, Math.min(end, size));
  // An overstated length: the bytes it has, then the connection closes short of what it said.
  if (end > size) await dropAfterFlush(res);
  else res.end();
}

/** The headers of every answer carrying the artifact's bytes. */
const artifactHeaders = (faults: Faults, build: BuildRecord) => ({
  'Content-Type': faults.artifactContentType ?? 'application/octet-stream',
  // A hostile name goes out as given (only line breaks dropped): the client must cope with it.
  'Content-Disposition': createContentDisposition(
    (
      (typeof faults.hostileFileName === 'function'
        ? faults.hostileFileName(build)
        : faults.hostileFileName) ?? build.fileName
    ).replace(/[\r\n]/g, ''),
  ),
  'Accept-Ranges': faults.ignoreRange ? 'none' : 'bytes',
});

/** The installer chunked, over and over, until the client goes away (endlessArtifacts). */
async function sendEndlessly(
  res: ServerResponse,
  method: string,
  faults: Faults,
  unit: Buffer,
  build: BuildRecord,
): Promise<void> {
  res.writeHead(200, { ...artifactHeaders(faults, build), 'Accept-Ranges': 'none' });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  while (!res.destroyed) await pump(res, unit, 0, build.size);
}

/** The whole artifact, gzip-compressed (held whole: meant for small test artifacts). */
async function sendGzipped(
  res: ServerResponse,
  method: string | undefined,
  faults: Faults,
  unit: Buffer,
  build: BuildRecord,
): Promise<void> {
  const parts: Buffer[] = [];
  for (let done = 0; done < build.size; done += unit.length) {
    parts.push(unit.subarray(0, Math.min(unit.length, build.size - done)));
  }
  const body = gzipSync(Buffer.concat(parts));
  res.writeHead(200, {
    ...artifactHeaders(faults, build),
    'Accept-Ranges': 'none',
    'Content-Encoding': 'gzip',
    'Content-Length': body.length,
  });
  res.end(method === 'HEAD' ? undefined : body);
}
