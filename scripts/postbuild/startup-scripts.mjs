/**
 * Start-up scripts and the full stylesheet after the page has loaded (issue #11).
 *
 * Next writes its chunks as `<script src async>` in the head (and one more, with a preload, at the
 * end of the body). The browser fetched them at once, beside the document, and ran each one the
 * moment it arrived, in the middle of parsing; and the stylesheet (moved to the end of <body> by
 * the critical-CSS step) still held the paint until it arrived. On a slow phone the largest paint
 * waited for bytes and CPU it does not need: the page's own critical CSS is already inline.
 *
 * This step takes them out of the HTML and puts one small inline loader at the end of <body>. When
 * the page has loaded (its document and the images it shows, so the largest paint is done), the
 * loader adds the stylesheet, then the same scripts in the same order; at once in a hidden tab,
 * which paints nothing, and at the latest 3 s after parsing, so that a hanging image cannot keep
 * the page from hydrating. Nothing needs them sooner: links and the cart's forms work before
 * hydration (e2e/before-hydration.spec.ts). Without JavaScript a <noscript> links the stylesheet.
 *
 * The lists stay declarative, in the loader's `data-startup` (scripts) and `data-stylesheets`
 * attributes, so that the budget check and the service worker's precache still see every file a
 * page loads at start. The loader's text is the same on every page: one CSP hash for all of them.
 */
import { rewritePages } from './html-pages.mjs';

/** Runs where it is parsed (document.currentScript), so it needs no id and no global. */
export const LOADER =
  '(function(){var d=document,c=d.currentScript,n=0,' +
  'u=function(a){return(c.getAttribute(a)||"").split(" ").filter(Boolean)};' +
  'function go(){if(n++)return;' +
  'u("data-stylesheets").forEach(function(h){var l=d.createElement("link");l.rel="stylesheet";l.href=h;' +
  'l.setAttribute("data-precedence","next");d.head.appendChild(l)});' +
  'u("data-startup").forEach(function(s){var e=d.createElement("script");e.src=s;e.async=true;d.head.appendChild(e)})}' +
  'if(d.hidden||d.readyState=="complete")go();' +
  'else{addEventListener("load",function(){setTimeout(go,0)});setTimeout(go,3e3)}})()';

/** Next's stylesheet link (moved to the end of <body> by the critical-CSS step). */
const STYLESHEET =
  /<link\b(?=[^>]*\srel="stylesheet")(?=[^>]*\shref="([^"]+)")(?=[^>]*\sdata-precedence="([^"]*)")[^>]*>/gi;
const ASYNC_SCRIPT = /<script\b(?=[^>]*\ssrc="([^"]+)")(?=[^>]*\sasync\b)(?![^>]*\snomodule\b)[^>]*><\/script>/gi;
const SCRIPT_PRELOAD = /<link\b(?=[^>]*\srel="(?:preload|modulepreload)")(?=[^>]*\shref="([^"]+)")[^>]*>/gi;
const HAS_LOADER = /<script\b[^>]*\sdata-startup="/i;

const isScriptPreload = (tag) => /\srel="modulepreload"/i.test(tag) || /\sas="script"/i.test(tag);
const unescapeAttribute = (value) => value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const escapeAttribute = (value) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * Every script URL a page loads at start, in document order, as written in its HTML (with the
 * base path): external scripts but `nomodule` polyfills, script preloads, and the loader's list.
 */
export function startupScriptUrls(html) {
  const urls = new Set();
  for (const [tag, ...groups] of html.matchAll(
    /<script\b(?![^>]*\snomodule\b)[^>]*\ssrc="([^"]+)"[^>]*>|<link\b[^>]*>|<script\b[^>]*\sdata-startup="([^"]*)"[^>]*>/gi,
  )) {
    if (groups[0]) urls.add(unescapeAttribute(groups[0]));
    else if (groups[1] !== undefined)
      unescapeAttribute(groups[1])
        .split(' ')
        .filter(Boolean)
        .forEach((url) => urls.add(url));
    else if (/^<link/i.test(tag) && isScriptPreload(tag)) {
      const href = /\shref="([^"]+)"/i.exec(tag)?.[1];
      if (href) urls.add(unescapeAttribute(href));
    }
  }
  return [...urls];
}

/**
 * Every stylesheet URL a page loads at start, in document order, as written in its HTML: linked
 * ones (in <noscript> too) and the loader's list.
 */
export function startupStylesheetUrls(html) {
  const urls = new Set();
  for (const [tag, listed] of html.matchAll(/<link\b[^>]*>|<script\b[^>]*\sdata-stylesheets="([^"]*)"[^>]*>/gi)) {
    if (listed !== undefined) {
      unescapeAttribute(listed)
        .split(' ')
        .filter(Boolean)
        .forEach((url) => urls.add(url));
    } else if (/\srel="stylesheet"/i.test(tag)) {
      const href = /\shref="([^"]+)"/i.exec(tag)?.[1];
      if (href) urls.add(unescapeAttribute(href));
    }
  }
  return [...urls];
}

/**
 * The page with its async scripts, script preloads and Next's stylesheet links replaced by the
 * loader at the end of <body> (and a <noscript> link for each stylesheet); null when it has no
 * scripts to defer (already done, or a page without Next's scripts).
 */
export function deferStartupScripts(html) {
  if (HAS_LOADER.test(html)) return null;
  const scripts = new Set();
  const stylesheets = new Set();
  let rest = html.replace(SCRIPT_PRELOAD, (tag, href) => {
    if (!isScriptPreload(tag)) return tag;
    scripts.add(unescapeAttribute(href));
    return '';
  });
  rest = rest.replace(ASYNC_SCRIPT, (tag, src) => {
    scripts.add(unescapeAttribute(src));
    return '';
  });
  if (!scripts.size) return null;
  rest = rest.replace(STYLESHEET, (tag, href, precedence) => {
    // The loader recreates the link as Next wrote it, with React's precedence 'next'.
    if (precedence !== 'next') throw new Error(`A stylesheet with precedence "${precedence}": ${tag}`);
    stylesheets.add(unescapeAttribute(href));
    return '';
  });
  const bodyEnd = rest.lastIndexOf('</body>');
  if (bodyEnd < 0) return null;
  const list = (urls) => escapeAttribute([...urls].join(' '));
  const noscript = [...stylesheets].map(
    (href) => `<noscript><link rel="stylesheet" href="${escapeAttribute(href)}"/></noscript>`,
  );
  const loader = `<script data-startup="${list(scripts)}" data-stylesheets="${list(stylesheets)}">${LOADER}</script>`;
  return `${rest.slice(0, bodyEnd)}${noscript.join('')}${loader}${rest.slice(bodyEnd)}`;
}

export async function run({ outDir }) {
  const { pages, rewritten } = await rewritePages(outDir, deferStartupScripts);
  return `${rewritten} of ${pages} pages load their scripts and stylesheet once loaded`;
}
