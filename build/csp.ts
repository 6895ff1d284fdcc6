/**
 * The Content-Security-Policy <meta> each page gets, first in its <head>, allowing exactly that
 * page's inline scripts by hash (Next's bootstrap and the start-up loader), and the markup such a
 * policy could only allow with 'unsafe-inline': inline event handlers and javascript: URLs.
 *
 * A meta policy covers what a static host can carry in the file itself; what only a header can
 * do (frame-ancestors, reports) is the host's (README, "Content-Security-Policy").
 */
import { createHash } from 'node:crypto';
import { rawText } from './html';
import { paddleLocalPrices, readEnv } from '../config/env.mjs';
import {
  PADDLE_PREVIEW_ORIGINS,
  PADDLE_SCRIPT_ORIGIN,
  checkoutConfig,
  checkoutFrameOrigins,
  paddleEnvironment,
} from '../config/checkout.mjs';

import type { Element } from 'domhandler';
import type { SiteEnv } from '../config/env.mjs';

/** Script types the browser executes; anything else (application/ld+json) is a data block. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** Whether the browser runs this element's own text as a script. */
export function isInlineScript(element: Element) {
  return (
    element.name === 'script' &&
    !('src' in element.attribs) &&
    EXECUTABLE_TYPES.has((element.attribs.type ?? '').trim().toLowerCase())
  );
}

/** The 'sha256-…' source that allows a script with this text. */
export const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Hash sources of the scripts' texts, in order, each once. */
export const scriptHashes = (texts: string[]) => [...new Set(texts.map(scriptHash))];

/** The pages that hand a buyer off to the checkout: the cart, and each course page ('Buy now'). */
const HANDOFF_PAGE = /^(?:cart|courses\/[^/]+)\/index\.html$/;

/**
 * The origins a page may use for the build's checkout (README, 'Selling'): none but on the pages
 * that hand off, and none at all with CHECKOUT_PROVIDER=none. Shopify needs none: its cart is a
 * plain link away. With Paddle's local prices (PADDLE_LOCAL_PRICES), the same pages may also ask
 * Paddle for a pricing preview (connect).
 * @param page the page's path in the export, e.g. 'cart/index.html'
 */
export function checkoutSources(
  page: string | undefined,
  env: SiteEnv = readEnv(),
): { script?: string[]; frame?: string[]; form?: string[]; connect?: string[] } {
  if (page === undefined || !HANDOFF_PAGE.test(page)) return {};
  if (env.CHECKOUT_PROVIDER === 'paddle')
    return {
      script: [PADDLE_SCRIPT_ORIGIN],
      frame: checkoutFrameOrigins(checkoutConfig(env)),
      ...(paddleLocalPrices(env)
        ? { connect: [...PADDLE_PREVIEW_ORIGINS[paddleEnvironment(env.PADDLE_CLIENT_TOKEN)]] }
        : {}),
    };
  if (env.CHECKOUT_PROVIDER === 'form')
    return { form: [...new Set([new URL(env.CHECKOUT_FORM_URL).origin, ...env.CHECKOUT_FORM_REDIRECTS])] };
  return {};
}

/**
 * The policy for a page whose inline scripts have these hashes.
 * @param page the page's path in the export, for the checkout's origins (checkoutSources)
 */
export function contentSecurityPolicy(hashes: string[], page?: string) {
  const checkout = checkoutSources(page);
  return [
    "default-src 'self'",
    // Search runs Pagefind's WebAssembly.
    ["script-src 'self'", ...(checkout.script ?? []), ...hashes, "'wasm-unsafe-eval'"].join(' '),
    // next/image and the star ratings set style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Otherwise connect-src falls back to default-src: 'self'.
    ...(checkout.connect ? [["connect-src 'self'", ...checkout.connect].join(' ')] : []),
    "img-src 'self' data:",
    ...(checkout.frame ? [`frame-src ${checkout.frame.join(' ')}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...(checkout.form ?? [])].join(' '),
  ].join('; ');
}

/**
 * Attributes whose value the browser follows as a URL (or a list of them), where a javascript:
 * URL would run script. Every other attribute holds text or data: a course named
 * 'JavaScript: The Good Parts' in a meta description or an alt text is only words.
 */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'poster',
  'data',
  'cite',
  'background',
  'xlink:href',
  'codebase',
  'longdesc',
  'manifest',
  'ping',
  'srcset',
  'imagesrcset',
]);
const URL_LISTS = new Set(['srcset', 'imagesrcset', 'ping']);

const isJavascriptUrl = (value: string) => /^javascript:/i.test(value.replace(/[\u0000-\u0020\u007f]/g, ''));

/**
 * Markup a hash-based script policy forbids, in this element: an inline event handler (on…=), or
 * a javascript: URL in an attribute that holds URLs (each entry of a srcset).
 */
export function unsafeMarkup(element: Element) {
  const problems = [];
  for (const [name, value] of Object.entries(element.attribs)) {
    const attribute = name.toLowerCase();
    if (/^on[a-z]/.test(attribute)) problems.push(`an inline event handler ${attribute}= on <${element.name}>`);
    else if (URL_ATTRIBUTES.has(attribute)) {
      const urls = URL_LISTS.has(attribute) ? value.split(/,|\s+/) : [value];
      if (urls.some(isJavascriptUrl)) problems.push(`a javascript: URL in ${attribute}= on <${element.name}>`);
    }
  }
  return problems;
}

/** The hashes of the page's inline scripts. */
export const inlineScriptHashes = (scripts: Element[]) => scriptHashes(scripts.filter(isInlineScript).map(rawText));

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g;
const TYPE = /\stype="([^"]*)"/;

/**
 * How many of the inline scripts of an exported page (the export's own markup: attributes in
 * double quotes) `hashes` would not allow: 0 when its policy lets every one run.
 */
export function unallowedInlineScripts(html: string, hashes: string[]) {
  const allowed = new Set(hashes);
  return inlineScriptTexts(html).filter((text) => !allowed.has(scriptHash(text))).length;
}

/**
 * The texts of an exported page's inline scripts (the export's own markup: attributes in double
 * quotes), in order. */
export function inlineScriptTexts(html: string) {
  const texts: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    const type = attributes.match(TYPE)?.[1] ?? '';
    if (EXECUTABLE_TYPES.has(type.trim().toLowerCase())) texts.push(text);
  }
  return texts;
}

/** The <meta> carrying the policy. */
export const cspMeta = (policy: string) =>
  `<meta http-equiv="Content-Security-Policy" content="${policy.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"/>`;

/** Whether this element is a CSP <meta>. */
export const isCspMeta = (element: Element) =>
  element.name === 'meta' && (element.attribs['http-equiv'] ?? '').toLowerCase() === 'content-security-policy';
