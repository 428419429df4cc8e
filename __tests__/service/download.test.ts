import { describe, expect, it } from 'vitest';
import {
  announcedTotal,
  continuationOf,
  documentKind,
  nextHop,
  parseContentRange,
} from '../../src/service/download-answer.ts';

describe('parseContentRange', () => {
  it('reads start and total', () => {
    expect(parseContentRange('bytes 100-199/1000')).toEqual({ start: 100, total: 1000 });
    expect(parseContentRange('bytes 0-0/*')).toEqual({ start: 0, total: undefined });
  });

  it('refuses anything else', () => {
    expect(parseContentRange(undefined)).toBeUndefined();
    expect(parseContentRange('bytes */1000')).toBeUndefined();
    expect(parseContentRange('items 1-2/3')).toBeUndefined();
  });
});

describe('announcedTotal', () => {
  it('reads Content-Length of a 200 and the total of a 206', () => {
    expect(announcedTotal({ statusCode: 200, headers: { 'content-length': '1000' } })).toBe(1000);
    const part = { statusCode: 206, headers: { 'content-range': 'bytes 500-999/1000' } };
    expect(announcedTotal(part)).toBe(1000);
  });

  it('knows nothing from a missing or odd length', () => {
    expect(announcedTotal({ statusCode: 200, headers: {} })).toBeUndefined();
    expect(
      announcedTotal({ statusCode: 200, headers: { 'content-length': '-1' } }),
    ).toBeUndefined();
    const unknown = { statusCode: 206, headers: { 'content-range': 'bytes 0-9/*' } };
    expect(announcedTotal(unknown)).toBeUndefined();
  });
});

describe('continuationOf', () => {
  const same = { sameValidator: true, total: 1000 };
  const other = { sameValidator: false, total: 1000 };
  const whole = { statusCode: 200, headers: {} };
  const partFrom = (start: number) => ({
    statusCode: 206,
    headers: { 'content-range': `bytes ${start}-999/1000` },
  });

  it('starts fresh on an answer to a request from the start', () => {
    expect(continuationOf(0, same, whole)).toBe('fresh');
    expect(continuationOf(0, other, whole)).toBe('fresh');
  });

  it('gives up on a part where the whole file was asked for', () => {
    expect(continuationOf(0, same, partFrom(0))).toBe('unasked-range');
    expect(continuationOf(0, same, partFrom(10))).toBe('unasked-range');
  });

  it('resumes only on a part of the same bytes that starts where the transfer stopped', () => {
    expect(continuationOf(500, same, partFrom(500))).toBe('resume');
    expect(continuationOf(500, other, partFrom(500))).toBe('wrong-range');
    expect(continuationOf(500, same, partFrom(400))).toBe('wrong-range');
    expect(continuationOf(500, same, { statusCode: 206, headers: {} })).toBe('wrong-range');
  });

  it('starts over on a part of a file of another total under the same validator (a splice)', () => {
    expect(continuationOf(500, { sameValidator: true, total: 900 }, partFrom(500))).toBe(
      'other-total',
    );
    const unknownTotal = { statusCode: 206, headers: { 'content-range': 'bytes 500-999/*' } };
    expect(continuationOf(500, same, unknownTotal)).toBe('resume');
    expect(continuationOf(500, { sameValidator: true, total: undefined }, partFrom(500))).toBe(
      'resume',
    );
  });

  it('restarts when the host ignores the range', () => {
    expect(continuationOf(500, same, whole)).toBe('restart');
    expect(continuationOf(500, other, whole)).toBe('restart');
  });
});

describe('nextHop', () => {
  const api = new URL('https://api.example.com/v1/builds/b1/download');

  it('resolves relative and absolute locations over http(s)', () => {
    expect(String(nextHop(api, '/files/a.dmg', 0))).toBe('https://api.example.com/files/a.dmg');
    expect(String(nextHop(api, 'https://cdn.example.net/a.dmg', 0))).toBe(
      'https://cdn.example.net/a.dmg',
    );
    const plain = new URL('http://127.0.0.1:8080/v1/builds/b1/download');
    expect(String(nextHop(plain, 'http://127.0.0.1:9090/a', 0))).toBe('http://127.0.0.1:9090/a');
  });

  it.each([
    ['a downgrade from https to http', 'http://cdn.example.net/a.dmg', 0, /plain http/],
    ['another scheme', 'file:///etc/passwd', 0, /a file: URL/],
    ['too many redirects', '/again', 5, /more than 5 redirects/],
    ['a location that is not a URL', 'http://[::1', 0, /not a URL/],
  ])('refuses %s, saying why', (_, location, hop, reason) => {
    expect(nextHop(api, location, hop)).toMatch(reason);
  });
});

describe('documentKind', () => {
  it.each([
    ['application/json', 'a JSON document'],
    ['Application/Problem+JSON; charset=utf-8', 'a JSON document'],
    ['application/vnd.api+json', 'a JSON document'],
    ['text/html;charset=UTF-8', 'an HTML page'],
    ['application/xhtml+xml', 'an HTML page'],
    [' application/xml ', 'an XML document'],
    ['text/xml', 'an XML document'],
  ])('names %j as a document', (contentType, kind) => {
    expect(documentKind(contentType)).toBe(kind);
  });

  it.each([
    undefined,
    '',
    'application/octet-stream',
    'application/x-apple-diskimage',
    'application/vnd.microsoft.portable-executable',
    'application/x-msdownload',
    'application/jsonl',
    'text/plain',
  ])('lets %j through', (contentType) => {
    expect(documentKind(contentType)).toBeUndefined();
  });
});
