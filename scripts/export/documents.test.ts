import { contentSecurityPolicy, scriptHash, unallowedInlineScripts } from './csp.mjs';
import { finishDocument } from './documents.mjs';

const SCRIPT = 'document.documentElement.dataset.firstPaint="1"';
const page = 'courses/py-101/reviews/index.html';
const html =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/a.css"/>' +
  '<title>Reviews</title></head><body class="flex"><script>' +
  SCRIPT +
  '</script><main class="px-2"><h1>Reviews</h1><script type="application/ld+json">{"a":1}</script></main></body></html>';

describe('a page made without Next, as the export ships it', () => {
  it('inlines the rules of the names it uses where its stylesheet was, and allows its one script by hash', async () => {
    let asked: Set<string> | undefined;
    const done = await finishDocument(html, page, async (names) => {
      asked = names;
      return '.px-2{padding:1px}';
    });
    expect([...asked!]).toEqual(expect.arrayContaining(['flex', 'px-2', 'main', 'h1', 'body']));
    expect(done.html).not.toContain('<link rel="stylesheet"');
    expect(done.html).toContain('<head><meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy"');
    expect(done.html).toContain('<style>.px-2{padding:1px}</style><title>');
    // The JSON-LD is data, not a script: only the first-paint script needs a hash.
    expect(done.inlineScriptHashes).toEqual([scriptHash(SCRIPT)]);
    expect(done.html).toContain(contentSecurityPolicy([scriptHash(SCRIPT)], page));
    expect(unallowedInlineScripts(done.html, done.inlineScriptHashes)).toBe(0);
  });

  it('refuses markup a strict policy would block, and a page without a charset', async () => {
    const css = async () => '';
    await expect(finishDocument(html.replace('<h1>', '<h1 onclick="x()">'), page, css)).rejects.toThrow(
      /courses\/py-101\/reviews\/index\.html: markup that a strict CSP only allows with 'unsafe-inline'/,
    );
    await expect(finishDocument(html.replace('<meta charSet="utf-8"/>', ''), page, css)).rejects.toThrow(
      /no <meta charset>/,
    );
  });
});
