// The client's validation boundary over real sockets: every value a hostile or broken service
// returns is checked before anything else sees it, and a refusal names the field, never the value.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ResponseShapeError } from '../../src/service/errors.ts';
import type { RetryEvent } from '../../src/http/retry.ts';
import { buildAnswer, clientFor, json, useStandIns } from './stand-in.ts';

const HOSTILE = 'x\n::error::x';

/** The error names the field, and nothing of the hostile value reaches any view of it. */
function expectInert(error: unknown, fieldPath: string, problem: RegExp): void {
  expect(error).toBeInstanceOf(ResponseShapeError);
  const shape = error as ResponseShapeError;
  expect(shape.fieldPath).toBe(fieldPath);
  expect(shape.message).toContain(`: ${fieldPath} `);
  expect(shape.message).toMatch(problem);
  expect(shape.message).not.toContain('\n');
  for (const view of [shape.message, String(shape), inspect(shape, { depth: 10 })]) {
    expect(view).not.toContain('::error::');
  }
}

describe('the validation boundary', () => {
  const standIn = useStandIns();

  const getBuildCases: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['a hostile id', { id: `build_1${HOSTILE}` }, 'id', /is not of the form build_<id>/],
    ['an id that is a path', { id: 'build_../../etc/x' }, 'id', /is not of the form build_<id>/],
    ['an id too long', { id: `build_${'a'.repeat(121)}` }, 'id', /form build_<id>/],
    ['a project id of another form', { projectId: 'build_1' }, 'projectId', /form proj_<id>/],
    ['a hostile status', { status: `success${HOSTILE}` }, 'status', /is not a status/],
    ['a status too long', { status: 's'.repeat(41) }, 'status', /is not a status/],
    ['a hostile version', { version: `1.0.0${HOSTILE}` }, 'version', /is not printable text/],
    ['a version with a bidi override', { version: '1.0.0\u202e' }, 'version', /printable/],
    ['a version too long', { version: '1'.repeat(129) }, 'version', /longer than 128/],
    ['a hostile timestamp', { createdAt: `2026${HOSTILE}` }, 'createdAt', /not a timestamp/],
    ['a timestamp too long', { completedAt: ' '.repeat(65) }, 'completedAt', /longer than 64/],
    ['a negative size', { artifactSize: -1 }, 'artifactSize', /is negative/],
    ['a fractional size', { artifactSize: 1.5 }, 'artifactSize', /whole number/],
    ['an unsafe size', { artifactSize: 2 ** 60 }, 'artifactSize', /whole number/],
    ['a negative duration', { duration: -3 }, 'duration', /is negative/],
    ['a URL too long', { artifactUrl: `https://a/${'a'.repeat(8192)}` }, 'artifactUrl', /8192/],
    ['a log URL that is not text', { buildLog: 42 }, 'buildLog', /expected string/],
    ['a hostile platform', { platform: `mac${HOSTILE}` }, 'platform', /expected one of/],
    ['a missing id', { id: undefined }, 'id', /is missing/],
  ];

  it.each(getBuildCases)(
    'refuses %s in Get Build, naming the field',
    async (_, fields, path, problem) => {
      const service = await standIn(json(buildAnswer(fields)));
      const client = clientFor(service.baseUrl);
      try {
        expectInert(await client.getBuild('build_1').catch((e: unknown) => e), path, problem);
        // Another shape is final: asking again would get the same answer.
        expect(service.requests).toHaveLength(1);
      } finally {
        await client.close();
      }
    },
  );

  it('accepts a status the spec does not list, and nulls in optional fields', async () => {
    const service = await standIn(
      json(buildAnswer({ status: 'cancelled', completedAt: null, artifactSize: null })),
    );
    const client = clientFor(service.baseUrl);
    try {
      const build = await client.getBuild('build_1');
      expect(build).toMatchObject({ status: 'cancelled', completedAt: undefined });
    } finally {
      await client.close();
    }
  });

  it('leaves out a list entry it cannot read, named by its field, never its value; refuses a list of another project or a bad total', async () => {
    const builds = [1, 2, 3, 4].map((n) => buildAnswer({ id: `build_${n}` }));
    const answers: Record<string, unknown> = {
      '/v1/projects/proj_1/builds': {
        builds: builds.with(3, buildAnswer({ id: 'build_4', status: HOSTILE })),
        total: 4,
      },
      '/v1/projects/proj_2/builds': { builds, total: 4 },
    };
    const service = await standIn((req, res) => {
      json(answers[req.url ?? ''] ?? { builds: [], total: -1 })(req, res);
    });
    const client = clientFor(service.baseUrl);
    const failure = (call: Promise<unknown>) => call.catch((e: unknown) => e);
    try {
      const list = await client.listBuilds('proj_1');
      expect(list.builds.map((build) => build.id)).toEqual(['build_1', 'build_2', 'build_3']);
      expect(list.unreadable).toEqual([
        {
          id: 'build_4',
          fieldPath: 'builds.3.status',
          problem: expect.stringMatching(/not a status/),
        },
      ]);
      expect(inspect(list.unreadable)).not.toContain('::error::');
      expectInert(
        await failure(client.listBuilds('proj_2')),
        'builds.0.projectId',
        /is not the project asked for/,
      );
      expectInert(await failure(client.listBuilds('proj_3')), 'total', /is negative/);
    } finally {
      await client.close();
    }
  });

  it('checks log entries, projects and webhooks the same way', async () => {
    const answers: Record<string, unknown> = {
      '/v1/builds/build_1/logs': {
        buildId: 'build_1',
        logs: [
          { timestamp: '2026-01-01T00:00:00Z', level: 'info', message: `any text${HOSTILE}` },
          { timestamp: '2026-01-01T00:00:01Z', level: 'l'.repeat(65), message: 'x' },
        ],
      },
      '/v1/projects/proj_1': {
        id: 'proj_1',
        name: 'App',
        url: 'https://app.example.com',
        platforms: ['mac'],
        createdAt: '2026-01-01T00:00:00Z',
        window: { width: 1_000_000, height: 600 },
      },
      '/v1/webhooks': {
        webhooks: [
          {
            id: 'wh_1',
            url: 'https://hooks.example.com',
            events: ['build.queued', HOSTILE],
            active: true,
            createdAt: '2026-01-01T00:00:00Z',
          },
        ],
        total: 1,
      },
      '/v1/projects': { projects: [], total: 1.5 },
    };
    const service = await standIn((req, res) => json(answers[req.url ?? ''])(req, res));
    const client = clientFor(service.baseUrl);
    const failure = (call: Promise<unknown>) => call.catch((e: unknown) => e);
    try {
      expectInert(await failure(client.getBuildLogs('build_1')), 'logs.1.level', /longer than 64/);
      expectInert(await failure(client.getProject('proj_1')), 'window.width', /more than 100000/);
      expectInert(await failure(client.listWebhooks()), 'webhooks.0.events.1', /not an event type/);
      expectInert(await failure(client.listProjects()), 'total', /whole number/);
    } finally {
      await client.close();
    }
  });
});

describe('answers about another resource', () => {
  const standIn = useStandIns();

  it('Get Build, Get Project and the logs answer must be about the id asked for', async () => {
    const service = await standIn((req, res) => {
      if (req.url === '/v1/builds/build_1') return json(buildAnswer({ id: 'build_2' }))(req, res);
      if (req.url === '/v1/builds/build_1/logs') {
        return json({ buildId: 'build_2', logs: [] })(req, res);
      }
      json({
        id: 'proj_2',
        name: 'Other',
        url: 'https://other.example.com',
        platforms: ['mac'],
        createdAt: '2026-01-01T00:00:00Z',
      })(req, res);
    });
    const client = clientFor(service.baseUrl);
    const failure = (call: Promise<unknown>) => call.catch((e: unknown) => e);
    try {
      expectInert(await failure(client.getBuild('build_1')), 'id', /is not the build asked for/);
      expectInert(await failure(client.getBuildLogs('build_1')), 'buildId', /not the build asked/);
      expectInert(await failure(client.getProject('proj_1')), 'id', /not the project asked for/);
      const entries: unknown[] = [];
      const read = client.readBuildLog('build_1', {
        from: () => 0,
        onEntry: (e) => entries.push(e),
      });
      expectInert(await failure(read), 'buildId', /is not the build asked for/);
      // Final every time: one request each.
      expect(service.requests).toHaveLength(4);
    } finally {
      await client.close();
    }
  });

  it('the streamed log refuses another build before handing over an entry, and a missing id', async () => {
    const entry = { timestamp: '2026-01-01T00:00:00Z', level: 'info', message: 'hello' };
    const service = await standIn((req, res) =>
      json(
        req.url?.includes('build_1')
          ? { buildId: `build_1${HOSTILE}`, logs: [entry] }
          : { logs: [entry] },
      )(req, res),
    );
    const client = clientFor(service.baseUrl);
    const entries: unknown[] = [];
    const options = { from: () => 0, onEntry: (e: unknown) => void entries.push(e) };
    try {
      const hostile = await client.readBuildLog('build_1', options).catch((e: unknown) => e);
      expectInert(hostile, 'buildId', /is not of the form build_<id>/);
      expect(entries).toEqual([]);
      const missing = await client.readBuildLog('build_2', options).catch((e: unknown) => e);
      expectInert(missing, 'buildId', /is missing/);
    } finally {
      await client.close();
    }
  });

  it('Trigger Build must answer with a build of the project, platform and arch asked for', async () => {
    const answers = [
      { id: `build_1${HOSTILE}` },
      { projectId: 'proj_2' },
      { platform: 'mac' },
      { arch: 'arm64' },
      { id: undefined },
    ];
    let next = 0;
    const events: RetryEvent[] = [];
    const triggered = await standIn((req, res) => {
      const { artifactUrl: _, ...build } = buildAnswer({ status: 'queued', ...answers[next++] });
      json({ ...build, message: 'Build queued' })(req, res);
    });
    const client = clientFor(triggered.baseUrl, { events });
    // Known builds given: the stand-in answers only triggers, not the list taken before one.
    const trigger = () =>
      client
        .triggerBuild('proj_1', { platform: 'linux' }, { knownBuildIds: new Set() })
        .catch((e: unknown) => e);
    try {
      expectInert(await trigger(), 'id', /is not of the form build_<id>/);
      expectInert(await trigger(), 'projectId', /is not the project asked for/);
      expectInert(await trigger(), 'platform', /is not the platform asked for/);
      expectInert(await trigger(), 'arch', /is not the architecture asked for/);
      expectInert(await trigger(), 'id', /is missing/);
      // Not re-sent: a second trigger would be a second build.
      expect(triggered.requests).toHaveLength(answers.length);
      expect(events).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('Delete Project and Delete Webhook must answer about what was deleted', async () => {
    const service = await standIn((req, res) =>
      json({ id: req.url?.includes('webhooks') ? 'wh_2' : 'proj_2', deleted: true })(req, res),
    );
    const client = clientFor(service.baseUrl);
    const failure = (call: Promise<unknown>) => call.catch((e: unknown) => e);
    try {
      expectInert(await failure(client.deleteProject('proj_1')), 'id', /not the project asked/);
      expectInert(await failure(client.deleteWebhook('wh_1')), 'id', /not the webhook asked for/);
    } finally {
      await client.close();
    }
  });
});
