// The bundles run the action only as the process's entry. Importing one (a local runner, a tool
// that inspects it) must not start a run: no workflow command, no exit code of its own.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../test-kit/run-action.ts';

const bundles = ['dist/index.js', 'dist/project/index.js', 'dist/webhook/index.js'];
// Inputs that make a real run fail at once, loudly.
const env = { PATH: process.env.PATH ?? '', 'INPUT_API-KEY': '', 'INPUT_BASE-URL': 'ftp://x' };

describe('bundle entries', () => {
  it.each(bundles)('%s does nothing when imported', (bundle) => {
    const url = pathToFileURL(path.join(REPO_ROOT, bundle)).href;
    const imported = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `await import('${url}')`],
      {
        env,
        encoding: 'utf8',
      },
    );
    expect(imported.stdout).toBe('');
    expect(imported.status).toBe(0);
  });

  it.each(bundles)('%s runs when started as the entry (the check can fail)', (bundle) => {
    const started = spawnSync(process.execPath, [path.join(REPO_ROOT, bundle)], {
      env,
      encoding: 'utf8',
    });
    expect(started.stdout).toContain('::error');
    expect(started.status).toBe(1);
  });
});
