// A fresh working directory under the runner's temp directory (RUNNER_TEMP), which a local run
// may name without creating it; the system's temp directory where none is named.
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function makeTempDir(root: string | undefined, prefix: string): string {
  const base = root || os.tmpdir();
  mkdirSync(base, { recursive: true });
  return mkdtempSync(path.join(base, prefix));
}
