// The manifest check that __tests__/dist.itg.test.ts runs on dist/, here on a small repository of
// its own: it passes on what the bundle wrote and names each stale input and each edited output.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputHashes, MANIFEST, staleness, writeManifest } from '../scripts/dist-manifest.ts';

describe('dist/manifest.json', () => {
  let repo: string;
  let dist: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  };
  beforeEach(() => {
    repo = mkdtempSync(path.join(os.tmpdir(), 'dist-manifest-'));
    dist = path.join(repo, 'dist');
    write('src/main.ts', 'export const a = 1;\n');
    write('src/text/escape.ts', 'export const b = 2;\n');
    write('package-lock.json', '{}\n');
    write('dist/index.js', 'bundle\n');
    write('dist/sdk/lib/index.js', 'sdk bundle\n');
    writeManifest(inputHashes(repo), dist);
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('holds nothing stale right after the bundle wrote it', () => {
    expect(staleness(repo, dist)).toEqual({ inputs: [], outputs: [] });
  });

  it('names every input that changed, appeared or went since the bundle', () => {
    write('src/main.ts', 'export const a = 3;\n');
    write('src/new.ts', 'export {};\n');
    rmSync(path.join(repo, 'src/text/escape.ts'));
    write('package-lock.json', '{ "changed": true }\n');
    write('docs/unrelated.md', 'not an input\n');
    expect(staleness(repo, dist)).toEqual({
      inputs: [
        'package-lock.json (changed)',
        'src/main.ts (changed)',
        'src/new.ts (added)',
        'src/text/escape.ts (missing)',
      ],
      outputs: [],
    });
  });

  it('names every file of dist/ edited by hand, added or missing', () => {
    write('dist/index.js', 'bundle, patched by hand\n');
    write('dist/extra.js', 'not from the bundle\n');
    rmSync(path.join(dist, 'sdk/lib/index.js'));
    expect(staleness(repo, dist)).toEqual({
      inputs: [],
      outputs: [
        'dist/extra.js (added)',
        'dist/index.js (changed)',
        'dist/sdk/lib/index.js (missing)',
      ],
    });
  });

  it('says so when dist/ has no manifest', () => {
    rmSync(path.join(dist, MANIFEST));
    expect(staleness(repo, dist)).toEqual({
      inputs: [],
      outputs: ['dist/manifest.json (missing)'],
    });
  });
});
