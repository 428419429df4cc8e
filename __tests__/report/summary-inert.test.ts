// The job summary rendered as GitHub would (GFM: tables, autolinks, raw HTML passed through), from
// builds whose every service-given string is hostile: what comes out must hold no image, no link
// but ours, no HTML the service wrote, and the table must keep its columns.
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import type { BuildStatus } from '../../src/service/schemas.ts';
import { renderSummary } from '../../src/report/summary.ts';
import { verdictOf } from '../../src/report/verdict.ts';
import { facts, result, T0 } from './fixtures.ts';

const HOSTILE = [
  'a|b||c',
  '`code` ``x``',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script><a href="https://evil.example">x</a>',
  '[click](https://evil.example) ![i](https://evil.example/i.png)',
  'https://evil.example/path',
  'www.evil.example',
  'evil@evil.example',
  'line\n::error title=pwned::owned\r\n::add-mask::x',
  '**bold** _em_ ~~s~~ &amp; &#60;img&#62; \\| \\<b>',
];

const ARTIFACT_URL = 'https://github.com/acme/app/actions/runs/1/artifacts/7';

function hostileBuilds() {
  return HOSTILE.map((text, n) =>
    result(n, n % 2 ? 'success' : 'failed', {
      id: `build_${n}${text}`,
      version: text,
      status: (n % 2 ? 'success' : text) as BuildStatus,
      problem: { stage: 'follow', message: `lost: ${text}` },
    }),
  );
}

function render() {
  const builds = hostileBuilds();
  const run = facts(builds, {
    errors: HOSTILE.map((text) => new Error(`the service said ${text}`)),
    published: {
      artifacts: new Map([
        [
          'build_1`code` ``x``',
          { buildId: 'x', name: 'x', id: 7, url: ARTIFACT_URL, span: { start: 0, end: 1 } },
        ],
      ]),
      assetUploads: new Map(),
      release: undefined,
    },
  });
  const markdown = renderSummary(run, verdictOf(run), T0 + 70_000);
  const html = new Marked({ gfm: true }).parse(markdown, { async: false });
  return { markdown, html };
}

describe('the job summary with hostile service text', () => {
  const { markdown, html } = render();

  it('has no image and no link but the artifact link', () => {
    expect(html).not.toMatch(/<img/i);
    const hrefs = [...html.matchAll(/<a\s[^>]*href="([^"]*)"/gi)].map((match) => match[1]);
    expect(hrefs).toEqual([ARTIFACT_URL]);
    expect(html).not.toMatch(/<[a-z][^>]*\s(src|on[a-z]+)=/i);
  });

  it('passes no HTML the service wrote', () => {
    expect(html).not.toMatch(/<script|<b>|<del>/i);
    // Every tag in the page is one marked makes from our own Markdown.
    const tags = new Set(
      [...html.matchAll(/<\/?([a-z][a-z0-9]*)/gi)].map((m) => m[1]!.toLowerCase()),
    );
    for (const tag of tags) {
      expect([
        'h2',
        'h3',
        'p',
        'ul',
        'li',
        'table',
        'thead',
        'tbody',
        'tr',
        'th',
        'td',
        'a',
        'blockquote',
        'pre',
        'code',
        'strong',
        'em',
        'details',
        'summary',
      ]).toContain(tag);
    }
  });

  it("quotes every failed build's cause as code, whatever it holds", () => {
    const causes = html.slice(html.indexOf('<h3>'), html.indexOf('<table>'));
    for (const text of HOSTILE) {
      const flat = text.replace(/\s+/g, ' ').trim();
      expect(causes).toContain(
        flat
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;'),
      );
    }
  });

  it('keeps the table at its columns in every row', () => {
    const [builds, ...others] = [...html.matchAll(/<table>([\s\S]*?)<\/table>/g)].map((m) => m[1]!);
    expect(others).toEqual([]);
    const cells = (table: string) =>
      [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!.match(/<t[hd][ >]/g)?.length);
    // The versions differ (they are the hostile texts): a version column.
    expect(cells(builds!)).toEqual(Array(HOSTILE.length + 1).fill(6));
  });

  it('starts no line of the Markdown with a workflow command', () => {
    expect(markdown.split('\n').filter((line) => /^\s*::/.test(line))).toEqual([]);
    expect(markdown).not.toContain('\r');
  });

  it('still shows the service text, as literal text', () => {
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('[click](https://evil.example)');
    expect(html).toContain('a|b||c');
    expect(html).toContain('**bold** _em_ ~~s~~');
  });
});
