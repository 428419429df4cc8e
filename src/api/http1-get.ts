// A lean HTTP/1.1 GET for artifact transfers. Node streams allocate a fresh buffer for every socket
// read, so a large download leaves hundreds of MiB of garbage behind and runs well below curl.
// Here a plain-http socket reads into a small ring of reused buffers (`onread`) and each body chunk
// is handed over in place; the consumer releases a chunk when it is done with it, which paces the
// socket. TLS sockets cannot read into caller buffers, so https chunks are fresh buffers, paced the
// same way.
import net from 'node:net';
import tls from 'node:tls';

export interface Http1Response {
  status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The body as text, at most `limit` bytes of it (for errors); the rest is not waited for. */
  text(limit: number): Promise<string>;
  /**
   * Hands every body chunk to `onChunk`. A chunk is a view into a reused buffer: it stays valid
   * until its `release` is called, which must happen once per chunk. Resolves when the body is
   * complete; rejects when the connection breaks first. Call at most once.
   */
  pipe(onChunk: (chunk: Buffer, release: () => void) => void): Promise<void>;
  /** Closes the connection; a pending `pipe` rejects. */
  destroy(): void;
}

export interface Http1GetOptions {
  headers: Record<string, string>;
  /** Limits the wait for the connection, for the headers, and any silence in the body. */
  idleTimeoutMs: number;
  signal?: AbortSignal;
  /**
   * The CAs to trust instead of the system's (tests). Certificates are always verified: nothing
   * here or in the environment (NODE_TLS_REJECT_UNAUTHORIZED=0) can turn that off.
   */
  tls?: Pick<tls.ConnectionOptions, 'ca'>;
}

const RING_BUFFERS = 8;
const RING_BUFFER_BYTES = 512 * 1024;
const MAX_HEAD_BYTES = 64 * 1024;

/** The connection ended, failed or fell silent before the answer was complete. */
export class ConnectionCutError extends Error {
  readonly code: string;

  constructor(message: string, code = 'ECONNRESET') {
    super(message);
    this.name = 'ConnectionCutError';
    this.code = code;
  }
}

/** Not HTTP/1.1 as the client can read it; retrying will not help. */
export class MalformedResponseError extends Error {
  constructor(problem: string) {
    super(`The server's answer is not valid HTTP/1.1: ${problem}.`);
    this.name = 'MalformedResponseError';
  }
}

interface Head {
  status: number;
  headers: Record<string, string>;
}

export function parseHead(text: string): Head {
  const [statusLine = '', ...lines] = text.split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine);
  if (!match) {
    throw new MalformedResponseError(`status line ${JSON.stringify(statusLine.slice(0, 100))}`);
  }
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: Number(match[1]), headers };
}

type Framing = { kind: 'length'; remaining: number } | { kind: 'chunked' } | { kind: 'close' };

/**
 * How the body is delimited. We ask for `identity`, so `chunked` is the only transfer coding we can
 * read; Transfer-Encoding together with Content-Length is the mark of response splitting
 * (RFC 9112 §6.3) and is refused rather than guessed at.
 */
export function framingOf({ status, headers }: Head): Framing {
  if (status === 204 || status === 304) return { kind: 'length', remaining: 0 };
  const coding = headers['transfer-encoding'];
  const length = headers['content-length'];
  if (coding !== undefined) {
    if (!/^chunked$/i.test(coding.trim())) {
      throw new MalformedResponseError(`Transfer-Encoding ${coding}`);
    }
    if (length !== undefined) {
      throw new MalformedResponseError('both Transfer-Encoding and Content-Length');
    }
    return { kind: 'chunked' };
  }
  if (length === undefined) return { kind: 'close' };
  const remaining = /^\d+$/.test(length) ? Number(length) : NaN;
  if (!Number.isSafeInteger(remaining))
    throw new MalformedResponseError(`Content-Length ${length}`);
  return { kind: 'length', remaining };
}

type ChunkedState = 'size' | 'data' | 'data-end' | 'trailer' | 'done';

/** Chunked transfer coding, decoded in place across arbitrary read boundaries. */
export class ChunkedDecoder {
  #state: ChunkedState = 'size';
  #line = '';
  #remaining = 0;
  #trailerBytes = 0;

  /** Emits the data parts of `bytes`; true once the last chunk and the trailers are through. */
  feed(bytes: Buffer, emit: (part: Buffer) => void): boolean {
    let at = 0;
    while (at < bytes.length && this.#state !== 'done') {
      if (this.#state === 'data') {
        const take = Math.min(this.#remaining, bytes.length - at);
        emit(bytes.subarray(at, at + take));
        at += take;
        this.#remaining -= take;
        if (this.#remaining === 0) this.#state = 'data-end';
        continue;
      }
      const newline = bytes.indexOf(10, at);
      const end = newline === -1 ? bytes.length : newline;
      this.#line += bytes.toString('latin1', at, end);
      if (this.#line.length > 4096) throw new MalformedResponseError('chunk line too long');
      at = end + 1;
      if (newline === -1) break;
      const line = this.#line.replace(/\r$/, '');
      this.#line = '';
      this.#state = this.#after(line);
    }
    return this.#state === 'done';
  }

  #after(line: string): ChunkedState {
    if (this.#state === 'data-end') {
      if (line !== '') throw new MalformedResponseError('no CRLF after a chunk');
      return 'size';
    }
    if (this.#state === 'trailer') {
      this.#trailerBytes += line.length + 2;
      if (this.#trailerBytes > MAX_HEAD_BYTES)
        throw new MalformedResponseError('trailers too long');
      return line === '' ? 'done' : 'trailer';
    }
    const size = /^([0-9a-f]{1,12})\s*(;.*)?$/i.exec(line)?.[1];
    if (size === undefined) throw new MalformedResponseError(`chunk size ${JSON.stringify(line)}`);
    this.#remaining = parseInt(size, 16);
    return this.#remaining === 0 ? 'trailer' : 'data';
  }
}

/**
 * Buffers that reads land in, used in turn. Reading goes on only while the buffer the next read
 * will fill holds no chunk still in use, so a buffer is never overwritten under a consumer.
 * Node asks for the next buffer right after each read callback, so inside a callback the buffer
 * to check is the one after `filling`; between reads it is `filling` itself.
 */
class ReadRing {
  readonly #buffers = Array.from({ length: RING_BUFFERS }, () =>
    Buffer.allocUnsafe(RING_BUFFER_BYTES),
  );
  readonly #holds = new Array<number>(RING_BUFFERS).fill(0);
  #filling = -1;

  nextBuffer = (): Buffer => {
    this.#filling = (this.#filling + 1) % RING_BUFFERS;
    return this.#buffers[this.#filling] as Buffer;
  };

  /** The buffer the socket reads into (inside a read callback: the one just filled). */
  get filling(): number {
    return this.#filling;
  }

  hold(index: number): void {
    this.#holds[index] = (this.#holds[index] ?? 0) + 1;
  }

  release(index: number): void {
    this.#holds[index] = (this.#holds[index] ?? 1) - 1;
  }

  /** Inside a read callback: may the socket go on reading? */
  nextIsFree(): boolean {
    return this.#holds[(this.#filling + 1) % RING_BUFFERS] === 0;
  }

  /** Between reads: may a paused socket read again? */
  fillingIsFree(): boolean {
    return this.#holds[this.#filling] === 0;
  }
}

const headerLine = (name: string, value: string) =>
  `${name}: ${value.replace(/[\r\n]+/g, ' ')}\r\n`;

/** One GET on its own connection (`Connection: close`); resolves once the headers are in. */
export function http1Get(url: URL, options: Http1GetOptions): Promise<Http1Response> {
  return new Promise((resolveHead, rejectHead) => {
    const secure = url.protocol === 'https:';
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = Number(url.port || (secure ? 443 : 80));
    const ring = secure ? undefined : new ReadRing();
    let headBytes = Buffer.alloc(0);
    // Every byte before the final head, interim (1xx) heads included.
    let headTotal = 0;
    let head: Head | undefined;
    let framing: Framing | undefined;
    let chunked: ChunkedDecoder | undefined;
    let early: Buffer | undefined;
    let onChunk: ((chunk: Buffer, release: () => void) => void) | undefined;
    let piped: { resolve: () => void; reject: (error: Error) => void } | undefined;
    let outstanding = 0;
    let paused = false;
    let complete = false;
    let eof = false;
    let failure: Error | undefined;

    const fail = (error: Error) => {
      if (failure || complete) return;
      failure = error;
      socket.destroy();
      if (head === undefined) rejectHead(error);
      piped?.reject(error);
    };
    const succeed = () => {
      complete = true;
      socket.destroy();
      piped?.resolve();
    };
    const hasRoom = (betweenReads: boolean) =>
      ring ? (betweenReads ? ring.fillingIsFree() : ring.nextIsFree()) : outstanding < RING_BUFFERS;
    const resume = () => {
      if (!paused || failure || complete || onChunk === undefined || !hasRoom(true)) return;
      paused = false;
      socket.resume();
    };

    const deliver = (part: Buffer, ringIndex: number) => {
      if (part.length === 0 || onChunk === undefined) return;
      outstanding++;
      if (ringIndex >= 0) ring?.hold(ringIndex);
      let released = false;
      onChunk(part, () => {
        if (released) return;
        released = true;
        outstanding--;
        if (ringIndex >= 0) ring?.release(ringIndex);
        resume();
      });
    };

    const body = (bytes: Buffer, ringIndex: number) => {
      if (framing?.kind === 'chunked') {
        chunked ??= new ChunkedDecoder();
        if (chunked.feed(bytes, (part) => deliver(part, ringIndex))) succeed();
      } else if (framing?.kind === 'length') {
        const take = Math.min(framing.remaining, bytes.length);
        deliver(bytes.subarray(0, take), ringIndex);
        framing.remaining -= take;
        if (framing.remaining === 0) succeed();
      } else {
        deliver(bytes, ringIndex);
      }
    };

    /** Every read; false pauses the socket until `resume` finds room. */
    const onRead = (bytes: Buffer, ringIndex: number): boolean => {
      try {
        if (head === undefined) readHead(bytes);
        else body(bytes, ringIndex);
      } catch (error) {
        fail(error as Error);
      }
      if (failure || complete) return false;
      if (head === undefined || (onChunk !== undefined && hasRoom(false))) return true;
      paused = true;
      if (!ring) socket.pause();
      return false;
    };

    const readHead = (bytes: Buffer) => {
      headBytes = Buffer.concat([headBytes, bytes]);
      let parsed: Head;
      for (;;) {
        const end = headBytes.indexOf('\r\n\r\n');
        if (headTotal + (end === -1 ? headBytes.length : end) > MAX_HEAD_BYTES) {
          throw new MalformedResponseError(`headers longer than ${MAX_HEAD_BYTES} bytes`);
        }
        if (end === -1) return;
        parsed = parseHead(headBytes.toString('latin1', 0, end));
        headTotal += end + 4;
        headBytes = headBytes.subarray(end + 4);
        if (parsed.status >= 200) break;
      }
      const rest = headBytes;
      headBytes = Buffer.alloc(0);
      framing = framingOf(parsed);
      head = parsed;
      // Bytes past the head are copies already (concat), so they need no ring hold.
      early = rest.length > 0 ? rest : undefined;
      if (framing.kind === 'length' && framing.remaining === 0) succeed();
      resolveHead(exchange(parsed));
    };

    const exchange = ({ status, headers }: Head): Http1Response => ({
      status,
      headers,
      pipe(consumer) {
        return new Promise<void>((resolve, reject) => {
          piped = { resolve, reject };
          onChunk = consumer;
          if (failure) return reject(failure);
          if (early) {
            const pending = early;
            early = undefined;
            try {
              body(pending, -1);
            } catch (error) {
              fail(error as Error);
            }
          }
          if (eof) settleEof();
          if (complete) return resolve();
          resume();
        });
      },
      async text(limit) {
        const parts: Buffer[] = [];
        let size = 0;
        await this.pipe((chunk, release) => {
          if (size < limit) parts.push(Buffer.from(chunk.subarray(0, limit - size)));
          size += chunk.length;
          release();
          // An error page may stream without end; what is past the limit is not read.
          if (size >= limit) this.destroy();
        }).catch((error: unknown) => {
          if (size < limit) throw error;
        });
        return Buffer.concat(parts).toString('utf8');
      },
      destroy() {
        fail(new ConnectionCutError('The transfer was stopped by the client.'));
      },
    });

    const connection = { host, port, timeout: options.idleTimeoutMs };
    const socket: net.Socket = ring
      ? net.connect({
          ...connection,
          onread: {
            buffer: ring.nextBuffer,
            callback: (length, buffer) =>
              onRead((buffer as Buffer).subarray(0, length), ring.filling),
          },
        })
      : tls.connect({
          ...connection,
          servername: net.isIP(host) ? undefined : host,
          ca: options.tls?.ca,
          rejectUnauthorized: true,
        });
    if (!ring) socket.on('data', (bytes: Buffer) => onRead(bytes, -1));

    const request =
      `GET ${url.pathname}${url.search} HTTP/1.1\r\n` +
      headerLine('host', url.host) +
      Object.entries({ ...options.headers, 'accept-encoding': 'identity', connection: 'close' })
        .map(([name, value]) => headerLine(name, value))
        .join('') +
      '\r\n';
    socket.once(ring ? 'connect' : 'secureConnect', () => socket.write(request));
    socket.on('timeout', () =>
      fail(new ConnectionCutError(`No data for ${options.idleTimeoutMs} ms.`, 'ETIMEDOUT')),
    );
    socket.on('error', fail);
    // The end of the stream completes a close-delimited body and cuts any other; with bytes still
    // waiting for a consumer, that is judged once they are delivered.
    const settleEof = () => {
      if (head !== undefined && framing?.kind === 'close') succeed();
      else fail(new ConnectionCutError('The server closed the connection mid-answer.'));
    };
    socket.on('end', () => {
      eof = true;
      if (head === undefined || onChunk !== undefined) settleEof();
    });
    socket.on('close', () => {
      if (!eof) fail(new ConnectionCutError('The connection closed mid-answer.'));
    });
    const { signal } = options;
    const onAbort = () => fail(signal?.reason as Error);
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('close', () => signal?.removeEventListener('abort', onAbort));
  });
}
