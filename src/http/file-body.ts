// A file on disk as a request body that is read no faster than the socket takes it, for the
// streamed uploads (release assets and workflow artifacts): memory stays flat whatever the size.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { releaseReadBuffers } from './memory.ts';

// Larger reads outlive the collections that hand chunks back (the socket queues what it cannot take
// at once) and pile up until a full collection: bench/README.md, "Upload chunk size".
const READ_CHUNK_BYTES = 64 * 1024;

/** A fresh body of the file's bytes; each attempt of an upload needs its own. */
export const fileBody = (path: string): Readable =>
  Readable.from(fileChunks(path), { objectMode: false, highWaterMark: READ_CHUNK_BYTES });

/**
 * The file's bytes. Each chunk is garbage once the socket has taken it, but V8 would keep it until
 * its next collection (see memory.ts): they are handed back as they go.
 */
export async function* fileChunks(path: string): AsyncGenerator<Buffer> {
  const release = releaseReadBuffers();
  let read = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK_BYTES })) {
    read += (chunk as Buffer).length;
    release(read);
    yield chunk as Buffer;
  }
}
