/**
 * One exported page through the adapter: read from the parsed document (inspectPage), then
 * rewritten in one pass (rewritePage): Next's inline payload goes (the loader fetches the same
 * file), its chunks go to the loader (loader.ts), the rules it can use are inlined before its
 * disabled stylesheet link (inline-css.ts), a CSP <meta> allows its inline scripts by hash, and
 * but on the home page the icon and manifest links go (loadTimeLinks). A page not of the shape
 * Next writes fails the build, naming what is missing, never quietly doing less. A page already
 * rewritten is recognised by its loader, and only the loader and policy are written again.
 */
import { createHash } from 'node:crypto';
import { contentSecurityPolicy, cspMeta, isCspMeta, isInlineScript, scriptHashes, unsafeMarkup } from './csp';
import { applyEdits, contentStart, elements, endTagStart, escapeAttribute, parsePage, range, rawText } from './html';
import { LOADER_ATTRIBUTES } from './loader';
import { NEXT_BOOTSTRAP, NEXT_PAYLOAD_ROW, STYLESHEET_PRECEDENCE, payloadRow } from './next-output';

import type { Element } from 'domhandler';
import type { Edit } from './html';

export type PageShape = {
  elements: Element[];
  head: Element;
  body: Element;
  /** Whether the adapter wrote this page already */
  adapted: boolean;
  /** Start-up script URLs as written, in order */
  scripts: string[];
  /** Stylesheet URLs as written (inlined; their links disabled) */
  stylesheets: string[];
  /** The RSC payload (a page not yet adapted), '' otherwise */
  payload: string;
  /**
   * The payload's URL as written on the loader (an adapted page), ''
   *   otherwise
   */
  payloadUrl: string;
  /** What goes to the loader: payload scripts, chunks and preloads */
  moved: Element[];
  /** Next's links, to be disabled (or disabled already) */
  stylesheetLinks: Element[];
  /** The inline scripts that stay */
  kept: Element[];
  loader: Element | undefined;
  /** The head's manifest and icon links (loadTimeLinks) */
  loadTimeLinks: Element[];
};

/**
 * Links the browser follows the moment a page has loaded: the tab's icon and the web app
 * manifest. On a small page they end before its first paint, and Lighthouse's simulation then
 * puts a round trip more on that paint's path in a random share of runs. React adds them again
 * from the payload once the page hydrates. The home page keeps them, where search engines and a
 * browser without JavaScript look for a site's icon.
 */
const isLoadTimeLink = (element: Element, head: Element) =>
  element.name === 'link' &&
  element.parent === head &&
  (element.attribs.rel ?? '')
    .toLowerCase()
    .split(/\s+/)
    .some((rel) => rel === 'manifest' || rel === 'icon');

const isStylesheetLink = (element: Element) =>
  element.name === 'link' && (element.attribs.rel ?? '').toLowerCase().split(/\s+/).includes('stylesheet');

const isScriptPreload = (element: Element) =>
  element.name === 'link' &&
  (element.attribs.rel === 'modulepreload' || (element.attribs.rel === 'preload' && element.attribs.as === 'script'));

const list = (value: string) => value.split(' ').filter(Boolean);

/**
 * What the page is made of. Throws, naming the page and the missing part, when it is not a page
 * of the shape Next writes (or the adapter wrote).
 * @param page the page's path in the export, for messages
 * @param options false for an app without CSS (the reference app)
 */
export function inspectPage(
  html: string,
  page: string,
  { requireStylesheet = true }: { requireStylesheet?: boolean } = {},
) {
  const fail = (what: string) => {
    throw new Error(`${page}: ${what}`);
  };
  const all = elements(parsePage(html));
  const head = all.find((element) => element.name === 'head') ?? fail('no <head>');
  const body = all.find((element) => element.name === 'body') ?? fail('no <body>');

  const unsafe = all.flatMap(unsafeMarkup);
  if (unsafe.length) fail(`markup that a strict CSP only allows with 'unsafe-inline': ${unsafe.join('; ')}`);

  const loader = all.find((element) => element.name === 'script' && LOADER_ATTRIBUTES.scripts in element.attribs);
  const inline = all.filter(isInlineScript);
  if (!inline.some((element) => rawText(element) === NEXT_BOOTSTRAP))
    fail(`no Next bootstrap script (${NEXT_BOOTSTRAP}): the RSC payload has nothing to feed`);

  const moved: Element[] = [];

  const scripts: string[] = [];

  const stylesheets: string[] = [];

  const stylesheetLinks: Element[] = [];
  let payload = '';
  for (const element of inline) {
    const row = payloadRow(rawText(element));
    if (row === undefined) continue;
    if (row === null)
      return fail(
        `an RSC payload row the adapter does not know (only [1,"text"] rows are moved): ${rawText(element).slice(0, 80)}`,
      );
    payload += row;
    moved.push(element);
  }

  for (const element of all) {
    if (!isStylesheetLink(element) || !('data-precedence' in element.attribs)) continue;
    // React adopts the link on hydration only with the precedence Next gave it.
    if (element.attribs['data-precedence'] !== STYLESHEET_PRECEDENCE)
      fail(
        `a stylesheet of precedence "${element.attribs['data-precedence']}" (the adapter inlines only "${STYLESHEET_PRECEDENCE}")`,
      );
    if (!isInHead(element, head)) fail('a stylesheet link outside the <head>');
    if (loader && !('disabled' in element.attribs)) fail('an adapted page with a stylesheet link still enabled');
    stylesheets.push(element.attribs.href!);
    stylesheetLinks.push(element);
  }

  const payloadUrl = loader?.attribs[LOADER_ATTRIBUTES.payload] ?? '';
  if (loader) {
    if (payload) fail('an adapted page with an inline RSC payload');
    if (!payloadUrl) fail(`an adapted page without ${LOADER_ATTRIBUTES.payload}`);
    scripts.push(...list(loader.attribs[LOADER_ATTRIBUTES.scripts] ?? ''));
  } else {
    for (const element of all) {
      if (element.name === 'script' && 'src' in element.attribs) {
        if ('nomodule' in element.attribs) continue;
        if (!('async' in element.attribs))
          fail(`a <script src="${element.attribs.src}"> that is neither async nor nomodule`);
        scripts.push(element.attribs.src!);
        moved.push(element);
      } else if (isScriptPreload(element)) {
        scripts.push(element.attribs.href!);
        moved.push(element);
      }
    }
    if (!payload) fail(`no inline RSC payload (${NEXT_PAYLOAD_ROW} scripts)`);
    if (!scripts.length) fail('no Next script chunks (<script src async> or script preloads)');
    if (requireStylesheet && !stylesheetLinks.length)
      fail(`no stylesheet link with data-precedence="${STYLESHEET_PRECEDENCE}"`);
  }
  const kept = inline.filter((element) => !moved.includes(element) && element !== loader);
  return {
    elements: all,
    head,
    body,
    adapted: Boolean(loader),
    scripts: [...new Set(scripts)],
    stylesheets: [...new Set(stylesheets)],
    payload,
    payloadUrl,
    moved,
    stylesheetLinks,
    kept,
    loader,
    loadTimeLinks: all.filter((element) => isLoadTimeLink(element, head)),
  };
}

function isInHead(element: Element, head: Element) {
  for (let node = element.parent; node; node = node.parent) if (node === head) return true;
  return false;
}

/** How many characters of a payload's hash the page carries (9 bytes in base64url: no padding). */
export const PAYLOAD_MARK_LENGTH = 12;

/**
 * A payload's mark, which the page it belongs to carries in `data-mark` and the start-up loader
 * compares with the payload it fetched (lib/browser/loader.ts, payloadMark: the same hash):
 * the start of the SHA-256 of its bytes, in base64url.
 */
export const payloadMark = (payload: Uint8Array | string) =>
  createHash('sha256').update(payload).digest('base64url').slice(0, PAYLOAD_MARK_LENGTH);

/**
 * The loader's stub with its lists.
 * @param lists `mark`: the payload's mark (payloadMark)
 */
export function loaderTag({
  scripts,
  payloadUrl,
  mark,
  loaderUrl,
  stub,
}: {
  scripts: string[];
  payloadUrl: string;
  mark: string;
  loaderUrl: string;
  stub: string;
}) {
  const attributes = [
    [LOADER_ATTRIBUTES.loader, loaderUrl],
    [LOADER_ATTRIBUTES.scripts, scripts.join(' ')],
    [LOADER_ATTRIBUTES.payload, payloadUrl],
    [LOADER_ATTRIBUTES.mark, mark],
  ];
  return `<script ${attributes.map(([name, value]) => `${name}="${escapeAttribute(value ?? '')}"`).join(' ')}>${stub}</script>`;
}

/**
 * The page with every rewrite applied, and the hashes of its inline scripts.
 * @param html the page, as inspected
 * @param shape what inspectPage found
 * @param options the stylesheets' CSS (a page not yet adapted), where the loader fetches the payload, the mark
 *   of the payload it checks for (payloadMark), the loader's own URL, the stub's script (loader.ts, startupScripts), whether
 *   the manifest and icon links stay (the home page), and the page's path in the export (its CSP
 *   allows the checkout's origins on pages that hand off)
 */
export function rewritePage(
  html: string,
  shape: PageShape,
  {
    css,
    payloadUrl,
    mark,
    loaderUrl,
    stub,
    keepLoadTimeLinks = false,
    page,
  }: {
    css?: string;
    payloadUrl: string;
    mark: string;
    loaderUrl: string;
    stub: string;
    keepLoadTimeLinks?: boolean;
    page?: string;
  },
) {
  const edits: Edit[] = [];
  const remove = (element: Element) => edits.push({ ...range(element), text: '' });
  if (!keepLoadTimeLinks) shape.loadTimeLinks.forEach(remove);
  const loader = loaderTag({ scripts: shape.scripts, payloadUrl, mark, loaderUrl, stub });

  if (shape.loader) {
    edits.push({ ...range(shape.loader), text: loader });
  } else {
    if (css === undefined && shape.stylesheetLinks.length)
      throw new Error('rewritePage: a page with a stylesheet needs its CSS');
    shape.moved.forEach(remove);
    shape.stylesheetLinks.forEach((link, index) => {
      const { start, end } = range(link);
      const tag = html.slice(start, end).replace(/\s*\/?>$/, ' disabled=""/>');
      edits.push({ start, end, text: index === 0 ? `<style>${css}</style>${tag}` : tag });
    });
    const bodyEnd = endTagStart(html, shape.body);
    edits.push({ start: bodyEnd, end: bodyEnd, text: loader });
  }

  const inlineScriptHashes = scriptHashes([...shape.kept.map(rawText), stub]);
  const meta = cspMeta(contentSecurityPolicy(inlineScriptHashes, page));
  for (const element of shape.elements.filter(isCspMeta)) remove(element);
  const headStart = contentStart(html, shape.head);
  // The charset declaration must stay within the first 1024 bytes: should the policy push it
  // out, the charset goes first (it runs nothing, so the policy still precedes every script).
  const charset = shape.elements.find(
    (element) => element.name === 'meta' && 'charset' in element.attribs && element.parent === shape.head,
  );
  const charsetEnd = charset ? range(charset).end : 0;
  // What stands before the charset once the rewrite is done: an old policy there goes.
  const before = html.slice(0, headStart) + meta + html.slice(headStart, charsetEnd);
  const oldPolicies = shape.elements
    .filter((element) => isCspMeta(element) && range(element).end <= charsetEnd)
    .map((element) => html.slice(range(element).start, range(element).end));
  const bytesBefore = Buffer.byteLength(before) - Buffer.byteLength(oldPolicies.join(''));
  if (charset && bytesBefore > 1024) {
    remove(charset);
    edits.push({ start: headStart, end: headStart, text: html.slice(range(charset).start, charsetEnd) + meta });
  } else {
    edits.push({ start: headStart, end: headStart, text: meta });
  }
  return { html: applyEdits(html, edits), inlineScriptHashes };
}
