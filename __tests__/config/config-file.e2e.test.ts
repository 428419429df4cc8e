// The main action's config-file on the bundle (`node dist/index.js`, run as the runner runs it):
// the repository's file is read only inside the workspace, only as much of it as a configuration
// needs, and what is wrong with it is shown without the file.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2e, type E2eRun } from '../../test-kit/e2e-run.ts';
import { REPO_ROOT } from '../../test-kit/run-action.ts';

const SECRET = 'npm_SecretToken_0123456789';
const MARKER = 'environ-marker-0123456789';
const MAX_LINE_BYTES = 64 * 1024;
const MAX_RSS_BYTES = 512 * 1024 * 1024;

const e2e = useE2e();
let outside: string;

beforeAll(() => {
  outside = mkdtempSync(path.join(os.tmpdir(), 'config-outside-'));
  writeFileSync(path.join(outside, 'npmrc.yml'), `//registry.npmjs.org/:_authToken=${SECRET}\n`);
  writeFileSync(
    path.join(outside, 'valid.yml'),
    `name: ${SECRET}\nurl: https://app.example.com\nplatforms: [mac]\n`,
  );
});

const newWorkspace = (): string => mkdtempSync(path.join(os.tmpdir(), 'workspace-'));

async function runWithConfig(
  workspace: string,
  configFile: string,
  env: Record<string, string> = {},
): Promise<E2eRun & { errors: string[] }> {
  const run = await e2e.run({
    inputs: { 'config-file': configFile, wait: 'false' },
    workspace,
    env,
  });
  const errors = [...run.stdout.matchAll(/^::error(?: [^:]*)?::(.*)$/gm)].map((match) =>
    (match[1] ?? '').replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%25/g, '%'),
  );
  return { ...run, errors };
}

describe('config-file outside the workspace (node dist/index.js)', () => {
  it('is refused before it is read: a link to a file outside, ../, an absolute path', async () => {
    const workspace = newWorkspace();
    symlinkSync(path.join(outside, 'npmrc.yml'), path.join(workspace, 'desktop-build.yml'));
    symlinkSync('/proc/self/environ', path.join(workspace, 'environ.json'));
    mkdirSync(path.join(workspace, 'config'));
    symlinkSync(outside, path.join(workspace, 'config', 'shared'));
    const requests = e2e.emulator.requests.length;
    for (const configFile of [
      'desktop-build.yml',
      'environ.json',
      'config/shared/valid.yml',
      path.relative(workspace, path.join(outside, 'valid.yml')),
      path.join(outside, 'valid.yml'),
    ]) {
      const run = await runWithConfig(workspace, configFile, { LEAKED_IF_READ: MARKER });
      expect(run.code, configFile).toBe(1);
      expect(run.errors, configFile).toEqual([
        expect.stringMatching(/^Cannot read the project configuration .*not inside the workspace/),
      ]);
      for (const text of [run.stdout, run.stderr, run.summary]) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(MARKER);
        expect(text).not.toContain('authToken');
      }
    }
    expect(e2e.emulator.requests.length).toBe(requests);
    expect(e2e.emulator.projects().map((project) => project.name)).not.toContain(SECRET);
  });
});

describe('config-file bounds (node dist/index.js)', () => {
  /** Runs with the child's own peak RSS measured (bench/peak-rss.mjs, preloaded). */
  async function measuredRun(workspace: string, configFile: string) {
    const rssFile = path.join(workspace, '..', `${path.basename(workspace)}.rss`);
    const run = await runWithConfig(workspace, configFile, {
      NODE_OPTIONS: `--import=${pathToFileURL(path.join(REPO_ROOT, 'bench/peak-rss.mjs')).href}`,
      BENCH_PEAK_RSS_FILE: rssFile,
    });
    return { run, peakRss: Number(readFileSync(rssFile, 'utf8')) };
  }

  const expectBounded = (run: E2eRun, peakRss: number): void => {
    for (const line of `${run.stdout}\n${run.stderr}`.split('\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(MAX_LINE_BYTES);
    }
    expect(peakRss).toBeGreaterThan(0);
    expect(peakRss).toBeLessThan(MAX_RSS_BYTES);
  };

  // The finding: a 2 MB YAML whose aliases repeat one value 99 times into `platforms` gave one
  // 198 MB annotation (each item quoted whole) and 1.25 GB RSS.
  it('refuses a 2 MB YAML of aliases by its size: short lines, RSS under 512 MiB', async () => {
    const workspace = newWorkspace();
    const aliases = Array.from({ length: 99 }, () => '*a').join(', ');
    writeFileSync(
      path.join(workspace, 'aliases.yml'),
      `anchor: &a "${'A'.repeat(2_000_000)}"\nplatforms: [${aliases}]\n`,
    );
    writeFileSync(path.join(workspace, 'value.yml'), `name: "${'N'.repeat(1_000_000)}"\n`);
    for (const file of ['aliases.yml', 'value.yml']) {
      const { run, peakRss } = await measuredRun(workspace, file);
      expect(run.code).toBe(1);
      expect(run.errors).toEqual([
        `Cannot read the project configuration ${file}: it is larger than 64 KiB; a project configuration is a few lines`,
      ]);
      expectBounded(run, peakRss);
    }
  });

  it('shows a config of aliases under the size bound as short excerpts of at most ten values', async () => {
    const workspace = newWorkspace();
    const aliases = Array.from({ length: 99 }, () => '*a').join(', ');
    writeFileSync(
      path.join(workspace, 'aliases.yml'),
      `anchor: &a "${'A'.repeat(60_000)}"\nplatforms: [${aliases}]\n`,
    );
    const { run, peakRss } = await measuredRun(workspace, 'aliases.yml');
    expect(run.code).toBe(1);
    expectBounded(run, peakRss);
    const [error = ''] = run.errors;
    expect(run.errors).toHaveLength(1);
    expect(error).toContain(`"${'A'.repeat(39)}…" is not a platform`);
    expect(error).toMatch(/ {2}- and \d+ more$/);
    expect(error.length).toBeLessThan(2000);
  });

  it('refuses a JSON key given twice, as YAML does, before any request', async () => {
    const workspace = newWorkspace();
    writeFileSync(
      path.join(workspace, 'desktop-build.json'),
      '{\n  "name": "First",\n  "url": "https://app.example.com",\n  "platforms": ["mac"],\n  "name": "Second"\n}\n',
    );
    const requests = e2e.emulator.requests.length;
    const run = await runWithConfig(workspace, 'desktop-build.json');
    expect(run.code).toBe(1);
    expect(run.errors).toEqual([
      'desktop-build.json is not a valid project configuration:\n' +
        '  - name (line 5): given twice in one object; keep one (parsers differ on which one counts)',
    ]);
    expect(e2e.emulator.requests.length).toBe(requests);
  });
});
