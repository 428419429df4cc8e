import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import {
  commandText,
  cut,
  markdownCell,
  markdownCode,
  markdownText,
  markdownUrl,
  quotedText,
} from '../../src/text/escape.ts';

describe('commandText: service text on one line of the step log', () => {
  it('is one line without controls, never the start of a workflow command, cut short', () => {
    expect(commandText('a\r\n\u001b[31mred\u202e  b')).toBe('a [31mred b');
    expect(commandText('\n::error title=x::owned')).toBe(': :error title=x::owned');
    expect(commandText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('markdownText: service text in Markdown', () => {
  const render = (markdown: string) => new Marked({ gfm: true }).parse(markdown) as string;

  it.each([
    '<img src=x onerror=alert(1)>',
    '[click](https://evil.example)',
    '![i](https://evil.example/i.png)',
    'see https://evil.example/x and www.evil.example',
    'mail me@evil.example',
    '`code` **bold** _em_ ~~gone~~',
    '&lt;b&gt; &amp; &#60;',
  ])('renders %j as its own literal text, no markup', (text) => {
    const html = render(markdownText(text));
    expect(html).not.toMatch(/<(a|img|code|strong|em|del|b)\b/);
    const shown = html
      .replace(/<\/?p>/g, '')
      .trim()
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(shown).toBe(text);
  });

  it('keeps a table row to its columns', () => {
    const row = `| ${markdownText('a|b\n| c |')} | two |`;
    const html = render(['| one | two |', '|---|---|', row].join('\n'));
    expect(html.match(/<td>/g)).toHaveLength(2);
  });

  it('cuts long text', () => {
    expect(cut('abcdef', 4)).toBe('abc…');
    expect(markdownText('y'.repeat(1000)).length).toBe(500);
  });
});

describe('markdownCode and markdownCell: service text as code', () => {
  const inline = (markdown: string) =>
    new Marked({ gfm: true }).parseInline(markdown, { async: false });
  const cellOf = (markdown: string) => {
    const html = new Marked({ gfm: true }).parse(`| a | b |\n|---|---|\n| ${markdown} | x |`, {
      async: false,
    });
    return [...html.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((match) => match[1]);
  };

  it('is one code span the text cannot close, whatever backticks it holds', () => {
    expect(markdownCode('npm ERR! code 1')).toBe('`npm ERR! code 1`');
    expect(markdownCode('a `b` ``c``')).toBe('``` a `b` ``c`` ```');
    expect(inline(markdownCode('a `b` ``c``'))).toBe('<code>a `b` ``c``</code>');
    expect(inline(markdownCode('`x`'))).toBe('<code>`x`</code>');
    expect(markdownCode('  \n ')).toBe('');
  });

  it('holds no Markdown, HTML, link or mention, on one line, cut to its length', () => {
    const hostile = '<img src=x> [a](https://evil.example) **b** @octocat :smile:\n::error::x';
    expect(inline(markdownCode(hostile))).toBe(
      '<code>&lt;img src=x&gt; [a](https://evil.example) **b** @octocat :smile: ::error::x</code>',
    );
    expect(markdownCode('x'.repeat(1000), 300)).toBe(`\`${'x'.repeat(299)}…\``);
  });

  it('keeps a table cell one cell, its text whole, when the text holds | and backslashes', () => {
    for (const text of ['a|b', 'a\\|b', 'a\\\\|b||c', '|`x`|', '\\']) {
      const cells = cellOf(markdownCell(text));
      expect(cells).toHaveLength(2);
      expect(cells[0]!.replace(/<\/?code>/g, '')).toBe(text.replace(/&/g, '&amp;'));
    }
  });

  it('makes a URL a link destination no character ends early', () => {
    expect(markdownUrl('https://github.com/a/b/releases/tag/v1 (x)')).toBe(
      'https://github.com/a/b/releases/tag/v1%20%28x%29',
    );
    expect(markdownUrl('https://x.example/\ud800')).toBe('https://x.example/%EF%BF%BD');
  });
});

describe('quotedText: a value inside a message', () => {
  it('quotes, cuts, and escapes every control character, showing what was there', () => {
    expect(quotedText('v1.4.2')).toBe('"v1.4.2"');
    expect(quotedText('v1\n::error::x')).toBe('"v1\\n::error::x"');
    expect(quotedText('a\u0085b\u202ec\u2028d\u007f')).toBe('"a\\u0085b\\u202ec\\u2028d\\u007f"');
    expect(quotedText('x'.repeat(1000), 10)).toBe(`"${'x'.repeat(9)}…"`);
    expect(quotedText('x'.repeat(1000))).toHaveLength(102);
  });
});
