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

const ARTIFACT_URL = 'https://github.com/acme/desktop-app/actions/runs/42/artifacts/77';
const artifactOf = (n: number) =>
  new Map([
    [
      `build_${n}`,
      {
        buildId: `build_${n}`,
        name: `b${n}.dmg`,
        id: 77,
        url: ARTIFACT_URL,
        span: { start: T0, end: T0 + 1 },
      },
    ],
  ]);
const html = (markdown: string) => new Marked({ gfm: true }).parse(markdown, { async: false });

describe('renderComment', () => {
  it('starts with the marker of its project; names the version, the commit, the run and the time', () => {
    const text = renderComment(view());
    expect(text.startsWith(commentMarker('proj_acme7'))).toBe(true);
    expect(text).toContain(
      `Version \`1.4.2\` · built from [\`0123456\`](https://github.com/acme/desktop-app/commit/${SHA})` +
        ' · [workflow run](https://github.com/acme/desktop-app/actions/runs/42) · updated 1 Mar 2026, 10:00 UTC',
    );
    expect(text).toContain('### ⏳ Building 2 desktop installers: 1 done, 0 failed');
  });

  it('counts in words that agree: 1 installer, 2 installers', () => {
    const one = (build: ReturnType<typeof result>, final = true) =>
      renderComment(view({ builds: [build], final }));
    expect(one(result(1, 'success'))).toContain('### ✅ 1 desktop installer ready to try');
    expect(one(result(1, 'building'), false)).toContain('### ⏳ Building 1 desktop installer:');
    expect(one(result(1, 'failed'))).toContain('### ❌ 1 of 1 desktop build failed, 0 succeeded');
    expect(one(result(1, 'queued'))).toContain(
      '### ⏳ 1 of 1 desktop build still running; this run stopped following them',
    );
    const two = renderComment(
      view({ final: true, builds: [result(1, 'success'), result(3, 'success')] }),
    );
    expect(two).toContain('### ✅ 2 desktop installers ready to try');
    expect(two).not.toMatch(/\(s\)/);
  });

  it('has the summary table, each installer linked by its file name, and why a build failed', () => {
    const text = renderComment(
      view({
        artifacts: artifactOf(1),
        final: true,
        builds: [result(1, 'success'), result(2, 'failed')],
      }),
    );
    expect(text).toContain(
      [
        '- **linux/x64** failed: `boom 2`',
        '',
        '| build | status | duration | size | installer |',
        '| --- | --- | ---: | ---: | --- |',
        `| windows/arm64 | ✅ success | 1m01s | 3.0 MiB | [\`b1.dmg\`](${ARTIFACT_URL}) |`,
        '| linux/x64 | ❌ failed | 1m01s | 3.0 MiB |  |',
        '',
        '<details><summary>Build ids and sha256</summary>',
      ].join('\n'),
    );
    expect(text).toContain(
      `- **windows/arm64** · build \`build_1\` · sha256 \`${'ab'.repeat(32)}\``,
    );
    expect(text).toContain('### ❌ 1 of 2 desktop builds failed, 1 succeeded');
  });

  it('links an installer while the others still build, as soon as its artifact exists', () => {
    const text = renderComment(view({ artifacts: artifactOf(1) }));
    expect(text).toContain('⏳ Building 2 desktop installers: 1 done, 0 failed');
    expect(text).toContain(`| ✅ success | 1m01s | 3.0 MiB | [\`b1.dmg\`](${ARTIFACT_URL}) |`);
    expect(text).toMatch(/\| linux\/x64 \| ⏳ building \|.*\| {2}\|$/m);
    expect(text).toContain('each installer is linked as soon as its workflow artifact is uploaded');
  });

  it('has a version column instead of the version line when the builds differ in it', () => {
    const text = renderComment(
      view({ builds: [result(1, 'success'), result(2, 'success', { version: '2.0.0' })] }),
    );
    expect(text).toContain('| build | version | status | duration | size | installer |');
    expect(text).toContain('| linux/x64 | `2.0.0` | ✅ success |');
    expect(text).toContain(`\nBuilt from [\`0123456\`]`);
  });

  it('shows what the service wrote only as code or escaped text: no link, image, HTML or mention', () => {
    const evil =
      '<img src=x onerror=alert(1)> [c](https://evil.example) www.evil.example @octocat **b** |';
    const hostile = (n: number, status: string) =>
      result(n, status as BuildStatus, {
        id: `build_${n}\n::error::${evil}`,
        version: evil,
        log: { lines: 1, quote: [evil, '`` ` ```'] },
        download: {
          path: '/w/x',
          fileName: `[pwn](https://evil.example) @everyone \`x\`.dmg`,
          size: 1,
          span: { start: 0, end: 1 },
          sha256: 'not-hex)',
        },
      });
    const artifacts = new Map([
      [
        'build_1\n::error::' + evil,
        { buildId: 'x', name: 'x', id: 7, url: ARTIFACT_URL, span: { start: 0, end: 1 } },
      ],
    ]);
    const text = renderComment(
      view({ artifacts, builds: [hostile(1, 'success'), hostile(2, `x|y ${evil}`)], final: true }),
    );
    expect(text).toContain('unknown status');
    expect(text).not.toMatch(/^\s*::/m);
    const page = html(text);
    expect(page).not.toMatch(/<img|<strong>b|not-hex/);
    const hrefs = [...page.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((match) => match[1]);
    expect(hrefs.filter((href) => href!.includes('evil'))).toEqual([]);
    // Every @ and every service-given word is inside a code span or escaped text: outside code,
    // no @mention is left for GitHub to notify.
    const outsideCode = page.replace(/<code>[\s\S]*?<\/code>/g, '');
    expect(outsideCode).not.toMatch(/@(octocat|everyone)/);
    expect(page).toContain('<code>[pwn](https://evil.example) @everyone `x`.dmg</code>');
    expect(page).toContain('<code>`` ` ```</code>');
    const [builds, ...others] = [...page.matchAll(/<table>([\s\S]*?)<\/table>/g)].map((m) => m[1]!);
    expect(others).toEqual([]);
    const cells = (table: string) =>
      [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!.match(/<t[hd][ >]/g)?.length);
    expect(cells(builds!)).toEqual([5, 5, 5]);
  });

  it('says "the pull request" when the event gave no usable head sha', () => {
    expect(renderComment(view({ commit: 'main](https://evil.example' }))).toContain(
      'built from the pull request',
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
