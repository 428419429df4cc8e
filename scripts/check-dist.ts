// `npm run check-dist`: rebuilds the bundle into a temporary folder and compares it, file by file
// and byte by byte, with dist/ (what CI's check-dist job does with `git status`). Slow (a whole
// `npm run bundle`); `npm test` checks dist/manifest.json instead (__tests__/dist.itg.test.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { differences, hashFiles } from './dist-manifest.ts';

const repo = path.resolve(import.meta.dirname, '..');
const fresh = mkdtempSync(path.join(os.tmpdir(), 'check-dist-'));
try {
  execFileSync(process.execPath, ['scripts/bundle.ts', '--out', fresh], {
    cwd: repo,
    stdio: 'inherit',
  });
  const stale = differences(hashFiles(fresh, ['.']), hashFiles(path.join(repo, 'dist'), ['.']));
  if (stale.length > 0) {
    console.error(`dist/ is not what \`npm run bundle\` builds now; run it and commit dist/:`);
    for (const file of stale) console.error(`  dist/${file}`);
    process.exitCode = 1;
  } else {
    console.log('dist/ is what `npm run bundle` builds now.');
  }
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
