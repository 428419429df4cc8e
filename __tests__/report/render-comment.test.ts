import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import type { BuildStatus } from '../../src/service/schemas.ts';
import { commentMarker, renderComment, type CommentView } from '../../src/report/render-comment.ts';
import { pullRequestOf } from '../../src/runner/context.ts';
import { result, T0 } from '../report/fixtures.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';

const view = (over: Partial<CommentView> = {}): CommentView => ({
  projectId: 'proj_acme7',
  builds: [result(1, 'success'), result(2, 'building')],
  artifacts: new Map(),
  commit: SHA,
  repositoryUrl: 'https://github.com/acme/desktop-app',
  runUrl: 'https://github.com/acme/desktop-app/actions/runs/42',
  final: false,
  updatedAt: T0,
  ...over,
});

describe('renderComment', () => {
  it('starts with the marker of its project and names the commit, the run and the time', () => {
    const text = renderComment(view());
    expect(text.startsWith(commentMarker('proj_acme7'))).toBe(true);
    expect(text).toContain(`[\`0123456\`](https://github.com/acme/desktop-app/commit/${SHA})`);
    expect(text).toContain('[workflow run](https://github.com/acme/desktop-app/actions/runs/42)');
    expect(text).toContain('updated 2026-03-01T10:00:00Z');
    expect(text).toContain('⏳ Building 2 desktop installer(s): 1 done, 0 failed');
  });

  it('has a row per build with status, duration, size, sha256 prefix and the artifact link', () => {
    const artifacts = new Map([
      [
        'build_1',
        {
          buildId: 'build_1',
          name: 'b1.dmg',
          id: 77,
          url: 'https://github.com/acme/desktop-app/actions/runs/42/artifacts/77',
          span: { start: 0, end: 1 },
        },
      ],
    ]);
    const text = renderComment(
      view({ artifacts, final: true, builds: [result(1, 'success'), result(2, 'failed')] }),
    );
    expect(text).toContain(
      '| windows | arm64 | ✅ success | 1m01s | 3.0 MiB | `abababababab` | [download](https://github.com/acme/desktop-app/actions/runs/42/artifacts/77) |',
    );
    expect(text).toMatch(/\| linux \| x64 \| ❌ failed \| 1m01s \| 3\.0 MiB \| {2}\| {2}\|/);
    expect(text).toContain('❌ 1 of 2 desktop build(s) failed, 1 succeeded');
  });

  it('links an installer while the others still build, as soon as its artifact exists', () => {
    const artifacts = new Map([
      [
        'build_1',
        {
          buildId: 'build_1',
          name: 'b1.dmg',
          id: 77,
          url: 'https://github.com/acme/desktop-app/actions/runs/42/artifacts/77',
          span: { start: T0, end: T0 + 1 },
        },
      ],
    ]);
    const text = renderComment(view({ artifacts }));
    expect(text).toContain('⏳ Building 2 desktop installer(s): 1 done, 0 failed');
    expect(text).toContain(
      '| ✅ success | 1m01s | 3.0 MiB | `abababababab` | [download](https://github.com/acme/desktop-app/actions/runs/42/artifacts/77) |',
    );
    expect(text).toMatch(/\| linux \| x64 \| ⏳ building \|.*\| {2}\|$/m);
    expect(text).toContain('each installer is linked as soon as its workflow artifact is uploaded');
  });

  it('keeps text from the service out: unknown statuses, log lines and file names', () => {
    const hostile = result(1, 'success', {
      status: '**@everyone** [x](https://evil.example)' as BuildStatus,
      log: { lines: 1, quote: ['<img src=x> @octocat'] },
      download: {
        path: '/w/x',
        fileName: '[pwn](https://evil.example).dmg',
        size: 1,
        span: { start: 0, end: 1 },
        sha256: 'not-hex)',
      },
    });
    const text = renderComment(view({ builds: [hostile] }));
    expect(text).toContain('unknown status');
    expect(text).not.toMatch(/evil|@everyone|@octocat|<img|pwn/);
  });

  it('shows no id, version, message or status of the service, rendered as GitHub would', () => {
    const evil = '<img src=x onerror=alert(1)> [c](https://evil.example) www.evil.example |';
    const hostile = (n: number, status: string) =>
      result(n, status as BuildStatus, {
        id: `build_${n}\n::error::${evil}`,
        version: evil,
        problem: { stage: 'follow', message: evil },
        log: { lines: 1, quote: [evil] },
      });
    const text = renderComment(
      view({ builds: [hostile(1, 'success'), hostile(2, `x|y ${evil}`)], final: true }),
    );
    expect(text).not.toMatch(/evil|<img|::error|build_/);
    const html = new Marked({ gfm: true }).parse(text, { async: false });
    expect(html).not.toMatch(/<img|evil/);
    const rows = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((match) => match[1]!);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.match(/<t[hd][ >]/g)).toHaveLength(7);
  });

  it('does not call builds failed that the run stopped following (wait: false, timeout)', () => {
    const text = renderComment(
      view({ final: true, builds: [result(1, 'success'), result(2, 'queued')] }),
    );
    expect(text).toContain(
      '⏳ 1 of 2 desktop build(s) still running; this run stopped following them',
    );
  });

  it('says "the pull request" when the event gave no usable head sha', () => {
    expect(renderComment(view({ commit: 'main](https://evil.example' }))).toContain(
      'Built from the pull request',
    );
  });

  it('sanitises the project id in the marker', () => {
    expect(commentMarker('proj_a --> <b>')).toBe(
      '<!-- desktop-build-action:pr-preview project=proj_ab -->',
    );
  });
});

describe('pullRequestOf', () => {
  it('reads the number and head sha of pull_request events only', () => {
    const payload = { pull_request: { number: 7, head: { sha: SHA } } };
    expect(pullRequestOf('pull_request', payload)).toEqual({ number: 7, headSha: SHA });
    expect(pullRequestOf('pull_request_target', payload)).toEqual({ number: 7, headSha: SHA });
    expect(pullRequestOf('push', payload)).toBeUndefined();
    expect(pullRequestOf('pull_request', { pull_request: { number: '7' } })).toBeUndefined();
    expect(
      pullRequestOf('pull_request', { pull_request: { number: 7, head: { sha: 'x' } } }),
    ).toEqual({
      number: 7,
      headSha: undefined,
    });
  });
});
