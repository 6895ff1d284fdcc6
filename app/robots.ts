import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/server/seo';

export const dynamic = 'force-static';

/**
 * Crawlers may read everything. Under a sub-path deploy this file lands at
 * /<base>/robots.txt, which crawlers don't read: the host's root robots.txt rules there.
 */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/' },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
