import { describe, expect, it } from 'vitest';
import { formatByteSize, parseByteSize } from '../../src/text/byte-size.ts';

describe('parseByteSize', () => {
  it.each([
    ['1048576', 1048576],
    ['4GiB', 4 * 1024 ** 3],
    ['512 MiB', 512 * 1024 ** 2],
    ['1.5GB', 1.5e9],
    ['2kb', 2000],
    ['10 B', 10],
    ['1TiB', 1024 ** 4],
  ])('reads %s', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
  });

  it.each(['', 'GiB', '4 gigs', '-1MiB', '1e9', '4GiB!', '1.5.2MB', '9'.repeat(30)])(
    'refuses %j',
    (text) => {
      expect(parseByteSize(text)).toBeUndefined();
    },
  );
});

describe('formatByteSize', () => {
  it('uses binary units with at most one decimal', () => {
    expect(formatByteSize(812)).toBe('812 bytes');
    expect(formatByteSize(1024 * 1024)).toBe('1 MiB');
    expect(formatByteSize(1.5 * 1024 ** 3)).toBe('1.5 GiB');
    expect(formatByteSize(64 * 1024 ** 4)).toBe('64 TiB');
  });
});
