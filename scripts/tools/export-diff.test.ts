/** @jest-environment node */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  compareExports,
  courseLinks,
  deployPlan,
  hashExport,
  invalidationPaths,
  urlsOf,
  whyPageChanged,
  type ExportFiles,
} from './export-diff.mjs';

// The build's module as Jest loads it, from its sources: the compiled one imports packages Jest cannot.
jest.mock('../build.mjs', () => ({
  requireBuild: () => ({
    ...jest.requireActual('../../build/files'),
    ...jest.requireActual('../../build/next-output'),
  }),
}));

/** An export's files from their texts: the text stands in for the hash. */
const files = (texts: Record<string, string>): ExportFiles =>
  new Map(Object.entries(texts).map(([file, text]) => [file, { hash: text, bytes: text.length }]));

/** The texts without the named files. */
const without = (texts: Record<string, string>, ...gone: string[]) =>
  Object.fromEntries(Object.entries(texts).filter(([file]) => !gone.includes(file)));

const site: Record<string, string> = {
  'index.html': 'home',
  'index.txt': 'home rsc',
  '404.html': 'not found',
  'courses/py-101/index.html': 'py-101 at 12.99',
  'courses/py-101/index.txt': 'py-101 rsc at 12.99',
  'courses/js-101/index.html': 'js-101',
  'courses/js-101/index.txt': 'js-101 rsc',
  'images/courses/py-101.svg': '<svg/>',
  '_next/static/chunks/app-3f2a.js': 'app',
};

describe('compareExports and deployPlan', () => {
  it('find nothing to upload, delete or invalidate between two exports of the same bytes', () => {
    const plan = deployPlan(files(site), files({ ...site }));
    expect(plan).toMatchObject({ changed: [], added: [], deleted: [], invalidate: [] });
    expect(plan.unchanged).toBe(Object.keys(site).length);
    expect(plan.pages).toEqual({ changed: 0, total: 4, percent: 0, siteWide: false });
  });

  it('upload a changed page and invalidate every URL that serves it (its unchanged payload not)', () => {
    const after = files({ ...site, 'courses/py-101/index.html': 'py-101 at 13.99' });
    const plan = deployPlan(files(site), after);
    expect(plan.changed).toEqual([{ file: 'courses/py-101/index.html', bytes: 15 }]);
    expect(plan.invalidate).toEqual(['/courses/py-101', '/courses/py-101/', '/courses/py-101/index.html']);
  });

  it('tell a new file (upload, no invalidation) from a gone one (delete and invalidate)', () => {
    const rest = without(site, 'courses/js-101/index.html', 'courses/js-101/index.txt');
    const after = files({ ...rest, 'courses/go-101/index.html': 'go', 'courses/go-101/index.txt': 'go rsc' });
    const diff = compareExports(files(site), after);
    expect(diff.added.map(({ file }) => file)).toEqual(['courses/go-101/index.html', 'courses/go-101/index.txt']);
    expect(diff.deleted).toEqual([
      { file: 'courses/js-101/index.html', bytes: 6 },
      { file: 'courses/js-101/index.txt', bytes: 10 },
    ]);
    // Four paths under the folder, all gone: one wildcard, and the clean URL beside it.
    expect(invalidationPaths(diff)).toEqual(['/courses/js-101', '/courses/js-101/*']);
  });

  it('choose a folder wildcard only where it saves paths and covers no file that stays', () => {
    const before = files({ ...site, 'courses/py-101/reviews/index.html': 'reviews' });
    const changed = (texts: Record<string, string>) =>
      invalidationPaths(
        compareExports(before, files({ ...site, 'courses/py-101/reviews/index.html': 'reviews', ...texts })),
      );
    // The page and its payload changed, its reviews did not: no wildcard over them.
    expect(changed({ 'courses/py-101/index.html': 'b', 'courses/py-101/index.txt': 'b' })).toEqual([
      '/courses/py-101',
      '/courses/py-101/',
      '/courses/py-101/index.html',
      '/courses/py-101/index.txt',
    ]);
    // The reviews changed too: everything under the folder, in one path.
    expect(
      changed({
        'courses/py-101/index.html': 'b',
        'courses/py-101/index.txt': 'b',
        'courses/py-101/reviews/index.html': 'b',
      }),
    ).toEqual(['/courses/py-101', '/courses/py-101/*']);
    // One file alone: its own path, not a wildcard that saves nothing.
    expect(changed({ 'images/courses/py-101.svg': '<svg></svg>' })).toEqual(['/images/courses/py-101.svg']);
  });

  it('prefix every path with the base path, and invalidate the clean URL of its home', () => {
    const after = files({ ...site, 'index.html': 'new home', '404.html': 'new 404' });
    expect(deployPlan(files(site), after, { basePath: '/storefront' }).invalidate).toEqual([
      '/storefront',
      '/storefront/',
      '/storefront/404',
      '/storefront/404.html',
      '/storefront/index.html',
    ]);
    expect(deployPlan(files(site), after, { basePath: '/storefront', cleanUrls: false }).invalidate).toEqual([
      '/storefront/',
      '/storefront/404.html',
      '/storefront/index.html',
    ]);
  });

  it('never invalidate a file under _next/static/, whose name changes with its content', () => {
    const rest = without(site, '_next/static/chunks/app-3f2a.js');
    const after = files({ ...rest, '_next/static/chunks/app-9c1b.js': 'app 2', '_next/static/css/x.css': 'changed' });
    const plan = deployPlan(files({ ...site, '_next/static/css/x.css': 'css' }), after);
    expect(plan.added.map(({ file }) => file)).toEqual(['_next/static/chunks/app-9c1b.js']);
    expect(plan.deleted.map(({ file }) => file)).toEqual(['_next/static/chunks/app-3f2a.js']);
    expect(plan.changed.map(({ file }) => file)).toEqual(['_next/static/css/x.css']);
    expect(plan.invalidate).toEqual([]);
  });

  it('call a deploy site-wide when more than the given share of pages changed', () => {
    const after = files(
      Object.fromEntries(
        Object.entries(site).map(([file, text]) => [file, file.endsWith('.html') ? `${text}!` : text]),
      ),
    );
    expect(deployPlan(files(site), after).pages).toEqual({ changed: 4, total: 4, percent: 100, siteWide: true });
    const one = files({ ...site, '404.html': 'new 404' });
    expect(deployPlan(files(site), one, { siteWidePercent: 20 }).pages.siteWide).toBe(true);
    expect(deployPlan(files(site), one, { siteWidePercent: 25 }).pages.siteWide).toBe(false);
  });
});

describe('whyPageChanged', () => {
  /** A listing page of these cards, as the export writes one (and its payload, in JSON). */
  const listing = (...ids: string[]) => ids.map((id) => `<a href="/storefront/courses/${id}/">${id}</a>`).join('');
  const payload = (...ids: string[]) => ids.map((id) => `{"href":"/courses/${id}/"}`).join(',');

  it('reads the courses a page or payload links to, in order, decoded', () => {
    expect(courseLinks(listing('py-101', 'js-101'))).toEqual(['py-101', 'js-101']);
    expect(courseLinks(payload('c%23-1'))).toEqual(['c#-1']);
  });

  it("says a page shows the course when it is the course's own, or links to it before or after", () => {
    expect(whyPageChanged('courses/py-101/index.html', 'at 12.99', 'at 11.99', 'py-101')).toBe('shows the course');
    expect(whyPageChanged('index.html', listing('py-101', 'a'), listing('a', 'b'), 'py-101')).toBe('shows the course');
    expect(whyPageChanged('category/python/page/2/index.txt', payload('a'), payload('py-101'), 'py-101')).toBe(
      'shows the course',
    );
  });

  it('tells a listing whose cards shifted from one that changed for another reason', () => {
    const shifted = whyPageChanged(
      'category/python/sort/price-desc/page/9/index.html',
      listing('a', 'b', 'c'),
      listing('z', 'a', 'b'),
      'py-101',
    );
    expect(shifted).toBe('lists other courses');
    const same = whyPageChanged(
      'category/python/page/9/index.html',
      `${listing('a', 'b')}v1`,
      `${listing('a', 'b')}v2`,
      'py-101',
    );
    expect(same).toBe('other');
  });
});

describe('urlsOf', () => {
  it('serves a folder page at the folder, its file and (clean URLs) the folder without its slash', () => {
    expect(urlsOf('cart/index.html')).toEqual(['/cart/', '/cart/index.html', '/cart']);
    expect(urlsOf('index.html')).toEqual(['/', '/index.html']);
    expect(urlsOf('cart/index.txt', { basePath: '/shop' })).toEqual(['/shop/cart/index.txt']);
  });

  it('encodes what a request encodes in the invalidation paths: a space, a #', () => {
    const before = files({ 'index.html': 'a', 'category/web development/index.txt': 'a', 'notes#1.txt': 'a' });
    const after = files({ 'index.html': 'a', 'category/web development/index.txt': 'b', 'notes#1.txt': 'b' });
    expect(invalidationPaths(compareExports(before, after))).toEqual([
      '/category/web%20development/index.txt',
      '/notes%231.txt',
    ]);
  });
});

describe('hashExport', () => {
  it('tells binary files apart by every byte, and equal ones as equal', () => {
    const write = (bytes: number[]) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'export-diff-'));
      mkdirSync(path.join(dir, 'images'));
      writeFileSync(path.join(dir, 'images', 'a.webp'), Buffer.from(bytes));
      return hashExport(dir);
    };
    // Not UTF-8: read as text, both would decode to the same replacement characters.
    const a = write([0x52, 0x49, 0xff, 0xfe, 0x00, 0x80]);
    const b = write([0x52, 0x49, 0xff, 0xfd, 0x00, 0x80]);
    expect(a.get('images/a.webp')).toMatchObject({ bytes: 6 });
    expect(compareExports(a, b).changed).toEqual([{ file: 'images/a.webp', bytes: 6 }]);
    expect(compareExports(a, write([0x52, 0x49, 0xff, 0xfe, 0x00, 0x80])).unchanged).toEqual(['images/a.webp']);
  });
});
