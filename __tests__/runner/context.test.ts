// The runner's context of a step, read from an environment given per test and event files written
// to a fresh temp directory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isEnterpriseServer, readContext } from '../../src/runner/context.ts';
// The library's own rule, to hold ours to it.
import { isGhes } from '../../node_modules/@actions/artifact/lib/internal/shared/config.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'context-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const eventFile = (text: string): string => {
  const file = path.join(dir, 'event.json');
  writeFileSync(file, text);
  return file;
};

const HEAD = 'b'.repeat(40);
const pullRequestEvent = {
  action: 'synchronize',
  number: 9,
  pull_request: { number: 9, head: { sha: HEAD } },
  repository: { name: 'desktop-app', owner: { login: 'acme' } },
};

const runner = {
  GITHUB_EVENT_NAME: 'push',
  GITHUB_SHA: 'a'.repeat(40),
  GITHUB_REF: 'refs/tags/v1.4.2',
  GITHUB_RUN_ID: '601',
  GITHUB_RUN_ATTEMPT: '2',
  GITHUB_API_URL: 'https://ghe.example.com/api/v3',
  GITHUB_SERVER_URL: 'https://ghe.example.com/',
  GITHUB_REPOSITORY: 'acme/desktop-app',
  GITHUB_WORKSPACE: '/home/runner/work/app',
  RUNNER_TEMP: '/home/runner/work/_temp',
  GITHUB_OUTPUT: '/home/runner/work/_temp/_runner_file_commands/set_output',
  GITHUB_STEP_SUMMARY: '/home/runner/work/_temp/_runner_file_commands/step_summary',
};

/** What a step prints on stdout while `work` runs. */
const printedBy = <T>(work: () => T): { result: T; printed: string } => {
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    const result = work();
    return { result, printed: write.mock.calls.map(([chunk]) => String(chunk)).join('') };
  } finally {
    write.mockRestore();
  }
};

describe('readContext', () => {
  it('reads the runner as @actions/github does, plus what it lacks', () => {
    const env = { ...runner, GITHUB_EVENT_PATH: eventFile('{"ref":"refs/tags/v1.4.2"}') };
    expect(readContext(env)).toEqual({
      eventName: 'push',
      payload: { ref: 'refs/tags/v1.4.2' },
      eventFileProblem: undefined,
      sha: 'a'.repeat(40),
      ref: 'refs/tags/v1.4.2',
      runId: 601,
      runAttempt: 2,
      apiUrl: 'https://ghe.example.com/api/v3',
      serverUrl: 'https://ghe.example.com',
      enterpriseServer: true,
      repository: 'acme/desktop-app',
      workspace: '/home/runner/work/app',
      runnerTemp: '/home/runner/work/_temp',
      outputFile: '/home/runner/work/_temp/_runner_file_commands/set_output',
      summaryFile: '/home/runner/work/_temp/_runner_file_commands/step_summary',
      pullRequest: undefined,
      env,
    });
  });

  it('gives a local run (nothing set) the defaults of github.com and the working directory', () => {
    expect(readContext({})).toMatchObject({
      eventName: undefined,
      payload: {},
      eventFileProblem: undefined,
      sha: undefined,
      ref: undefined,
      runId: 0,
      runAttempt: 1,
      apiUrl: 'https://api.github.com',
      serverUrl: 'https://github.com',
      enterpriseServer: false,
      repository: '',
      workspace: process.cwd(),
      runnerTemp: undefined,
      outputFile: undefined,
      summaryFile: undefined,
      pullRequest: undefined,
    });
  });

  it('uses the Context class of @actions/github itself, and leaves process.env as it was', async () => {
    const runnerEnv = process.env;
    const before = { ...process.env };
    readContext({ ...runner, GITHUB_EVENT_PATH: eventFile(JSON.stringify(pullRequestEvent)) });
    expect(process.env).toBe(runnerEnv);
    expect({ ...process.env }).toEqual(before);
    const github = await import('@actions/github');
    const { Context } = await import('../../node_modules/@actions/github/lib/context.js');
    expect(github.context).toBeInstanceOf(Context);
  });

  it("finds the pull request in a pull_request event's payload", () => {
    for (const eventName of ['pull_request', 'pull_request_target']) {
      const context = readContext({
        ...runner,
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: eventFile(JSON.stringify(pullRequestEvent)),
      });
      expect(context.pullRequest).toEqual({ number: 9, headSha: HEAD });
      expect(context.payload).toEqual(pullRequestEvent);
    }
  });

  it('finds no pull request for any other event, whatever its payload says', () => {
    const context = readContext({
      ...runner,
      GITHUB_EVENT_NAME: 'issue_comment',
      GITHUB_EVENT_PATH: eventFile(JSON.stringify(pullRequestEvent)),
    });
    expect(context.pullRequest).toBeUndefined();
  });

  it('takes a missing event file as no payload, without a line on stdout', () => {
    const { result, printed } = printedBy(() =>
      readContext({
        ...runner,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: path.join(dir, 'gone.json'),
      }),
    );
    expect(printed).toBe('');
    expect(result).toMatchObject({
      payload: {},
      eventFileProblem: undefined,
      pullRequest: undefined,
    });
  });

  it('says what is wrong with an event file that is not a JSON object, and does not throw', () => {
    const broken = eventFile('{"pull_request": {"number": 9');
    const { result, printed } = printedBy(() =>
      readContext({ ...runner, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: broken }),
    );
    expect(printed).toBe('');
    expect(result.payload).toEqual({});
    expect(result.pullRequest).toBeUndefined();
    expect(result.eventFileProblem).toMatch(
      new RegExp(
        `^GITHUB_EVENT_PATH: the event file "${broken}" cannot be read: .*JSON.*; the runner ` +
          "writes the event's JSON there \\(for a local run, point it at a JSON file of the " +
          'event, or unset it\\)$',
      ),
    );
    for (const text of ['[1, 2]', '42', 'null']) {
      const file = eventFile(text);
      expect(readContext({ ...runner, GITHUB_EVENT_PATH: file })).toMatchObject({
        payload: {},
        eventFileProblem: expect.stringContaining(`"${file}" is not a JSON object;`),
      });
    }
    expect(readContext({ ...runner, GITHUB_EVENT_PATH: dir }).eventFileProblem).toContain(
      'cannot be read: EISDIR',
    );
  });
});

describe('isEnterpriseServer', () => {
  const servers = [
    ['https://github.com', false],
    ['https://GitHub.com/', false],
    ['https://octo.ghe.com', false],
    ['http://github.localhost', false],
    ['https://ghe.example.com', true],
    ['https://github.example.com:8443', true],
    ['https://github.com.evil.example', true],
    ['', false],
  ] as const;

  it.each(servers)('%j → %s, as @actions/artifact decides', (serverUrl, expected) => {
    expect(isEnterpriseServer(serverUrl)).toBe(expected);
    const saved = process.env.GITHUB_SERVER_URL;
    process.env.GITHUB_SERVER_URL = serverUrl;
    try {
      expect(isGhes()).toBe(expected);
    } finally {
      if (saved === undefined) delete process.env.GITHUB_SERVER_URL;
      else process.env.GITHUB_SERVER_URL = saved;
    }
  });

  it('is read with the rest of the context', () => {
    expect(readContext({ GITHUB_SERVER_URL: 'https://ghe.example.com' }).enterpriseServer).toBe(
      true,
    );
    expect(readContext({}).enterpriseServer).toBe(false);
  });
});
