// run() in-process, as src/index.ts calls it, against the emulator: the runner's files and the
// `::` commands in the step's log are what is checked.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../emulator/index.ts';
import { run } from '../src/main.ts';
import { parseCommandFile } from '../test-kit/run-action.ts';
import { captureStepLog } from '../test-kit/step-log-capture.ts';
import { INPUT_NAMES } from '../src/inputs.ts';

let emulator: Emulator;
let dir: string;
// @actions/core remembers the summary file of its first write, so every test shares one.
const summaryFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'main-summary-')), 'summary');

beforeAll(async () => {
  emulator = await startEmulator({
    queuedMs: 30,
    buildingMs: 200,
    artifactSize: 1024,
    seedProjects: [
      { id: 'proj_main', name: 'Main', url: 'https://a.example', platforms: ['linux'] },
    ],
  });
});
afterAll(() => emulator.close());

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'main-'));
  writeFileSync(path.join(dir, 'output'), '');
  writeFileSync(summaryFile, '');
  Object.assign(process.env, {
    GITHUB_OUTPUT: path.join(dir, 'output'),
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_WORKSPACE: dir,
    GITHUB_REF: 'refs/tags/v3.1.0',
  });
  setInputs({
    'api-key': emulator.apiKey,
    'base-url': emulator.baseUrl,
    'project-id': 'proj_main',
    'poll-interval': '0.05',
    'upload-artifacts': 'false',
    release: 'false',
  });
});
afterEach(() => {
  emulator.resetFaults();
  process.exitCode = undefined;
});

function setInputs(inputs: Record<string, string>) {
  for (const name of INPUT_NAMES) delete process.env[`INPUT_${name.toUpperCase()}`];
  for (const [name, value] of Object.entries(inputs)) {
    process.env[`INPUT_${name.toUpperCase()}`] = value;
  }
}

async function runCaptured() {
  const captured = captureStepLog();
  try {
    await run();
  } finally {
    captured.restore();
  }
  return {
    lines: captured.lines(),
    outputs: parseCommandFile(readFileSync(path.join(dir, 'output'), 'utf8')),
    summary: readFileSync(summaryFile, 'utf8'),
  };
}

describe('run()', () => {
  it('masks the key, builds, downloads, and writes outputs and summary', async () => {
    const { lines, outputs, summary } = await runCaptured();
    expect(process.exitCode).toBeUndefined();
    // The key's spellings are masked first, before anything else is printed.
    const masks = lines.slice(
      0,
      lines.findIndex((line) => !line.startsWith('::add-mask::')),
    );
    expect(masks).toContain(`::add-mask::${emulator.apiKey}`);
    expect(masks).toContain(`::add-mask::${Buffer.from(emulator.apiKey).toString('base64')}`);
    expect(outputs.status).toBe('success');
    expect(JSON.parse(outputs.builds!)).toMatchObject([
      { platform: 'linux', arch: 'x64', version: '3.1.0', status: 'success' },
    ]);
    expect(outputs.artifacts).toContain(path.join(dir, 'desktop-builds', 'linux-x64'));
    expect(summary).toContain('**success** · version `3.1.0` · 1/1 build finished');
    expect(summary).toContain('| linux/x64 | ✅ success |');
  });

  it('logs every retry of the client at info level, without the key', async () => {
    emulator.faults.rateLimit = { count: 2, retryAfter: '0' };
    const { lines, outputs } = await runCaptured();
    const retries = lines.filter((line) => line.startsWith('Retrying '));
    expect(retries).toHaveLength(2);
    expect(retries[0]).toMatch(
      /^Retrying GET \/projects\/:projectId in 0\.0 s, as the service asked \(attempt 1 failed: .*429/,
    );
    expect(retries.join('\n')).not.toContain(emulator.apiKey);
    expect(outputs.status).toBe('success');
  });

  it('fails on a missing key without an empty mask command (the runner warns on those)', async () => {
    setInputs({
      'base-url': emulator.baseUrl,
      'project-id': 'proj_main',
      'upload-artifacts': 'false',
      release: 'false',
    });
    const { lines } = await runCaptured();
    expect(process.exitCode).toBe(1);
    expect(lines.filter((line) => line.startsWith('::add-mask::'))).toEqual([]);
    expect(lines.find((line) => line.startsWith('::error::'))).toBe(
      '::error::Invalid input: api-key: missing; pass it from a secret',
    );
  });

  it('fails with one clear message on an unknown project, writing no outputs', async () => {
    setInputs({
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': 'proj_missing',
      'upload-artifacts': 'false',
      release: 'false',
    });
    const { lines, outputs } = await runCaptured();
    expect(process.exitCode).toBe(1);
    expect(lines.find((line) => line.startsWith('::error::'))).toMatch(
      /'proj_missing' was not found/,
    );
    expect(outputs).toEqual({});
  });

  it('applies config-file (creating the project) and builds it in the same step', async () => {
    writeFileSync(
      path.join(dir, 'desktop-build.yml'),
      'name: From Config\nurl: https://config.example\nplatforms: [mac, windows]\n',
    );
    setInputs({
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'config-file': 'desktop-build.yml',
      'poll-interval': '0.05',
      'upload-artifacts': 'false',
      release: 'false',
    });
    const { outputs } = await runCaptured();
    const created = emulator.projects().find((project) => project.name === 'From Config');
    expect(created?.platforms).toEqual(['mac', 'windows']);
    expect(outputs.status).toBe('success');
    const builds = JSON.parse(outputs.builds!) as { platform: string; id: string }[];
    expect(builds.map((build) => build.platform).sort()).toEqual(['mac', 'windows']);
    const projectOf = new Map(emulator.builds().map((build) => [build.id, build.projectId]));
    expect(builds.map((build) => projectOf.get(build.id))).toEqual([created!.id, created!.id]);
  });

  it('rejects a config-file with an unknown key before creating anything', async () => {
    writeFileSync(path.join(dir, 'bad.json'), '{"name":"X","url":"https://x.example","colour":1}');
    setInputs({
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'config-file': 'bad.json',
      'upload-artifacts': 'false',
      release: 'false',
    });
    const projectsBefore = emulator.projects().length;
    const { lines } = await runCaptured();
    expect(process.exitCode).toBe(1);
    const error = lines.find((line) => line.startsWith('::error::')) ?? '';
    expect(error).toContain('colour');
    expect(error).toContain('bad.json');
    expect(emulator.projects()).toHaveLength(projectsBefore);
  });

  it('writes the ids of unfinished builds at the timeout, and fails', async () => {
    emulator.faults.hangBuilds = [{}];
    process.env['INPUT_TIMEOUT'] = String(0.6 / 60);
    const { lines, outputs, summary } = await runCaptured();
    expect(process.exitCode).toBe(1);
    const id = outputs['build-ids'];
    expect(id).toMatch(/^build_/);
    const error = lines.find((line) => line.startsWith('::error::Timed out'));
    expect(error).toContain(`still unfinished: linux/x64 ${id} (building)`);
    // The one build's live log group is closed before the step's own verdict, not left open
    // around it (and no read of it still under way prints after the report).
    const groupStart = lines.findIndex((line) => line.startsWith('::group::linux/x64'));
    const groupEnd = lines.indexOf('::endgroup::', groupStart);
    expect(groupStart).toBeGreaterThanOrEqual(0);
    expect(groupEnd).toBeGreaterThan(groupStart);
    expect(groupEnd).toBeLessThan(lines.indexOf(error!));
    expect(summary).toContain('Timed out');
  });

  it('fails naming an unknown id among build-ids, and still follows and reports the others', async () => {
    const first = await runCaptured();
    const known = first.outputs['build-ids']!;
    expect(known).toMatch(/^build_\w+$/);
    setInputs({
      'api-key': emulator.apiKey,
      'base-url': emulator.baseUrl,
      'project-id': 'proj_main',
      'build-ids': `${known}, build_unknown`,
      'poll-interval': '0.05',
      'upload-artifacts': 'false',
      release: 'false',
    });
    writeFileSync(path.join(dir, 'output'), '');
    const { lines, outputs } = await runCaptured();
    expect(process.exitCode).toBe(1);
    expect(lines.filter((line) => line.startsWith('::error::')).join('\n')).toContain(
      'build_unknown',
    );
    expect(JSON.parse(outputs.builds!)).toMatchObject([{ id: known, status: 'success' }]);
    expect(outputs['build-ids']).toBe(known);
  });

  it('fails with an ::error line when the report itself fails, instead of rejecting', async () => {
    const output = path.join(dir, 'output');
    const captured = captureStepLog();
    try {
      const running = run();
      // The outputs are written as soon as the builds are known; then the file becomes a folder.
      while (!readFileSync(output, 'utf8').includes('build-ids')) {
        // real time: polls the outputs file the real run writes, and ends as soon as it holds
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      rmSync(output);
      mkdirSync(output);
      await expect(running).resolves.toBeUndefined();
    } finally {
      captured.restore();
    }
    expect(process.exitCode).toBe(1);
    expect(captured.lines().filter((line) => line.startsWith('::error::'))).toEqual([
      expect.stringMatching(/^::error::The run could not be reported: EISDIR/),
    ]);
  });

  describe('finds unusable runner paths before the first request', () => {
    const runner = process.env.RUNNER_TEMP;
    afterEach(() => {
      process.env.RUNNER_TEMP = runner;
    });

    async function refused(expected: RegExp) {
      const before = emulator.requests.length;
      const builds = emulator.builds().length;
      const { lines } = await runCaptured();
      expect(process.exitCode).toBe(1);
      expect(lines.filter((line) => line.startsWith('::error::'))).toEqual([
        expect.stringMatching(expected),
      ]);
      expect(emulator.requests.slice(before)).toEqual([]);
      expect(emulator.builds()).toHaveLength(builds);
    }

    it('a missing GITHUB_OUTPUT', async () => {
      const missing = path.join(dir, 'gone', 'output');
      process.env.GITHUB_OUTPUT = missing;
      await refused(
        new RegExp(`^::error::Unusable runner path: GITHUB_OUTPUT: "${missing}" does not exist`),
      );
    });

    it('a RUNNER_TEMP that is a regular file', async () => {
      process.env.RUNNER_TEMP = path.join(dir, 'output');
      await refused(
        /^::error::Unusable runner path: RUNNER_TEMP: ".*\/output" is not a directory$/,
      );
    });

    it('a download-path that is a symlink to outside the workspace', async () => {
      const outside = mkdtempSync(path.join(os.tmpdir(), 'main-outside-'));
      symlinkSync(outside, path.join(dir, 'desktop-builds'));
      await refused(
        /^::error::Unusable runner path: download-path: ".*desktop-builds" resolves to .*, which is not a folder inside the workspace/,
      );
      expect(existsSync(path.join(outside, 'linux-x64'))).toBe(false);
    });
  });
});
