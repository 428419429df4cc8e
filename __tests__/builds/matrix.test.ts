import { describe, expect, it } from 'vitest';
import { buildMatrix } from '../../src/builds/matrix.ts';

describe('buildMatrix', () => {
  it('gives one target per platform × arch', () => {
    expect(buildMatrix(['mac', 'linux'], ['x64', 'arm64'])).toEqual([
      { platform: 'mac', arch: 'x64' },
      { platform: 'mac', arch: 'arm64' },
      { platform: 'linux', arch: 'x64' },
      { platform: 'linux', arch: 'arm64' },
    ]);
  });
});
