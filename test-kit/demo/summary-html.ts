// The job summary's Markdown as a page that looks like GitHub's rendering of it: GitHub-flavoured
// Markdown by marked, GitHub's own markdown CSS, and ```mermaid blocks drawn in the browser by
// mermaid's bundle, as GitHub draws them. Whatever the summary holds is rendered (pure).
import { Marked, type Tokens } from 'marked';

export interface SummaryPageAssets {
  /** github-markdown-css, inlined so the page keeps its look wherever it is copied. */
  markdownCss: string;
  /** URL of mermaid's browser bundle (a file: URL into node_modules is fine, no CDN). */
  mermaidScriptUrl: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const markdown = new Marked({
  gfm: true,
  renderer: {
    // mermaid reads the text of `.mermaid` elements, entities decoded.
    code: ({ text, lang }: Tokens.Code) =>
      lang === 'mermaid' ? `<pre class="mermaid">${escapeHtml(text)}</pre>\n` : false,
  },
});

export function renderSummaryPage(
  summaryMarkdown: string,
  assets: SummaryPageAssets,
  title = 'Job summary',
): string {
  const body = markdown.parse(summaryMarkdown, { async: false });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${assets.markdownCss}
.markdown-body { box-sizing: border-box; max-width: 1012px; margin: 0 auto; padding: 32px; }
</style>
</head>
<body>
<article class="markdown-body">
${body}
</article>
<script src="${escapeHtml(assets.mermaidScriptUrl)}"></script>
<script>
mermaid.initialize({
  startOnLoad: true,
  theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'default',
});
</script>
</body>
</html>
`;
}
