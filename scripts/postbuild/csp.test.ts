import { createHash } from 'node:crypto';
import { contentSecurityPolicy, findUnsafeMarkup, inlineScriptHashes, insertCspMeta } from './csp.mjs';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const page = (head: string, body = '') =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${head}</head><body>${body}</body></html>`;

describe('inlineScriptHashes', () => {
  it('hashes the exact text of every inline script, byte for byte, in page order', () => {
    const first = '(self.__next_f=self.__next_f||[]).push([0])';
    const second = 'self.__next_f.push([1,"caf\u00e9 \\u0026 <b>"])';
    const html = page(`<script>${first}</script>`, `<script id="_R_">${second}</script>`);
    expect(inlineScriptHashes(html)).toEqual([sha(first), sha(second)]);
  });

  it('leaves out external scripts and data blocks, and lists a repeated script once', () => {
    const html = page(
      '<script src="/_next/static/chunks/a.js" async=""></script><script type="application/ld+json">{"a":1}</script>',
      '<script>x()</script><script type="module">y()</script><script>x()</script>',
    );
    expect(inlineScriptHashes(html)).toEqual([sha('x()'), sha('y()')]);
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts only from the site, the given hashes and WebAssembly, never unsafe-inline', () => {
    const policy = contentSecurityPolicy(["'sha256-abc='"]);
    expect(policy).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc=' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; " +
        "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
    expect(/script-src[^;]*unsafe-inline/.test(contentSecurityPolicy([]))).toBe(false);
  });
});

describe('insertCspMeta', () => {
  it('puts the policy first in the head, and replaces a policy written by an earlier run', () => {
    const once = insertCspMeta(page('<title>T</title>'), "default-src 'self'");
    expect(once).toContain(
      `<head><meta http-equiv="Content-Security-Policy" content="default-src 'self'"/><meta charSet="utf-8"/>`,
    );
    const twice = insertCspMeta(once, "default-src 'none'");
    expect(twice.match(/Content-Security-Policy/g)).toHaveLength(1);
    expect(twice).toContain(`content="default-src 'none'"`);
  });

  it('keeps the charset declaration within the first 1024 bytes', () => {
    const long = contentSecurityPolicy(Array.from({ length: 20 }, (_, i) => sha(String(i))));
    const html = insertCspMeta(page('<title>T</title>'), long);
    expect(html.indexOf('<meta charSet="utf-8"/>')).toBeLessThan(1024);
    expect(html).toContain(`<meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy"`);
  });

  it('fails on a page without a head', () => {
    expect(() => insertCspMeta('<p>no head</p>', "default-src 'self'")).toThrow('no <head>');
  });
});

describe('findUnsafeMarkup', () => {
  it('finds inline event handlers, such as a stylesheet swap onload', () => {
    const html = page(`<link rel="stylesheet" href="/a.css" media="print" onload="this.media='all'"/>`);
    expect(findUnsafeMarkup(html)).toEqual(['an inline event handler onload= on <link>']);
  });

  it('finds javascript: URLs, however they are cased or padded', () => {
    expect(findUnsafeMarkup(page('', '<a href=" JavaScript:alert(1)">x</a>'))).toEqual([
      'a javascript: URL in href= on <a>',
    ]);
  });

  it('ignores look-alikes in text, scripts, styles and other attribute values', () => {
    const html = page(
      '<style>a[onclick]{}</style><script>el.onclick=f; "javascript:x"</script>',
      '<p data-note="onclick=x">Click on=the card; javascript: is a word</p><a href="/on-sale/">on</a>',
    );
    expect(findUnsafeMarkup(html)).toEqual([]);
  });
});
