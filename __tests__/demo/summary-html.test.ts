import { describe, expect, it } from 'vitest';
import { renderSummaryPage } from '../../test-kit/demo/summary-html.ts';

const assets = { markdownCss: '.markdown-body{}', mermaidScriptUrl: 'file:///m/mermaid.min.js' };

describe('renderSummaryPage', () => {
  it('renders tables as GitHub does and leaves mermaid blocks to mermaid in the browser', () => {
    const html = renderSummaryPage(
      '## Builds\n\n| a | b |\n|---|---|\n| `x` | 1 &lt; 2 |\n\n```mermaid\ngantt\n  a --> b\n```\n',
      assets,
    );
    expect(html).toContain('<h2>Builds</h2>');
    expect(html).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>a<\/th>/);
    expect(html).toContain('<td><code>x</code></td>');
    expect(html).toContain('<pre class="mermaid">gantt\n  a --&gt; b</pre>');
    expect(html).toContain('<script src="file:///m/mermaid.min.js"></script>');
    expect(html).toContain('<article class="markdown-body">');
  });

  it('keeps other code blocks as code', () => {
    expect(renderSummaryPage('```sh\necho <hi>\n```\n', assets)).toContain(
      '<pre><code class="language-sh">echo &lt;hi&gt;\n</code></pre>',
    );
  });
});
