/*
 * The sitemap as files. One sitemap holds at most 50,000 URLs (sitemaps.org), so past that
 * /sitemap.xml becomes a sitemap index pointing to /sitemap-1.xml, /sitemap-2.xml… Pure:
 * app/[sitemap]/route.ts feeds it the site's URLs and writes what it returns.
 */

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_URL_LIMIT = 50_000;

export type SitemapEntry = {
  /** Absolute URL. */
  url: string;
  /** ISO 8601 date or month ('2026-08'). */
  lastModified?: string;
  changeFrequency?: 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';
  priority?: number;
};

/** A file of the sitemap: its name at the site root and its XML. */
export type SitemapFile = { name: string; xml: string };

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`,
  );
}

/** A `<urlset>`: one sitemap file listing these pages. */
export function renderUrlset(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ url, lastModified, changeFrequency, priority }) =>
    [
      '<url>',
      `<loc>${escapeXml(url)}</loc>`,
      lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>` : '',
      changeFrequency ? `<changefreq>${changeFrequency}</changefreq>` : '',
      priority === undefined ? '' : `<priority>${priority}</priority>`,
      '</url>',
    ].join(''),
  );
  return `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** A `<sitemapindex>` pointing to these sitemap files (absolute URLs). */
export function renderSitemapIndex(sitemapUrls: readonly string[]): string {
  const sitemaps = sitemapUrls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${sitemaps.join('\n')}\n</sitemapindex>\n`;
}

/** The name of the n-th (1-based) sitemap file of an index. */
export function sitemapChunkName(n: number): string {
  return `sitemap-${n}.xml`;
}

/**
 * Every file of the sitemap for these entries. Up to `limit` URLs, that is one file,
 * sitemap.xml. Past it, sitemap.xml is an index and the entries are split, in order, into
 * sitemap-1.xml, sitemap-2.xml… of at most `limit` URLs each. `absoluteUrl` turns a file name
 * at the site root into the absolute URL the index lists.
 */
export function sitemapFiles(
  entries: readonly SitemapEntry[],
  absoluteUrl: (name: string) => string,
  limit: number = SITEMAP_URL_LIMIT,
): SitemapFile[] {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`sitemap limit must be a positive integer, got ${limit}`);
  if (entries.length <= limit) return [{ name: 'sitemap.xml', xml: renderUrlset(entries) }];
  const chunks: SitemapFile[] = [];
  for (let start = 0; start < entries.length; start += limit) {
    const name = sitemapChunkName(chunks.length + 1);
    chunks.push({ name, xml: renderUrlset(entries.slice(start, start + limit)) });
  }
  const index = renderSitemapIndex(chunks.map(({ name }) => absoluteUrl(`/${name}`)));
  return [{ name: 'sitemap.xml', xml: index }, ...chunks];
}
