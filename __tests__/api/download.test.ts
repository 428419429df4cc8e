import { describe, expect, it } from 'vitest';
import {
  continuationOf,
  documentKind,
  nextHop,
  parseContentRange,
} from '../../src/api/download.ts';
import { DownloadError } from '../../src/api/errors.ts';

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

describe('continuationOf', () => {
  it('starts fresh on a first answer', () => {
    expect(continuationOf(0, 200, undefined)).toBe('fresh');
    expect(continuationOf(0, 206, 0)).toBe('fresh');
  });

  it('resumes only on a 206 that starts where the transfer stopped', () => {
    expect(continuationOf(500, 206, 500)).toBe('resume');
    expect(continuationOf(500, 206, 400)).toBe('restart');
    expect(continuationOf(500, 206, undefined)).toBe('restart');
    expect(continuationOf(0, 206, 10)).toBe('restart');
  });

  it('restarts when the host ignores the range', () => {
    expect(continuationOf(500, 200, undefined)).toBe('restart');
  });
});

describe('nextHop', () => {
  const api = new URL('https://api.example.com/v1/builds/b1/download');

  it('resolves relative and absolute locations over http(s)', () => {
    expect(nextHop('b1', api, '/files/a.dmg', 0).href).toBe('https://api.example.com/files/a.dmg');
    expect(nextHop('b1', api, 'https://cdn.example.net/a.dmg', 0).origin).toBe(
      'https://cdn.example.net',
    );
    const plain = new URL('http://127.0.0.1:8080/v1/builds/b1/download');
    expect(nextHop('b1', plain, 'http://127.0.0.1:9090/a', 0).port).toBe('9090');
  });

  it.each([
    ['a downgrade from https to http', 'http://cdn.example.net/a.dmg', 0],
    ['another scheme', 'file:///etc/passwd', 0],
    ['too many redirects', '/again', 5],
    ['a location that is not a URL', 'http://[::1', 0],
  ])('refuses %s', (_, location, hop) => {
    expect(() => nextHop('b1', api, location, hop)).toThrow(DownloadError);
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
