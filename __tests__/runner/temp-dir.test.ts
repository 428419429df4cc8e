import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunnerPathError } from '../../src/runner/paths.ts';
import { makeTempDir } from '../../src/runner/temp-dir.ts';

describe('makeTempDir', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'temp-dir-'));

  it('creates RUNNER_TEMP when a local run names it without creating it', () => {
    const dir = makeTempDir(path.join(root, 'not', 'yet'), 'logs-');
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(path.basename(dir)).toMatch(/^logs-/);
  });

  it('names RUNNER_TEMP when it cannot be used', () => {
    const file = path.join(root, 'a-file');
    writeFileSync(file, '');
    expect(() => makeTempDir(file, 'logs-')).toThrow(RunnerPathError);
    expect(() => makeTempDir(file, 'logs-')).toThrow(
      new RegExp(
        `^Unusable runner path: RUNNER_TEMP: cannot create a working directory in "${file}": `,
      ),
    );
  });
});
