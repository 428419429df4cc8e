// What every benchmark does around its measurements: it runs the bundle, so the bundle must be
// there, and it ends with one verdict, which is its exit code.
import { messageOf } from '../src/shared/errors.ts';
import { assertBundleBuilt } from '../test-kit/run-action.ts';

/** Stops the benchmark at once when `dist/index.js` was not built. */
export function requireBundle(): void {
  try {
    assertBundleBuilt();
  } catch (error) {
    console.error(messageOf(error));
    process.exit(1);
  }
}

/** Prints the verdict and makes it the exit code: npm run bench fails on a missed target. */
export function verdict(ok: boolean): void {
  console.log(ok ? '\nPASS' : '\nFAIL: a target was missed');
  process.exitCode = ok ? 0 : 1;
}
