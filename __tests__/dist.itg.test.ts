// dist/ is committed and is what the runner executes: it must be exactly what `npm run bundle`
// makes from src/ now, or a release would ship code nobody reviewed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, full) : [path.relative(root, full)];
  });
}

describe('dist/', () => {
  const fresh = mkdtempSync(path.join(os.tmpdir(), 'dist-check-'));
  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it('is what `npm run bundle` builds from src/', { timeout: 180_000 }, () => {
    execFileSync(process.execPath, ['scripts/bundle.ts', '--out', fresh], {
      cwd: repo,
      stdio: 'pipe',
    });
    const committed = path.join(repo, 'dist');
    const built = listFiles(fresh).sort();
    expect(listFiles(committed).sort(), 'files in dist/ differ: run `npm run bundle`').toEqual(
      built,
    );
    const stale = built.filter(
      (file) =>
        !readFileSync(path.join(fresh, file)).equals(readFileSync(path.join(committed, file))),
    );
    expect(stale, 'dist/ is stale: run `npm run bundle` and commit dist/').toEqual([]);
  });
});
