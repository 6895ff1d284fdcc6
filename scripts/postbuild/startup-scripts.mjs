/**
 * Start-up scripts after the first paint (issue #11).
 *
 * Next writes its chunks as `<script src async>` in the head (and one more, with a preload, at the
 * end of the body). The browser fetches them at once, beside the document, and runs each one the
 * moment it arrives, in the middle of parsing: on a slow phone the first paint waits for bytes and
 * CPU it does not need. This step takes them out of the HTML and puts one small inline loader at
 * the end of <body>, which adds the same scripts, in the same order, once the first frame has been
 * painted (at once in a hidden tab, which paints nothing). Nothing needs them sooner: links and the
 * cart's forms work before hydration (e2e/before-hydration.spec.ts), and hydration of async scripts
 * already started at no fixed point of parsing.
 *
 * The list stays declarative, in the loader's `data-startup` attribute, so that the budget check
 * and the service worker's precache (startupScriptUrls) still see every script a page loads at
 * start. The loader's text is the same on every page: one CSP hash for all of them.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Runs where it is parsed (document.currentScript), so it needs no id and no global. */
export const LOADER =
  '(function(){var d=document,u=d.currentScript.getAttribute("data-startup").split(" ");' +
  'function go(){u.forEach(function(s){var e=d.createElement("script");e.src=s;e.async=true;d.head.appendChild(e)})}' +
  'd.hidden?go():requestAnimationFrame(function(){setTimeout(go,0)})})()';

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
 * The page with its async scripts and script preloads replaced by the loader at the end of
 * <body>; null when it has none to defer (already done, or a page without Next's scripts).
 */
export function deferStartupScripts(html) {
  if (HAS_LOADER.test(html)) return null;
  const urls = new Set();
  let withoutScripts = html.replace(SCRIPT_PRELOAD, (tag, href) => {
    if (!isScriptPreload(tag)) return tag;
    urls.add(unescapeAttribute(href));
    return '';
  });
  withoutScripts = withoutScripts.replace(ASYNC_SCRIPT, (tag, src) => {
    urls.add(unescapeAttribute(src));
    return '';
  });
  if (!urls.size) return null;
  const bodyEnd = withoutScripts.lastIndexOf('</body>');
  if (bodyEnd < 0) return null;
  const loader = `<script data-startup="${escapeAttribute([...urls].join(' '))}">${LOADER}</script>`;
  return `${withoutScripts.slice(0, bodyEnd)}${loader}${withoutScripts.slice(bodyEnd)}`;
}

export async function run({ outDir }) {
  const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let deferred = 0;
  const queue = [...files];
  async function worker() {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = deferStartupScripts(await readFile(file, 'utf8'));
      if (result === null) continue;
      await writeFile(file, result);
      deferred++;
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker));
  return `${deferred} of ${files.length} pages load their scripts after the first paint`;
}
