import { serializeJsonLd, type JsonLdThing } from '@/lib/server/seo';

/** Structured data for search engines, rendered into the static HTML (no client JavaScript). */
export function JsonLd({ data }: { data: JsonLdThing }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
