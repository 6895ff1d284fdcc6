/** @jest-environment node */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { CACHES, openCache } from './cache';
import { contentSecurityPolicy, scriptHash, unallowedInlineScripts } from './csp';
import { finishDocument, finishedFromCache } from './documents';

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

describe("a finished page in the build's cache", () => {
  it('comes back for the same rendered page, and is finished again for another or when its policy no longer holds', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'documents-cache-'));
    try {
      const cache = { cache: openCache(CACHES.documents, {}, dir), context: 'stylesheets' };
      let finished = 0;
      const finish = (html: string) => () => {
        finished++;
        return finishDocument(html, page, async () => '.px-2{padding:1px}');
      };
      const first = await finishedFromCache(html, page, finish(html), cache);
      expect(first.fromCache).toBeUndefined();
      const again = await finishedFromCache(html, page, finish(html), cache);
      expect(again).toEqual({ ...first, fromCache: true });
      expect(finished).toBe(1);

      const edited = html.replace('<h1>Reviews</h1>', '<h1>Reviews of it</h1>');
      expect((await finishedFromCache(edited, page, finish(edited), cache)).html).toContain('Reviews of it');
      expect(finished).toBe(2);
      // Other stylesheets: another entry.
      await finishedFromCache(html, page, finish(html), { ...cache, context: 'other stylesheets' });
      expect(finished).toBe(3);

      // An entry whose policy would block its script is not used.
      for (const entry of readdirSync(cache.cache.dir)) {
        const file = path.join(cache.cache.dir, entry);
        const kept = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'));
        writeFileSync(file, gzipSync(JSON.stringify({ ...kept, inlineScriptHashes: [] })));
      }
      expect((await finishedFromCache(html, page, finish(html), cache)).fromCache).toBeUndefined();
      expect(finished).toBe(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
