/**
 * Critical CSS (issue #11): each page's head gets, once, the rules of the stylesheet that match
 * its own markup, computed by beasties; the stylesheet link itself moves to the end of <body>,
 * where the next step (startup-scripts.mjs) hands it to the loader that adds it once the page
 * has loaded, so the first paint never waits for it.
 *
 * Why the link moves instead of beasties' default `onload` swap: a strict Content-Security-Policy
 * (issue #12) blocks inline event handlers, and moving the link needs no script at all. React 19
 * finds the moved `<link rel="stylesheet" data-precedence>` anywhere in the document by its href,
 * so client navigation reuses it instead of inserting a second copy.
 *
 * Only the `<style>` and the link move are written into Next's HTML; beasties' own re-serialized
 * document is thrown away, so every other byte of the page (and its hydration) stays as built.
 *
 * Scale: pages built from one template share their markup vocabulary. The critical CSS is a
 * function of that vocabulary (tag names, class names and the attributes selectors test), so it
 * is computed once per distinct vocabulary and reused: a 10,000-course build runs beasties a
 * handful of times, and the rest is string work.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Beasties from 'beasties';
import { selectorAttributes, vocabularyKey } from './css-vocabulary.mjs';
import { rewritePages } from './html-pages.mjs';

const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")(?=[^>]*\bdata-precedence=)[^>]*>/g;
/**
 * Moves the page's stylesheet links to the end of <body> and puts `css` in a <style> where the
 * first one was. Returns null for a page without a Next stylesheet link.
 */
export function inlineCritical(html, links, css) {
  if (!links.length) return null;
  let first = true;
  const withoutLinks = html.replace(STYLESHEET_LINK, () => {
    if (!first) return '';
    first = false;
    return `<style>${css}</style>`;
  });
  const bodyEnd = withoutLinks.lastIndexOf('</body>');
  if (bodyEnd < 0) return null;
  return `${withoutLinks.slice(0, bodyEnd)}${links.join('')}${withoutLinks.slice(bodyEnd)}`;
}

class CachedBeasties extends Beasties {
  #files = new Map();
  readFile(filename) {
    if (!this.#files.has(filename)) this.#files.set(filename, super.readFile(filename));
    return this.#files.get(filename);
  }
}

export async function run({ outDir, basePath }) {
  const beasties = new CachedBeasties({
    path: outDir,
    publicPath: `${basePath}/`,
    // Only the computed CSS is kept (see inlineCritical); these keep beasties from touching the rest.
    preload: false,
    pruneSource: false,
    mergeStylesheets: true,
    reduceInlineStyles: false,
    inlineFonts: false,
    preloadFonts: false,
    compress: true,
    logLevel: 'warn',
  });
  const attributesByLinks = new Map();
  /** The attributes tested by the stylesheets these links load (read once per set of links). */
  function stylesheetAttributes(links) {
    const id = links.join('');
    if (!attributesByLinks.has(id)) {
      const hrefs = links.map((link) =>
        /\shref="([^"]+)"/
          .exec(link)[1]
          .slice(basePath.length)
          .replace(/[?#].*$/, ''),
      );
      attributesByLinks.set(
        id,
        Promise.all(hrefs.map((href) => readFile(path.join(outDir, href), 'utf8'))).then((sheets) =>
          selectorAttributes(sheets.join('\n')),
        ),
      );
    }
    return attributesByLinks.get(id);
  }
  const cssByKey = new Map();
  let inlined = 0;
  let bytes = 0;
  const beastiesTime = { ms: 0 };
  const started = performance.now();

  // A few pages at a time: beasties runs once per vocabulary, the rest is file I/O.
  const { pages } = await rewritePages(outDir, async (html, file) => {
    const head = html.slice(0, html.indexOf('</head>') + 1);
    const links = head.match(STYLESHEET_LINK) ?? [];
    if (!links.length) return null;
    if (/<style\b/.test(head)) throw new Error(`${file}: already has a <style> in its head (run the build again)`);
    const key = vocabularyKey(html, links, await stylesheetAttributes(links));
    if (!cssByKey.has(key)) cssByKey.set(key, criticalCss(beasties, html, file, beastiesTime));
    const css = await cssByKey.get(key);
    const result = inlineCritical(html, links, css);
    if (!result) throw new Error(`${file}: no </body> to move the stylesheet link before`);
    inlined++;
    bytes += css.length;
    return result;
  });

  const ms = performance.now() - started;
  return (
    `${inlined} of ${pages} pages, average ${(bytes / Math.max(inlined, 1) / 1024).toFixed(1)} KB inline, ` +
    `${(ms / Math.max(pages, 1)).toFixed(1)} ms per page; beasties ran ${cssByKey.size} times ` +
    `(once per markup vocabulary, ${(beastiesTime.ms / 1000).toFixed(1)} s of it)`
  );
}

/** The CSS beasties inlines for this page: the <style> its output has and the input had not. */
async function criticalCss(beasties, html, file, time) {
  const started = performance.now();
  const before = new Set([...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]));
  const processed = await beasties.process(html);
  const added = [...processed.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)]
    .map((match) => match[1])
    .filter((css) => !before.has(css));
  time.ms += performance.now() - started;
  if (added.length !== 1) throw new Error(`${file}: beasties produced ${added.length} critical <style> elements`);
  // A '</style' inside the CSS would end the element early in the HTML parser.
  return added[0].replace(/<\/style/gi, '<\\/style');
}
