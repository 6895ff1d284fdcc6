import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BrowseCategories } from '@/components/search/browse-categories';
import { SearchPending, SearchResults } from '@/components/search/search-results';
import { SEARCH_PARAM, searchHref } from '@/lib/routes';
import { pageMetadata } from '@/lib/server/seo';

export const metadata: Metadata = {
  ...pageMetadata({
    title: 'Search',
    description: 'Search the video courses by name, creator, category or topic.',
    path: searchHref,
  }),
  // Results depend on ?q=, so the page stays out of the index (and out of sitemap.xml).
  robots: { index: false, follow: true },
};

/*
 * Runs before the results area is parsed: without a query there is nothing to wait for, so it
 * marks the wrapper data-search="intro" and the first paint is the intro that hydration renders
 * (the same test as SearchResults: `q` missing or blank).
 */
const firstPaintScript = `(function(){try{if(!(new URLSearchParams(location.search).get(${JSON.stringify(
  SEARCH_PARAM,
)})||"").trim())document.currentScript.parentElement.dataset.search="intro"}catch(e){}})()`;

/**
 * A static page: the query is only known in the browser, so the pre-rendered HTML holds
 * the pending state (or, without JavaScript, a note and the categories) and the results
 * render once `?q=` is read and Pagefind has answered.
 */
export default function SearchPage() {
  return (
    <div className="group/search mx-auto max-w-page px-4 py-8 sm:px-6 sm:py-10">
      <script dangerouslySetInnerHTML={{ __html: firstPaintScript }} />
      <Suspense fallback={<SearchPending browse={<BrowseCategories />} intro />}>
        <SearchResults browse={<BrowseCategories />} />
      </Suspense>
    </div>
  );
}
