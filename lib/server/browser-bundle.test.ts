/**
 * @jest-environment node
 */
import { browserBundle, type BrowserEntry } from './browser-bundle';

const ENTRIES: BrowserEntry[] = ['first-paint', 'search-intro', 'loader', 'loader-stub'];

describe('browserBundle', () => {
  it('bundles the first-paint entry into one self-contained, minified script that runs', () => {
    const code = browserBundle('first-paint');
    expect(code).not.toMatch(/\b(import|require)\s*\(|^import /m);
    expect(code).not.toMatch(/<\/script/i);
    expect(code.split('\n')).toHaveLength(1);
    // The byte cost of every page: a few kilobytes, not a framework.
    expect(code.length).toBeLessThan(8_000);
    const listeners: string[] = [];
    const document = {
      documentElement: { dataset: {} },
      readyState: 'complete',
      location: { search: '' },
      querySelector: () => null,
      querySelectorAll: () => [],
      addEventListener: (type: string) => listeners.push(type),
    };
    const window = { localStorage: { getItem: () => null } };
    new Function('document', 'window', 'location', 'Node', code)(document, window, {}, {});
    expect(listeners.sort()).toEqual(['change', 'click', 'close', 'command', 'keydown', 'toggle']);
  });

  it('bundles every entry into one self-contained, minified line', () => {
    for (const entry of ENTRIES) {
      const code = browserBundle(entry);
      expect(code).not.toMatch(/\b(import|require)\s*\(|^import |process\.env/m);
      expect(code).not.toMatch(/<\/script/i);
      expect(code.split('\n')).toHaveLength(1);
      // None writes a price: the shop's money pattern (lib/money.ts) stays out, read or not.
      expect(code).not.toMatch(/__SHOP_MONEY__|minusPrefix/);
    }
  });

  it('keeps the loader stub, which every page inlines, within a few hundred bytes', () => {
    const code = browserBundle('loader-stub');
    expect(code.length).toBeLessThan(400);
    const added: string[] = [];
    const document = {
      hidden: true,
      currentScript: { dataset: { loader: '/_next/static/loader/l.js' } },
      createElement: () => ({}),
      head: { appendChild: (script: { src: string }) => added.push(script.src) },
    };
    new Function('document', code)(document);
    expect(added).toEqual(['/_next/static/loader/l.js']);
  });

  it('is built once per process', () => {
    expect(browserBundle('first-paint')).toBe(browserBundle('first-paint'));
  });
});
