import { describe, expect, it } from 'vitest';
import {
  ChunkedDecoder,
  MalformedResponseError,
  framingOf,
  parseHead,
} from '../../src/api/http1-get.ts';

describe('parseHead', () => {
  it('reads the status and lower-cases header names, joining repeats', () => {
    expect(
      parseHead('HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 1-2/3\r\nX-A: 1\r\nx-a: 2'),
    ).toEqual({ status: 206, headers: { 'content-range': 'bytes 1-2/3', 'x-a': '1, 2' } });
    expect(parseHead('HTTP/1.0 200').status).toBe(200);
  });

  it('refuses what is not an HTTP/1.x status line', () => {
    expect(() => parseHead('SSH-2.0-OpenSSH')).toThrow(MalformedResponseError);
    expect(() => parseHead('HTTP/2 200 OK')).toThrow(MalformedResponseError);
  });
});

describe('framingOf', () => {
  it('reads chunked or Content-Length framing, and knows bodiless statuses', () => {
    expect(framingOf({ status: 200, headers: { 'content-length': '5' } })).toEqual({
      kind: 'length',
      remaining: 5,
    });
    expect(framingOf({ status: 200, headers: { 'transfer-encoding': 'Chunked ' } })).toEqual({
      kind: 'chunked',
    });
    expect(framingOf({ status: 200, headers: {} })).toEqual({ kind: 'close' });
    expect(framingOf({ status: 304, headers: { 'content-length': '9' } })).toEqual({
      kind: 'length',
      remaining: 0,
    });
    expect(() => framingOf({ status: 200, headers: { 'content-length': '1, 2' } })).toThrow(
      MalformedResponseError,
    );
  });

  it.each([
    [{ 'transfer-encoding': 'chunked', 'content-length': '5' }],
    [{ 'transfer-encoding': 'gzip, chunked' }],
    [{ 'transfer-encoding': 'chunked, gzip' }],
    [{ 'content-length': '-1' }],
    [{ 'content-length': '+5' }],
    [{ 'content-length': '99999999999999999999' }],
  ])('refuses framing it cannot read safely: %j', (headers) => {
    expect(() => framingOf({ status: 200, headers })).toThrow(MalformedResponseError);
  });
});

describe('ChunkedDecoder', () => {
  const encoded = Buffer.from(
    '5;ext=1\r\nhello\r\n1A\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Trailer: t\r\n\r\n',
  );

  it('decodes across every possible split of the input', () => {
    for (let split = 0; split <= encoded.length; split++) {
      const decoder = new ChunkedDecoder();
      const parts: string[] = [];
      const emit = (part: Buffer) => parts.push(part.toString());
      const first = decoder.feed(encoded.subarray(0, split), emit);
      const done = decoder.feed(encoded.subarray(split), emit);
      expect(first && split < encoded.length).toBe(false);
      expect(done || first).toBe(true);
      expect(parts.join('')).toBe('helloabcdefghijklmnopqrstuvwxyz');
    }
  });

  it('decodes byte by byte', () => {
    const decoder = new ChunkedDecoder();
    let text = '';
    let done = false;
    for (const byte of encoded) {
      done = decoder.feed(Buffer.from([byte]), (part) => (text += part.toString()));
    }
    expect(done).toBe(true);
    expect(text).toBe('helloabcdefghijklmnopqrstuvwxyz');
  });

  it('refuses trailers without end', () => {
    const decoder = new ChunkedDecoder();
    decoder.feed(Buffer.from('0\r\n'), () => {});
    const line = Buffer.from(`X-T: ${'t'.repeat(1000)}\r\n`);
    expect(() => {
      for (let i = 0; i < 100; i++) decoder.feed(line, () => {});
    }).toThrow(/trailers too long/);
  });

  it('refuses a bad size line or a missing CRLF', () => {
    expect(() => new ChunkedDecoder().feed(Buffer.from('zz\r\n'), () => {})).toThrow(
      MalformedResponseError,
    );
    expect(() => new ChunkedDecoder().feed(Buffer.from('1\r\nab\r\n'), () => {})).toThrow(
      MalformedResponseError,
    );
  });
});
