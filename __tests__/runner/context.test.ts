// The runner's context of a step, read from an environment given per test and event files written
// to a fresh temp directory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isEnterpriseServer,
  MAX_EVENT_BYTES,
  MAX_EVENT_DEPTH,
  readContext,
} from '../../src/runner/context.ts';
import { captureStepLog } from '../../test-kit/step-log-capture.ts';
// The library's own rule, to hold ours to it.
import { isGhes } from '../../node_modules/@actions/artifact/lib/internal/shared/config.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'context-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

const eventFile = (text: string | Buffer): string => {
  const file = path.join(dir, 'event.json');
  writeFileSync(file, text);
  return file;
};

/** A pull_request event's JSON of exactly `bytes` bytes, padded with a field the action ignores. */
const eventOfSize = (bytes: number): string => {
  const start = JSON.stringify({ ...pullRequestEvent, padding: '' });
  return `${start.slice(0, -2)}${'x'.repeat(bytes - start.length)}"}`;
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

/** What the step's log printed while `work` ran. */
const printedBy = <T>(work: () => T): { result: T; printed: string } => {
  const log = captureStepLog();
  try {
    return { result: work(), printed: log.text() };
  } finally {
    log.restore();
  }
};

describe('readContext', () => {
  it("reads the runner's own variables and the event's file", () => {
    const env = { ...runner, GITHUB_EVENT_PATH: eventFile('{"ref":"refs/tags/v1.4.2"}') };
    expect(readContext(env)).toEqual({
      eventName: 'push',
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

  it('reads only the environment it is given, and leaves process.env as it was', () => {
    vi.stubEnv('GITHUB_EVENT_NAME', 'pull_request');
    vi.stubEnv('GITHUB_SHA', 'c'.repeat(40));
    vi.stubEnv('GITHUB_EVENT_PATH', eventFile(JSON.stringify(pullRequestEvent)));
    const runnerEnv = process.env;
    const before = { ...process.env };
    expect(readContext({ GITHUB_EVENT_NAME: 'push' })).toMatchObject({
      eventName: 'push',
      sha: undefined,
      pullRequest: undefined,
    });
    expect(process.env).toBe(runnerEnv);
    expect({ ...process.env }).toEqual(before);
  });

  it('takes counts as the runner writes them, digits, and the defaults for anything else', () => {
    for (const [runId, runAttempt] of [
      ['', ''],
      ['0', '0'],
      ['-5', '-2'],
      ['601abc', '2.5'],
      [' 601', '1e3'],
      ['99999999999999999999', 'two'],
    ]) {
      expect(readContext({ GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: runAttempt })).toMatchObject({
        runId: 0,
        runAttempt: 1,
      });
    }
    expect(readContext({ GITHUB_RUN_ID: '19283746501', GITHUB_RUN_ATTEMPT: '3' })).toMatchObject({
      runId: 19283746501,
      runAttempt: 3,
    });
  });

  it("takes GitHub's URLs as the runner gives them, github.com's when unset or empty", () => {
    expect(readContext({ GITHUB_API_URL: '', GITHUB_SERVER_URL: '' })).toMatchObject({
      apiUrl: 'https://api.github.com',
      serverUrl: 'https://github.com',
      enterpriseServer: false,
    });
  });

  it("finds the pull request in a pull_request event's payload", () => {
    for (const eventName of ['pull_request', 'pull_request_target']) {
      const context = readContext({
        ...runner,
        GITHUB_EVENT_NAME: eventName,
        GITHUB_EVENT_PATH: eventFile(JSON.stringify(pullRequestEvent)),
      });
      expect(context.pullRequest).toEqual({ number: 9, headSha: HEAD });
      expect(context.eventFileProblem).toBeUndefined();
    }
  });

  it('keeps of the pull request only a number and a head commit that are what they say', () => {
    const withPullRequest = (pullRequest: unknown) =>
      readContext({
        ...runner,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: eventFile(JSON.stringify({ pull_request: pullRequest })),
      }).pullRequest;
    expect(withPullRequest({ number: 9, head: { sha: 'B'.repeat(40) } })).toEqual({
      number: 9,
      headSha: undefined,
    });
    expect(withPullRequest({ number: 9, head: { sha: `${HEAD}\n::stop-commands::x` } })).toEqual({
      number: 9,
      headSha: undefined,
    });
    expect(withPullRequest({ number: 9 })).toEqual({ number: 9, headSha: undefined });
    for (const number of ['9', 0, -1, 1.5, 2 ** 53, null]) {
      expect(withPullRequest({ number, head: { sha: HEAD } })).toBeUndefined();
    }
    expect(withPullRequest('9')).toBeUndefined();
  });

  it('finds no pull request for any other event, whatever its payload says', () => {
    const context = readContext({
      ...runner,
      GITHUB_EVENT_NAME: 'issue_comment',
      GITHUB_EVENT_PATH: eventFile(JSON.stringify(pullRequestEvent)),
    });
    expect(context.pullRequest).toBeUndefined();
  });

  it("takes a missing event file as no payload, without a line in the step's log", () => {
    const { result, printed } = printedBy(() =>
      readContext({
        ...runner,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: path.join(dir, 'gone.json'),
      }),
    );
    expect(printed).toBe('');
    expect(result).toMatchObject({ eventFileProblem: undefined, pullRequest: undefined });
    expect(readContext({ ...runner, GITHUB_EVENT_PATH: '' }).eventFileProblem).toBeUndefined();
  });

  it('says what is wrong with an event file that is not a JSON object, and does not throw', () => {
    const broken = eventFile('{"pull_request": {"number": 9');
    const { result, printed } = printedBy(() =>
      readContext({ ...runner, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: broken }),
    );
    expect(printed).toBe('');
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
      expect(
        readContext({ ...runner, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file }),
      ).toMatchObject({
        pullRequest: undefined,
        eventFileProblem: expect.stringContaining(`"${file}" is not a JSON object;`),
      });
    }
    expect(readContext({ ...runner, GITHUB_EVENT_PATH: dir }).eventFileProblem).toContain(
      `"${dir}" is not a regular file;`,
    );
  });

  it(`reads an event file of ${MAX_EVENT_BYTES} bytes, and refuses a larger one`, () => {
    const pullRequest = { ...runner, GITHUB_EVENT_NAME: 'pull_request' };
    const atBound = eventFile(eventOfSize(MAX_EVENT_BYTES));
    expect(readContext({ ...pullRequest, GITHUB_EVENT_PATH: atBound })).toMatchObject({
      eventFileProblem: undefined,
      pullRequest: { number: 9, headSha: HEAD },
    });
    const huge = eventFile(eventOfSize(MAX_EVENT_BYTES + 1));
    const { result, printed } = printedBy(() =>
      readContext({ ...pullRequest, GITHUB_EVENT_PATH: huge }),
    );
    expect(printed).toBe('');
    expect(result.pullRequest).toBeUndefined();
    expect(result.eventFileProblem).toBe(
      `GITHUB_EVENT_PATH: the event file "${huge}" is larger than 25 MiB, the most this action ` +
        "reads of it (an event's JSON is tens of KiB); the runner writes the event's JSON there " +
        '(for a local run, point it at a JSON file of the event, or unset it)',
    );
  });

  it(`refuses an event nested more than ${MAX_EVENT_DEPTH} levels deep before parsing it`, () => {
    const nested = (levels: number) =>
      eventFile(
        `{"pull_request":{"number":9},"x":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`,
      );
    const pullRequest = { ...runner, GITHUB_EVENT_NAME: 'pull_request' };
    expect(
      readContext({ ...pullRequest, GITHUB_EVENT_PATH: nested(MAX_EVENT_DEPTH) }),
    ).toMatchObject({ eventFileProblem: undefined, pullRequest: { number: 9 } });
    const parse = vi.spyOn(JSON, 'parse');
    const deep = nested(MAX_EVENT_DEPTH + 1);
    expect(readContext({ ...pullRequest, GITHUB_EVENT_PATH: deep })).toMatchObject({
      pullRequest: undefined,
      eventFileProblem: expect.stringContaining(
        `"${deep}" nests more than ${MAX_EVENT_DEPTH} levels deep, deeper than any event; it ` +
          'was not parsed;',
      ),
    });
    expect(parse).not.toHaveBeenCalled();
  });

  it('reads an event file with a byte order mark', () => {
    const file = eventFile(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(JSON.stringify(pullRequestEvent)),
      ]),
    );
    expect(
      readContext({ ...runner, GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file }),
    ).toMatchObject({ eventFileProblem: undefined, pullRequest: { number: 9, headSha: HEAD } });
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a FIFO at once, without waiting for a writer',
    () => {
      const fifo = path.join(dir, 'event.fifo');
      execFileSync('mkfifo', [fifo]);
      expect(readContext({ ...runner, GITHUB_EVENT_PATH: fifo }).eventFileProblem).toContain(
        `"${fifo}" is not a regular file;`,
      );
    },
  );
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
