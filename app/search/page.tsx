import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BrowseCategories } from '@/components/search/browse-categories';
import { SearchPending, SearchResults } from '@/components/search/search-results';
import { searchHref } from '@/lib/routes';
import { pageMetadata } from '@/lib/server/seo';
import { browserBundle } from '@/lib/server/browser-bundle';

export const metadata: Metadata = {
  ...pageMetadata({
    title: 'Search',
    description: 'Search the video courses by name, creator, category or topic.',
    path: searchHref,
  }),
  // Results depend on ?q=, so the page stays out of the index (and out of sitemap.xml).
  robots: { index: false, follow: true },
};

/**
 * A static page: the query is only known in the browser, so the pre-rendered HTML holds
 * the pending state (or, without JavaScript, a note and the categories) and the results
 * render once `?q=` is read and Pagefind has answered.
 */
export default function SearchPage() {
  return (
    <div className="group/search mx-auto max-w-page px-4 py-8 sm:px-6 sm:py-10">
      {/* Before the results area is parsed: marks a visit without a query (lib/browser/search-intro.ts). */}
      <script dangerouslySetInnerHTML={{ __html: browserBundle('search-intro') }} />
      <Suspense fallback={<SearchPending browse={<BrowseCategories />} intro />}>
        <SearchResults browse={<BrowseCategories />} />
      </Suspense>
    </div>
  );
}
