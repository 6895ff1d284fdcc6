/**
 * @jest-environment node
 */
import { browserBundle } from './browser-bundle';

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
    expect(listeners.sort()).toEqual(['change', 'click', 'keydown', 'toggle']);
  });

  it('is built once per process', () => {
    expect(browserBundle('first-paint')).toBe(browserBundle('first-paint'));
  });
});
