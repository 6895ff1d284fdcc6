/**
 * Writes a Content-Security-Policy <meta> first in every exported page's <head>, allowing
 * exactly that page's inline scripts by hash (Next's bootstrap and RSC payload scripts),
 * and fails the build on markup such a policy could only allow with 'unsafe-inline':
 * inline event handlers (onload=…) and javascript: URLs.
 *
 * A meta policy covers what a static host can carry in the file itself; the README gives
 * the same policy as a header, with what only a header can do (frame-ancestors).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { htmlFiles } from './html-pages.mjs';

/** Script types the browser executes; anything else (application/ld+json) is a data block. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const META = /<meta http-equiv="Content-Security-Policy" content="[^"]*"\/>/gi;

function attributes(tag) {
  const found = new Map();
  for (const [, name, , double, single, bare] of tag.matchAll(
    /([^\s"'<>/=]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
  )) {
    found.set(name.toLowerCase(), double ?? single ?? bare ?? '');
  }
  return found;
}

/** 'sha256-…' sources for every inline script the browser would run, in page order, deduplicated. */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attrs, body] of html.matchAll(SCRIPT)) {
    const found = attributes(attrs);
    if (found.has('src')) continue;
    if (!EXECUTABLE_TYPES.has((found.get('type') ?? '').trim().toLowerCase())) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy for a page whose inline scripts have these hashes. */
export function contentSecurityPolicy(scriptHashes) {
  return [
    "default-src 'self'",
    // Search runs Pagefind's WebAssembly.
    ["script-src 'self'", ...scriptHashes, "'wasm-unsafe-eval'"].join(' '),
    // next/image and the star ratings set style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const CHARSET = /<meta charset="[^"]*"\/?>/i;

/**
 * The page with the policy as the first element of its <head>, replacing an earlier one. The
 * charset declaration must stay within the first 1024 bytes: should the policy push it out,
 * the charset goes first (it runs nothing, so the policy still precedes every script).
 */
export function insertCspMeta(html, policy) {
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) throw new Error('no <head>');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"/>`;
  const before = html.slice(0, head.index) + head[0];
  let rest = html.slice(head.index + head[0].length).replace(META, '');
  const charset = CHARSET.exec(rest);
  if (charset && Buffer.byteLength(before + meta + rest.slice(0, charset.index + charset[0].length)) > 1024) {
    rest = rest.replace(CHARSET, '');
    return `${before}${charset[0]}${meta}${rest}`;
  }
  return `${before}${meta}${rest}`;
}

/** Markup a hash-based script policy forbids: inline event handlers and javascript: URLs. */
export function findUnsafeMarkup(html) {
  const markup = html
    .replace(SCRIPT, '<script>')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const problems = [];
  for (const [tag, name] of markup.matchAll(/<([a-zA-Z][\w:-]*)\b[^>]*>/g)) {
    for (const [attribute, value] of attributes(tag.slice(name.length + 1, -1))) {
      if (/^on[a-z]/.test(attribute)) problems.push(`an inline event handler ${attribute}= on <${name}>`);
      else if (/^\s*javascript:/i.test(value.replace(/[\u0000-\u0020]/g, ''))) {
        problems.push(`a javascript: URL in ${attribute}= on <${name}>`);
      }
    }
  }
  return problems;
}

export async function run({ outDir }) {
  const files = htmlFiles(outDir);
  const problems = [];
  let most = 0;
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    const unsafe = findUnsafeMarkup(html);
    if (unsafe.length) {
      problems.push(...unsafe.map((problem) => `${path.relative(outDir, file)}: ${problem}`));
      continue;
    }
    const hashes = inlineScriptHashes(html);
    most = Math.max(most, hashes.length);
    writeFileSync(file, insertCspMeta(html, contentSecurityPolicy(hashes)));
  }
  if (problems.length) throw new Error(`CSP: markup that needs 'unsafe-inline':\n  ${problems.join('\n  ')}`);
  return `a policy in ${files.length} pages, up to ${most} inline script hashes each`;
}
