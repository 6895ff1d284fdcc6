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
 * The page's RSC payload goes the same way. Next inlines it as `self.__next_f.push([1,"…"])`
 * scripts, which React reads only to hydrate: a second copy of the page's content that made the
 * home and course documents larger than the 14.6 KB a connection's first round trip carries, so
 * their first paint waited one round trip more. It is written once to a file named by its content
 * hash (`_next/static/flight/<hash>.txt`, so that a page never meets another deploy's payload), and
 * the loader fetches it beside the scripts (which it preloads) and hands it to Next before it adds
 * them. If the fetch fails, it tries again a few times; until then the page stays the static page
 * it is before hydration.
 *
 * The lists stay declarative, in the loader's `data-startup` (scripts), `data-stylesheets` and
 * `data-flight` attributes, so that the budget check and the service worker's precache still see
 * every file a page loads at start. The loader's text is the same on every page: one CSP hash for
 * all of them.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rewritePages } from './html-pages.mjs';

/** Where the payloads go, relative to the export (Next's folder of content-hashed files). */
export const FLIGHT_DIR = '_next/static/flight';

/** Runs where it is parsed (document.currentScript), so it needs no id and no global. */
export const LOADER =
  '(function(){var d=document,c=d.currentScript,n=0,' +
  'u=function(a){return(c.getAttribute(a)||"").split(" ").filter(Boolean)},' +
  'add=function(t,a){var e=d.createElement(t);for(var k in a)e.setAttribute(k,a[k]);d.head.appendChild(e)};' +
  'function go(){if(n++)return;' +
  'u("data-stylesheets").forEach(function(h){add("link",{rel:"stylesheet",href:h,"data-precedence":"next"})});' +
  'var s=u("data-startup"),f=c.getAttribute("data-flight");' +
  'function run(){s.forEach(function(h){add("script",{src:h,async:""})})}' +
  'if(!f)return run();' +
  's.forEach(function(h){add("link",{rel:"preload",as:"script",href:h})});' +
  '(function get(t){fetch(f).then(function(r){if(!r.ok)throw r.status;return r.text()})' +
  '.then(function(p){self.__next_f.push([1,p]);run()},function(){t<4&&setTimeout(get,1e3*t,t+1)})})(1)}' +
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

/** One chunk of the inline RSC payload. Next escapes '<' in it, so the first '"])</script>' ends it. */
const FLIGHT_CHUNK = /<script>self\.__next_f\.push\((\[1,"[\s\S]*?"\])\)<\/script>/g;

/**
 * The page without its inline RSC payload, and the payload (what the chunks held, joined); null
 * when it has none, or holds anything but text chunks (form state, binary rows), which must stay
 * in order with them. Next's bootstrap, `(self.__next_f=self.__next_f||[]).push([0])`, stays.
 */
export function takeFlight(html) {
  const chunks = [];
  const rest = html.replace(FLIGHT_CHUNK, (tag, json) => {
    chunks.push(JSON.parse(json)[1]);
    return '';
  });
  if (!chunks.length || rest.includes('self.__next_f.push(')) return null;
  return { html: rest, flight: chunks.join('') };
}

/** The payload file's URL as written on the loader ('' when the page keeps its payload inline). */
export function startupFlightUrl(html) {
  const listed = /<script\b[^>]*\sdata-flight="([^"]*)"[^>]*>/i.exec(html)?.[1];
  return listed ? unescapeAttribute(listed) : '';
}

/**
 * The page with its async scripts, script preloads and Next's stylesheet links replaced by the
 * loader at the end of <body> (and a <noscript> link for each stylesheet), which also fetches the
 * RSC payload from `flightUrl` when one is given; null when it has no scripts to defer (already
 * done, or a page without Next's scripts).
 */
export function deferStartupScripts(html, flightUrl = '') {
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
  const flight = flightUrl ? ` data-flight="${escapeAttribute(flightUrl)}"` : '';
  const loader = `<script data-startup="${list(scripts)}" data-stylesheets="${list(stylesheets)}"${flight}>${LOADER}</script>`;
  return `${rest.slice(0, bodyEnd)}${noscript.join('')}${loader}${rest.slice(bodyEnd)}`;
}

/** The payload's file name: its content hash, so that a deploy never serves a page another's payload. */
export const flightFileName = (flight) => `${createHash('sha256').update(flight).digest('hex').slice(0, 20)}.txt`;

export async function run({ outDir, basePath }) {
  await mkdir(path.join(outDir, FLIGHT_DIR), { recursive: true });
  let moved = 0;
  const { pages, rewritten } = await rewritePages(outDir, async (html) => {
    const taken = takeFlight(html);
    if (!taken) return deferStartupScripts(html);
    const name = flightFileName(taken.flight);
    const deferred = deferStartupScripts(taken.html, `${basePath}/${FLIGHT_DIR}/${name}`);
    if (deferred === null) return null;
    await writeFile(path.join(outDir, FLIGHT_DIR, name), taken.flight);
    moved++;
    return deferred;
  });
  return `${rewritten} of ${pages} pages load their scripts and stylesheet once loaded, ${moved} fetch their RSC payload then`;
}
