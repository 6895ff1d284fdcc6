/** @jest-environment node */
import { renderSitemapIndex, renderUrlset, sitemapFiles, SITEMAP_URL_LIMIT, type SitemapEntry } from './sitemap';

const entries = (count: number): SitemapEntry[] =>
  Array.from({ length: count }, (_, index) => ({ url: `https://example.com/courses/c-${index + 1}/` }));

const absolute = (name: string) => `https://example.com/shop${name}`;
/** The XML of the file with this name; fails the test when there is none. */
function xmlOf(files: readonly { name: string; xml: string }[], name: string): string {
  const file = files.find((candidate) => candidate.name === name);
  if (!file) throw new Error(`no ${name} among ${files.map((candidate) => candidate.name).join(', ')}`);
  return file.xml;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('renderUrlset', () => {
  it('writes one <url> per entry with its optional fields', () => {
    const xml = renderUrlset([
      { url: 'https://example.com/', changeFrequency: 'weekly', priority: 1 },
      { url: 'https://example.com/courses/py-101/', lastModified: '2026-08' },
    ]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain(
      '<url><loc>https://example.com/</loc><changefreq>weekly</changefreq><priority>1</priority></url>',
    );
    expect(xml).toContain('<url><loc>https://example.com/courses/py-101/</loc><lastmod>2026-08</lastmod></url>');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });

  it('escapes XML special characters in URLs', () => {
    expect(renderUrlset([{ url: "https://example.com/?a=1&b='2'" }])).toContain(
      '<loc>https://example.com/?a=1&amp;b=&apos;2&apos;</loc>',
    );
  });
});

describe('renderSitemapIndex', () => {
  it('lists the sitemap files', () => {
    const xml = renderSitemapIndex(['https://example.com/sitemap-1.xml', 'https://example.com/sitemap-2.xml']);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual(['https://example.com/sitemap-1.xml', 'https://example.com/sitemap-2.xml']);
  });
});

describe('sitemapFiles', () => {
  it('uses the sitemaps.org limit of 50,000 URLs by default', () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
    expect(sitemapFiles(entries(3), absolute).map(({ name }) => name)).toEqual(['sitemap.xml']);
  });

  it('is one sitemap.xml urlset up to the limit, the limit included', () => {
    const files = sitemapFiles(entries(5), absolute, 5);
    expect(files.map(({ name }) => name)).toEqual(['sitemap.xml']);
    expect(xmlOf(files, 'sitemap.xml')).toContain('<urlset');
    expect(locs(xmlOf(files, 'sitemap.xml'))).toEqual(entries(5).map(({ url }) => url));
  });

  it('past the limit, makes sitemap.xml an index of chunks of at most the limit, in order', () => {
    const all = entries(12);
    const files = sitemapFiles(all, absolute, 5);
    expect(files.map(({ name }) => name)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    const index = xmlOf(files, 'sitemap.xml');
    const chunks = files.filter(({ name }) => name !== 'sitemap.xml');
    expect(index).toContain('<sitemapindex');
    expect(index).not.toContain('<urlset');
    expect(locs(index)).toEqual([
      'https://example.com/shop/sitemap-1.xml',
      'https://example.com/shop/sitemap-2.xml',
      'https://example.com/shop/sitemap-3.xml',
    ]);
    expect(chunks.map((chunk) => locs(chunk.xml).length)).toEqual([5, 5, 2]);
    expect(chunks.flatMap((chunk) => locs(chunk.xml))).toEqual(all.map(({ url }) => url));
  });

  it('splits one URL past the limit into two files', () => {
    expect(sitemapFiles(entries(6), absolute, 5).map(({ name }) => name)).toEqual([
      'sitemap.xml',
      'sitemap-1.xml',
      'sitemap-2.xml',
    ]);
  });

  it('keeps an empty site a valid, empty urlset', () => {
    const xml = xmlOf(sitemapFiles([], absolute), 'sitemap.xml');
    expect(locs(xml)).toEqual([]);
    expect(xml).toContain('<urlset');
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => sitemapFiles(entries(2), absolute, 0)).toThrow(/positive integer/);
    expect(() => sitemapFiles(entries(2), absolute, 2.5)).toThrow(/positive integer/);
  });
});
