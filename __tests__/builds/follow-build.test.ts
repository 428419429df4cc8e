import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { downloadFolder } from '../../src/builds/follow-build.ts';
import { resultOf } from '../../src/builds/result.ts';
import { buildSummary as summary } from './support.ts';

describe('downloadFolder', () => {
  it('names download folders only inside the download directory', () => {
    const root = path.resolve('downloads');
    const build = resultOf(summary({ id: 'build_7' }), 'resumed', 0);
    expect(downloadFolder(root, build, false)).toBe(path.join(root, 'mac-x64'));
    expect(downloadFolder(root, build, true)).toBe(path.join(root, 'mac-x64-build_7'));
    for (const id of ['/../../x', 'a/b', '/../../../etc']) {
      expect(downloadFolder(root, { ...build, id }, true)).toBeUndefined();
    }
  });
});
