import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSums } from '../../test-kit/demo/release-files.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('checkSums', () => {
  it('passes matching files and fails a changed one', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sums-'));
    writeFileSync(path.join(dir, 'a.dmg'), 'a');
    writeFileSync(path.join(dir, 'b.exe'), 'b, changed after the sums were taken');
    writeFileSync(path.join(dir, 'SHA256SUMS'), `${sha256('a')}  a.dmg\n${sha256('b')}  b.exe\n`);
    const check = await checkSums(dir);
    expect(check.ok).toBe(false);
    expect(check.output).toContain('a.dmg: OK');
    expect(check.output).toContain('b.exe: FAILED');

    writeFileSync(path.join(dir, 'SHA256SUMS'), `${sha256('a')}  a.dmg\n`);
    expect(await checkSums(dir)).toMatchObject({ ok: true, output: 'a.dmg: OK\n' });
  });
});
