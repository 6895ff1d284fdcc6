import { absoluteUrl, sitemapEntries } from '@/lib/server/seo';
import { sitemapFiles } from '@/lib/sitemap';

export const dynamic = 'force-static';
export const dynamicParams = false;

/*
 * /sitemap.xml, and past 50,000 URLs the files its index points to (lib/sitemap.ts). One
 * dynamic route rather than app/sitemap.ts: the number of files depends on the catalogue,
 * and a route for the chunks alone would have no params at all below the limit, which
 * `output: 'export'` refuses.
 */
function files() {
  return sitemapFiles(sitemapEntries(), absoluteUrl);
}

export function generateStaticParams() {
  return files().map(({ name }) => ({ sitemap: name }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ sitemap: string }> }) {
  const { sitemap } = await params;
  const file = files().find(({ name }) => name === sitemap);
  if (!file) return new Response('Not found', { status: 404 });
  return new Response(file.xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
