// Markdown as a reader sees it on GitHub: GitHub-flavoured Markdown (marked) inside
// github-markdown-css, ```mermaid drawn by mermaid, at GitHub's content width (1012 px), in a real
// headless Chromium. The browser is the one `npm ci` brings (@sparticuz/chromium ships it inside
// the package; puppeteer-core drives it and downloads nothing); it runs offline, with an empty
// profile. The bundled Chromium has no emoji font, so the page loads Twemoji (an npm package) for
// the status icons, as a reader's system font would draw them.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { renderSummaryPage } from './demo/summary-html.ts';

/** GitHub's page width for Markdown, as design.md §5 takes it. */
export const GITHUB_WIDTH = 1012;

const require = createRequire(import.meta.url);
const fileUrl = (module: string) => pathToFileURL(require.resolve(module)).href;

const EMOJI_CSS = (fontUrl: string) => `
@font-face {
  font-family: 'Twemoji';
  src: url('${fontUrl}') format('woff2');
  unicode-range: U+200D, U+2190-21FF, U+2300-23FF, U+2460-27BF, U+2900-2BFF, U+FE0F, U+1F000-1FAFF;
}
.markdown-body { font-family: Twemoji, -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
`;

export interface RenderedPages {
  /** Opens `markdown` as GitHub shows it; the page is drawn (fonts loaded, mermaid done). */
  open(markdown: string, title: string): Promise<Page>;
  close(): Promise<void>;
}

export async function startRenderer(): Promise<RenderedPages> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rendered-pages-'));
  const profile = path.join(dir, 'profile');
  const markdownCss = await readFile(
    require.resolve('github-markdown-css/github-markdown.css'),
    'utf8',
  );
  const assets = {
    markdownCss: `${markdownCss}\n${EMOJI_CSS(fileUrl('twemoji-colr-font/twemoji.woff2'))}`,
    mermaidScriptUrl: fileUrl('mermaid/dist/mermaid.min.js'),
  };
  const browser: Browser = await puppeteer.launch({
    executablePath: await chromium.executablePath(),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The page reads its fonts and scripts from node_modules.
      '--allow-file-access-from-files',
      `--user-data-dir=${profile}`,
    ],
    defaultViewport: { width: GITHUB_WIDTH, height: 900 },
  });
  let pages = 0;
  return {
    async open(markdown, title) {
      pages += 1;
      const file = path.join(dir, `page-${pages}.html`);
      await writeFile(file, renderSummaryPage(markdown, assets, title));
      const page = await browser.newPage();
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => undefined)');
      // mermaid replaces each diagram's text with an svg once drawn.
      await page.waitForFunction(
        "[...document.querySelectorAll('pre.mermaid')].every((pre) => pre.querySelector('svg'))",
        { timeout: 20_000 },
      );
      return page;
    },
    async close() {
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Layout {
  /** Every table's (github-markdown-css makes it its own scroll box) widths, details opened. */
  tables: { scrollWidth: number; clientWidth: number; text: string }[];
  /** The page itself scrolls sideways. */
  pageScrollWidth: number;
  /** Text of every link drawn on the page (with a box, inside the page's width). */
  visibleLinks: string[];
  /** The page's text as drawn (`innerText`: what is hidden is not in it). */
  text: string;
}

// Runs in the page (this project's TypeScript has no DOM types, so it is given as text).
const MEASURE = `(() => {
  const folded = [...document.querySelectorAll('details')].filter((details) => !details.open);
  for (const details of folded) details.open = true;
  const width = document.documentElement.clientWidth;
  const layout = {
    tables: [...document.querySelectorAll('.markdown-body table')].map((table) => ({
      scrollWidth: table.scrollWidth,
      clientWidth: table.clientWidth,
      text: table.innerText.slice(0, 80),
    })),
    pageScrollWidth: document.documentElement.scrollWidth,
    visibleLinks: [...document.querySelectorAll('a')]
      .filter((link) => {
        const box = link.getBoundingClientRect();
        return link.checkVisibility() && box.width > 0 && box.right <= width;
      })
      .map((link) => link.innerText.trim()),
    text: document.body.innerText,
  };
  for (const details of folded) details.open = false;
  return layout;
})()`;

/** What a reader gets: measured with every <details> opened, so folded tables count too. */
export const layoutOf = (page: Page): Promise<Layout> => page.evaluate(MEASURE) as Promise<Layout>;

/** A PNG of the page's content, cropped to the Markdown's box. */
export async function screenshotContent(page: Page, file: string): Promise<void> {
  const article = await page.$('.markdown-body');
  if (!article) throw new Error('the page has no .markdown-body');
  await article.screenshot({ path: file as `${string}.png`, optimizeForSpeed: false });
}
