// The runner's paths, checked on real files, folders and symlinks in a fresh temp directory.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { readContext } from '../../src/runner/context.ts';
import { ActionError } from '../../src/shared/errors.ts';
import { checkRunnerPaths, runnerPathProblems, RunnerPathError } from '../../src/runner/paths.ts';

let root: string;
let workspace: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'runner-paths-')));
  workspace = path.join(root, 'work');
  mkdirSync(workspace);
  mkdirSync(path.join(root, 'temp'));
  writeFileSync(path.join(root, 'output'), '');
  writeFileSync(path.join(root, 'summary'), '');
  env = {
    RUNNER_TEMP: path.join(root, 'temp'),
    GITHUB_OUTPUT: path.join(root, 'output'),
    GITHUB_STEP_SUMMARY: path.join(root, 'summary'),
    GITHUB_WORKSPACE: workspace,
  };
});

const inWorkspace = (...parts: string[]) => path.join(workspace, ...parts);
const problems = (over: NodeJS.ProcessEnv = {}, downloadDirectory: string | null = null) =>
  runnerPathProblems(readContext({ ...env, ...over }), { downloadDirectory });

describe('runnerPathProblems', () => {
  it('finds nothing wrong with a runner as GitHub sets it up', () => {
    expect(problems({}, inWorkspace('desktop-builds'))).toEqual([]);
  });

  it('checks only what is set (a local run sets little: its workspace is the working directory)', () => {
    expect(runnerPathProblems(readContext({}), { downloadDirectory: null })).toEqual([]);
  });

  it('takes a RUNNER_TEMP that does not exist yet but can be created', () => {
    expect(problems({ RUNNER_TEMP: path.join(root, 'temp', 'a', 'b') })).toEqual([]);
  });

  it('refuses a RUNNER_TEMP that is a file, or under one', () => {
    const file = path.join(root, 'output');
    expect(problems({ RUNNER_TEMP: file })).toEqual([`RUNNER_TEMP: "${file}" is not a directory`]);
    expect(problems({ RUNNER_TEMP: path.join(file, 'sub') })).toEqual([
      `RUNNER_TEMP: "${file}/sub" does not exist and cannot be created ("${file}" is not a writable directory)`,
    ]);
  });

  it('refuses a GITHUB_OUTPUT or GITHUB_STEP_SUMMARY that is missing or a directory', () => {
    const missing = path.join(root, 'nope');
    expect(problems({ GITHUB_OUTPUT: missing, GITHUB_STEP_SUMMARY: workspace })).toEqual([
      `GITHUB_OUTPUT: "${missing}" does not exist; the runner creates it for each step (for a local run, create the file or unset GITHUB_OUTPUT)`,
      `GITHUB_STEP_SUMMARY: "${workspace}" is a directory, not a file`,
    ]);
    expect(problems({ GITHUB_STEP_SUMMARY: path.join(missing, 'summary.md') })).toEqual([
      `GITHUB_STEP_SUMMARY: "${missing}/summary.md" does not exist; the runner creates it for each step (for a local run, create the file or unset GITHUB_STEP_SUMMARY)`,
    ]);
  });

  it('takes a missing GITHUB_STEP_SUMMARY in a writable folder (it costs only the summary)', () => {
    expect(problems({ GITHUB_STEP_SUMMARY: path.join(root, 'later.md') })).toEqual([]);
  });

  it('refuses a GITHUB_WORKSPACE that is not a directory', () => {
    const file = path.join(root, 'output');
    expect(problems({ GITHUB_WORKSPACE: file }, path.join(file, 'desktop-builds'))).toEqual([
      `GITHUB_WORKSPACE: "${file}" is not a directory`,
    ]);
    expect(problems({ GITHUB_WORKSPACE: path.join(root, 'gone') })).toEqual([
      `GITHUB_WORKSPACE: "${root}/gone" is not a directory`,
    ]);
  });

  it('refuses a download-path that is a symlink to outside the workspace', () => {
    const outside = path.join(root, 'outside');
    mkdirSync(outside);
    symlinkSync(outside, inWorkspace('desktop-builds'));
    expect(problems({}, inWorkspace('desktop-builds'))).toEqual([
      `download-path: "${inWorkspace('desktop-builds')}" resolves to "${outside}", which is not a folder inside the workspace ("${workspace}"): a symbolic link on the way leads out of it. Give a folder inside the workspace`,
    ]);
    // Also when the link is an ancestor and the folder itself does not exist yet.
    symlinkSync(outside, inWorkspace('out'));
    expect(problems({}, inWorkspace('out', 'a', 'b'))).toEqual([
      expect.stringContaining(`resolves to "${outside}/a/b", which is not a folder inside`),
    ]);
  });

  it('refuses a download-path that is a symlink to the workspace itself or to nowhere', () => {
    symlinkSync(workspace, inWorkspace('self'));
    expect(problems({}, inWorkspace('self'))).toEqual([
      expect.stringContaining(`resolves to "${workspace}", which is not a folder inside`),
    ]);
    symlinkSync(path.join(root, 'missing'), inWorkspace('dangling'));
    expect(problems({}, inWorkspace('dangling', 'x'))).toEqual([
      `download-path: "${inWorkspace('dangling')}" is a symbolic link to nothing; remove it or point it at a folder inside the workspace`,
    ]);
  });

  it('takes symlinks that stay inside the workspace, and a workspace reached through one', () => {
    mkdirSync(inWorkspace('real'));
    symlinkSync(inWorkspace('real'), inWorkspace('link'));
    expect(problems({}, inWorkspace('link', 'builds'))).toEqual([]);
    const linkedWorkspace = path.join(root, 'ws-link');
    symlinkSync(workspace, linkedWorkspace);
    expect(
      problems({ GITHUB_WORKSPACE: linkedWorkspace }, path.join(linkedWorkspace, 'desktop-builds')),
    ).toEqual([]);
  });

  it('refuses a download-path that a symlink leads to a name Windows reserves for a device', () => {
    mkdirSync(inWorkspace('NUL.d'));
    symlinkSync(inWorkspace('NUL.d'), inWorkspace('builds'));
    expect(problems({}, inWorkspace('builds', 'x'))).toEqual([
      `download-path: "${inWorkspace('builds', 'x')}" resolves to "${inWorkspace('NUL.d', 'x')}", whose part "NUL.d" Windows reserves for a device; give a folder of another name`,
    ]);
  });

  it('refuses a download-path where a file is', () => {
    writeFileSync(inWorkspace('desktop-builds'), 'x');
    expect(problems({}, inWorkspace('desktop-builds', 'sub'))).toEqual([
      `download-path: "${inWorkspace('desktop-builds', 'sub')}" cannot be a folder: "${inWorkspace('desktop-builds')}" is a file`,
    ]);
  });
});

describe('checkRunnerPaths', () => {
  it('throws one error listing every problem', () => {
    const run = () =>
      checkRunnerPaths(
        readContext({
          ...env,
          RUNNER_TEMP: env.GITHUB_OUTPUT,
          GITHUB_OUTPUT: path.join(root, 'nope'),
        }),
        { downloadDirectory: null },
      );
    expect(run).toThrow(RunnerPathError);
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ActionError);
      expect((error as RunnerPathError).problems).toHaveLength(2);
      expect((error as Error).message).toMatch(
        /^Unusable runner paths:\n- RUNNER_TEMP: .*\n- GITHUB_OUTPUT: /,
      );
    }
  });
});
