// @ts-check
/**
 * The page's stylesheet, inlined whole: page.mjs puts it in a <style> where Next's stylesheet link
 * was, and keeps the link, disabled, for React to find when it hydrates (so it neither inserts the
 * sheet again nor waits for it); a disabled link is never fetched.
 *
 * Why whole and not just the rules the page's first paint uses: a stylesheet added after the
 * first paint is parsed, and the whole page restyled, on the main thread while the page starts,
 * which on a slow phone costs more than its 2–4 KB of gzipped HTML. Inline, it is parsed with the
 * document before the first paint, every state and every page a client navigation reaches is
 * already styled, and nothing is left to load.
 *
 * The sheet's URLs must mean the same from every page: only data: URIs and absolute paths are
 * accepted; a relative url() fails the build, naming the stylesheet.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const URL_VALUE = /url\(\s*(['"]?)([^'")]*)\1\s*\)/g;

/**
 * The CSS of a stylesheet, checked to be movable into any page and safe inside <style>.
 * @param {string} css @param {string} file the stylesheet, export-relative, for messages
 */
export function inlinable(css, file) {
  for (const [, , url] of css.matchAll(URL_VALUE)) {
    if (url && !url.startsWith('data:') && !url.startsWith('/') && !url.startsWith('#'))
      throw new Error(`${file}: url(${url}) is relative to the stylesheet and would break once inlined`);
  }
  // A '</style' inside the CSS would end the element early in the HTML parser.
  return css.replace(/<\/style/gi, '<\\/style');
}

/**
 * A function giving the CSS to inline for a page's stylesheets, each file read once.
 * @param {{ outDir: string }} options
 */
export function inlineCss({ outDir }) {
  /** @type {Map<string, Promise<string>>} */
  const files = new Map();
  /** @param {string} file export-relative */
  const read = (file) => {
    let css = files.get(file);
    if (!css) {
      css = readFile(path.join(outDir, file), 'utf8').then((text) => inlinable(text, file));
      files.set(file, css);
    }
    return css;
  };
  /** @param {string[]} stylesheets export-relative, in the page's order */
  return async (stylesheets) => (await Promise.all(stylesheets.map(read))).join('\n');
}
