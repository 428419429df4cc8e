// A fresh working directory under the runner's temp directory (RUNNER_TEMP), which a local run
// may name without creating it; the system's temp directory where none is named.
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messageOf } from '../shared/errors.ts';
import { RunnerPathError } from './paths.ts';

export function makeTempDir(root: string | undefined, prefix: string): string {
  const base = root || os.tmpdir();
  try {
    mkdirSync(base, { recursive: true });
    return mkdtempSync(path.join(base, prefix));
  } catch (error) {
    // The system's words alone ("ENOTDIR: not a directory, mkdir …") do not say which setting.
    const name = root ? 'RUNNER_TEMP' : 'the system temp directory';
    throw new RunnerPathError([
      `${name}: cannot create a working directory in ${JSON.stringify(base)}: ${messageOf(error)}`,
    ]);
  }
}
