// The rules of the validation boundary as pure functions: id forms, tokens, problem texts.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENT_ID, isBuildId, isProjectId, WEBHOOK_ID } from '../../src/service/ids.ts';
import { answersFor, buildsOf, triggeredAs } from '../../src/service/reconcile.ts';
import {
  BuildStatus,
  BuildSummary,
  Project,
  ProjectSummary,
  Webhook,
} from '../../src/service/schemas.ts';
import { shapeProblem } from '../../src/http/answer-shape.ts';

describe('id forms', () => {
  it('take the prefix, then 1 to 120 of A-Z a-z 0-9 _ -', () => {
    expect(isBuildId('build_4f2a9c01d3e5b7a8')).toBe(true);
    expect(isBuildId(`build_${'a'.repeat(120)}`)).toBe(true);
    expect(isProjectId('proj_my-app_2')).toBe(true);
    expect(WEBHOOK_ID.test('wh_1')).toBe(true);
    expect(EVENT_ID.test('evt_1')).toBe(true);
    for (const bad of [
      'build_',
      `build_${'a'.repeat(121)}`,
      'build_../x',
      'build_a/b',
      'build_a b',
      'build_a\n::error::x',
      'build_a|b',
      'build_é',
      'proj_1',
      ' build_1',
    ]) {
      expect(isBuildId(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(isProjectId('build_1')).toBe(false);
  });
});

describe('statuses', () => {
  it('are short tokens, known or not', () => {
    for (const ok of ['queued', 'success', 'cancelled', 'timed_out', 'v2.failed-hard']) {
      expect(BuildStatus.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of ['', '1queued', 'a'.repeat(41), 'queued\n', 'failed ::error::x', 'échec']) {
      expect(BuildStatus.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('shapeProblem', () => {
  const schema = z.object({ items: z.array(z.object({ id: z.string() })) });

  it('names the field by its path, and says a missing field is missing', () => {
    const parsed = schema.safeParse({ items: [{ id: 'a' }, {}] });
    expect(shapeProblem(parsed.error!)).toEqual({ fieldPath: 'items.1.id', problem: 'is missing' });
    expect(shapeProblem(parsed.error!, ['logs', 3])).toMatchObject({
      fieldPath: 'logs.3.items.1.id',
    });
  });

  it('wraps zod’s own words, keeps ours, and never shows a key taken from the body', () => {
    const wrong = schema.safeParse({ items: 'x' });
    expect(shapeProblem(wrong.error!)).toEqual({
      fieldPath: 'items',
      problem: 'is invalid (Invalid input: expected array, received string)',
    });
    const record = z.record(z.string(), z.number());
    const keyed = record.safeParse({ 'a\n::error::x': 'y' });
    expect(shapeProblem(keyed.error!).fieldPath).toBe('?');
    expect(shapeProblem(z.string().safeParse(1).error!).fieldPath).toBe('(body)');
  });
});

describe('answer checks', () => {
  it('answersFor: the answer must carry the id asked for in its field', () => {
    const isBuild1 = answersFor('build', 'build_1', 'id');
    expect(isBuild1({ id: 'build_1' })).toBeUndefined();
    expect(isBuild1({ id: 'build_2' })).toEqual({
      fieldPath: 'id',
      problem: 'is not the build asked for',
    });
    expect(answersFor('build', 'build_1', 'buildId')({ buildId: 'x' })?.fieldPath).toBe('buildId');
  });

  it('buildsOf: every listed build is of the project asked for', () => {
    const builds = [{ projectId: 'proj_1' }, { projectId: 'proj_1' }, { projectId: 'proj_2' }];
    expect(buildsOf('proj_1')({ builds: builds.slice(0, 2) })).toBeUndefined();
    expect(buildsOf('proj_1')({ builds })).toEqual({
      fieldPath: 'builds.2.projectId',
      problem: 'is not the project asked for',
    });
  });

  it('triggeredAs: project, platform, and arch (x64 when none was asked for)', () => {
    const check = triggeredAs('proj_1', { platform: 'mac' });
    const answer = { projectId: 'proj_1', platform: 'mac', arch: 'x64' } as const;
    expect(check(answer)).toBeUndefined();
    expect(check({ ...answer, projectId: 'proj_2' })?.fieldPath).toBe('projectId');
    expect(check({ ...answer, platform: 'linux' })?.fieldPath).toBe('platform');
    expect(check({ ...answer, arch: 'arm64' })?.fieldPath).toBe('arch');
    expect(triggeredAs('proj_1', { platform: 'mac', arch: 'arm64' })(answer)).toEqual({
      fieldPath: 'arch',
      problem: 'is not the architecture asked for',
    });
  });
});

describe('names and URLs', () => {
  const project = {
    id: 'proj_1',
    name: 'Desktop',
    url: 'https://app.example.com',
    platforms: ['mac'],
    createdAt: '2026-01-01T00:00:00Z',
  };
  const webhook = {
    id: 'wh_1',
    url: 'https://receiver.example.com/hook',
    events: ['build.failed'],
    active: true,
    createdAt: '2026-01-01T00:00:00Z',
  };
  const UNPRINTABLE = [
    'x\n::error::x',
    'x\r::add-mask::y',
    'tab\there',
    'nul\u0000',
    'del\u007f',
    'c1\u0085',
    'line\u2028sep',
    'para\u2029sep',
    'Setup \u202egpj.exe',
    'isolate\u2066x\u2069',
    'mark\u200e',
    'arabic\u061cmark',
  ];

  it('take any printable line the spec allows: accents, scripts, emoji joined by U+200D', () => {
    for (const name of [
      'Desktop App',
      'Über-App — ß',
      '桌面应用',
      'Family 👨‍👩‍👧',
      "O'Brien & Co. <b>",
    ]) {
      expect(Project.safeParse({ ...project, name, author: name, appId: name }).success, name).toBe(
        true,
      );
    }
    const url = 'https://app.example.com/a%20b?q=é#frag';
    expect(ProjectSummary.safeParse({ ...project, url }).success).toBe(true);
    expect(Webhook.safeParse({ ...webhook, url }).success).toBe(true);
  });

  it('refuse control, line-separator and bidirectional characters, naming the field only', () => {
    for (const bad of UNPRINTABLE) {
      const cases = [
        [ProjectSummary.safeParse({ ...project, name: bad }), 'name'],
        [Project.safeParse({ ...project, author: bad }), 'author'],
        [ProjectSummary.safeParse({ ...project, url: `https://a.example/${bad}` }), 'url'],
        [Webhook.safeParse({ ...webhook, url: `https://a.example/${bad}` }), 'url'],
        [
          BuildSummary.safeParse({
            id: 'build_1',
            projectId: 'proj_1',
            platform: 'mac',
            arch: 'x64',
            status: 'success',
            createdAt: '2026-01-01T00:00:00Z',
            artifactUrl: `https://a.example/${bad}`,
          }),
          'artifactUrl',
        ],
      ] as const;
      for (const [parsed, field] of cases) {
        expect(parsed.success, `${field}: ${JSON.stringify(bad)}`).toBe(false);
        expect(shapeProblem(parsed.error!)).toEqual({
          fieldPath: field,
          problem: 'is not printable text (it has control or bidirectional characters)',
        });
      }
    }
  });
});
