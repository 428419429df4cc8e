import { describe, expect, it } from 'vitest';
import { continuationOf, parseContentRange } from '../../src/api/download.ts';

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
