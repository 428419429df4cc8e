// What every benchmark does around its measurements: it runs the bundle, so the bundle must be
// there, and it ends with one verdict, which is its exit code.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../test-kit/run-action.ts';

/** Stops the benchmark at once when `dist/index.js` was not built. */
export function requireBundle(): void {
  if (!existsSync(path.join(REPO_ROOT, 'dist/index.js'))) {
    console.error('dist/index.js is missing: run `npm run bundle` first');
    process.exit(1);
  }
}

/** Prints the verdict and makes it the exit code: npm run bench fails on a missed target. */
export function verdict(ok: boolean): void {
  console.log(ok ? '\nPASS' : '\nFAIL: a target was missed');
  process.exitCode = ok ? 0 : 1;
}
