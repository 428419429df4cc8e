// The bytes of a download's answer that come before its `.part` file is ready for them. Between
// the answer's headers and the first write, the file is created or emptied and the disk's free
// space is read; a body nobody reads meanwhile keeps what arrives in its own buffer, and a host
// that closes then takes that buffer with it (undici destroys the body, and a destroyed stream
// drops what it held): the cut counted as 0 bytes, and the next one as progress. So the body is
// read from the moment the answer is there. The chunks held are the body's own buffers, not
// copies; past EARLY_BYTES the body waits, as it does for a busy disk.
import type { Readable } from 'node:stream';

/** A few milliseconds of a fast link: the file is usually ready long before this much came. */
export const EARLY_BYTES = 1024 * 1024;

/**
 * Starts reading `body` now. The function returned stops that, leaves the body paused for its
 * next reader, and gives the chunks that came, in order.
 */
export function holdEarlyBytes(body: Readable, limit = EARLY_BYTES): () => Buffer[] {
  const chunks: Buffer[] = [];
  let held = 0;
  const hold = (chunk: Buffer) => {
    chunks.push(chunk);
    held += chunk.length;
    if (held >= limit) body.pause();
  };
  body.on('data', hold);
  return () => {
    body.pause();
    body.off('data', hold);
    return chunks.splice(0);
  };
}
