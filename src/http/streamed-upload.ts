// One file sent as a request body with its Content-Length (release assets and workflow artifact
// blobs alike) through the action's proxy-aware dispatcher, read from disk no faster than the
// socket takes it, so memory stays flat whatever the file's size. No redirect is followed: the
// caller's credential goes to the URL it named and nowhere else.
import { closeSync, openSync, readSync } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { releaseReadBuffers } from './memory.ts';
import { errorBodyStart } from './bounded-body.ts';
import { UPLOAD_SILENCE_MS } from '../shared/timing.ts';

// Larger reads outlive the collections that hand chunks back (the socket queues what it cannot take
// at once) and pile up until a full collection: bench/README.md, "Upload chunk size".
const READ_CHUNK_BYTES = 64 * 1024;

export interface StreamedUpload {
  /** The action's one proxy-aware dispatcher (createDispatcher). */
  dispatcher: Dispatcher;
  method: 'POST' | 'PUT';
  url: URL;
  /** Every header but Content-Length, which is the file's size. */
  headers: Record<string, string>;
  file: { path: string; size: number };
  /** Ends the upload (the step's deadline, or a signal). */
  signal?: AbortSignal;
}

type Headers = Dispatcher.ResponseData['headers'];

/** A 2xx answer with its body to read (or drop); any other with the start of its body's text. */
export type UploadAnswer =
  | { ok: true; status: number; headers: Headers; body: Dispatcher.ResponseData['body'] }
  | { ok: false; status: number; headers: Headers; text: string };

/** Sends the file once; undici's error when the connection fails, the signal's when it aborts. */
export async function streamedUpload(upload: StreamedUpload): Promise<UploadAnswer> {
  const { url, file } = upload;
  const { statusCode, headers, body } = await upload.dispatcher.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: upload.method,
    headers: { ...upload.headers, 'content-length': String(file.size) },
    body: fileBody(file.path),
    signal: upload.signal ?? null,
    // Silence is bounded here; the step's deadline is the signal's to enforce.
    headersTimeout: UPLOAD_SILENCE_MS,
    bodyTimeout: UPLOAD_SILENCE_MS,
  });
  if (statusCode >= 200 && statusCode < 300) {
    return { ok: true, status: statusCode, headers, body };
  }
  return { ok: false, status: statusCode, headers, text: await errorBodyStart(body) };
}

/**
 * A fresh body of the file's bytes; each attempt of an upload needs its own. undici takes an
 * iterable as a body (its types name only streams) and pulls the next chunk once the socket has
 * taken the last, which a Readable around it would only add a layer of buffering to.
 */
const fileBody = (path: string): Readable => fileChunks(path) as unknown as Readable;

/**
 * The file's bytes. Read synchronously: a read from the page cache (the installer was just
 * written) takes microseconds, where a read on libuv's thread pool costs two thread switches per
 * chunk and made the uploader CPU-bound (bench/README.md, "Upload reads"). The file is opened
 * only when the first chunk is asked for, and closed however the upload ends. Each chunk is
 * garbage once the socket has taken it, but V8 would keep it until its next collection (see
 * memory.ts): they are handed back as they go.
 */
function* fileChunks(path: string): Generator<Buffer> {
  const release = releaseReadBuffers();
  const fd = openSync(path, 'r');
  try {
    for (let read = 0; ;) {
      const chunk = Buffer.allocUnsafeSlow(READ_CHUNK_BYTES);
      const length = readSync(fd, chunk, 0, READ_CHUNK_BYTES, null);
      if (length === 0) return;
      read += length;
      release(read);
      yield length === READ_CHUNK_BYTES ? chunk : chunk.subarray(0, length);
    }
  } finally {
    closeSync(fd);
  }
}
