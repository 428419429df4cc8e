// Renamed artifacts on runners that refuse symlinks (Windows without the privilege): the refusal
// is simulated by ops that throw what such a system throws; the links and copies are real files.
import { copyFile, link, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkAs, type LinkOps } from '../../src/publish/link-as.ts';

const refusal = (code: string) => async () => {
  throw Object.assign(new Error(`${code}: operation not permitted`), { code });
};
const real: LinkOps = { symlink: (t, p) => symlink(t, p), link, copyFile };

let dir: string;
let target: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dba-link-'));
  target = path.join(dir, 'MyApp-1.0.0.dmg');
  await writeFile(target, 'installer bytes');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('linkAs', () => {
  it('makes a symlink where the system allows it', async () => {
    const named = path.join(dir, 'desktop-mac-x64.dmg');
    expect(await linkAs(target, named)).toBe('symlink');
    expect(await readFile(named, 'utf8')).toBe('installer bytes');
  });

  it('falls back to a hard link when symlinks are refused (EPERM)', async () => {
    const named = path.join(dir, 'renamed.dmg');
    expect(await linkAs(target, named, { ...real, symlink: refusal('EPERM') })).toBe('hard link');
    expect(await readFile(named, 'utf8')).toBe('installer bytes');
  });

  it('falls back to a copy when hard links are refused too (EXDEV across volumes)', async () => {
    const named = path.join(dir, 'copied.dmg');
    const ops = { ...real, symlink: refusal('EPERM'), link: refusal('EXDEV') };
    expect(await linkAs(target, named, ops)).toBe('copy');
    expect(await readFile(named, 'utf8')).toBe('installer bytes');
  });

  it('does not hide other failures', async () => {
    const ops = { ...real, symlink: refusal('ENOSPC') };
    await expect(linkAs(target, path.join(dir, 'x.dmg'), ops)).rejects.toThrow(/ENOSPC/);
  });
});
