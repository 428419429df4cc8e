import { describe, expect, it } from 'vitest';
import { plural } from '../../src/text/plural.ts';

describe('plural', () => {
  it('adds an s to every count but one', () => {
    expect([0, 1, 2, 6].map((count) => plural(count, 'installer'))).toEqual([
      '0 installers',
      '1 installer',
      '2 installers',
      '6 installers',
    ]);
    expect(plural(1, 'desktop build')).toBe('1 desktop build');
  });
});
