'use client';

import { useSearchParams } from 'next/navigation';
import { startTransition, useEffect, useId, useState, type ReactNode } from 'react';
import { FiltersButton } from '@/components/course/filters-button';
import { useListingFilters } from '@/components/course/use-listing-filters';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { activeCount, filterSearch, type FilterState } from '@/lib/filters';
import { searchFiltered, type FilteredSearch } from '@/lib/browser/filter-runtime';
import { formatCount } from '@/lib/format';
import { SEARCH_PARAM } from '@/lib/routes';
import { screens } from '@/lib/theme';
import { useMediaQuery } from '@/lib/browser/use-media-query';
import { RESULTS_PAGE_SIZE, shownCount, type SearchHit } from '@/lib/search';
import { pushFilterAddress, useFilterAddress } from '@/lib/browser/use-filter-address';

/** The result cards: their chunk (cards, images, prices) loads with the results, not with the page. */
type CourseGrid = typeof import('@/components/course/course-grid').CourseGrid;

type Results =
  | { query: string; status: 'loading' | 'error' }
  | {
      query: string;
      /** The query and filters these results are for. */
      key: string;
      status: 'ready';
      search: FilteredSearch;
      hits: SearchHit[];
      Grid: CourseGrid;
      /** The instructors the query names, shown above the courses (their courses are among them). */
      instructors: ReactNode;
      /** Pages of results loaded (a result without card fields is loaded but not shown). */
      pages: number;
      more: 'idle' | 'loading' | 'error';
    };

/**
 * The body of /search: reads `?q=` and the filters (lib/filters.ts), searches with Pagefind and
 * lists the matching courses, 24 at a time, with the filter panel beside them (on phones behind
 * a 'Filters' button). Each page of results loads only its own fragments.
 */
export function SearchResults({ browse }: { browse: ReactNode }) {
  const query = (useSearchParams().get(SEARCH_PARAM) ?? '').trim();
  const address = useFilterAddress();
  const filtersUi = useListingFilters();
  const ui = filtersUi === 'failed' ? null : filtersUi;
  const [results, setResults] = useState<Results>({ query: '', status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [dialogOpen, setDialogOpen] = useState(false);
  const dialogId = useId();
  const key = `${query}${filterSearch(address)}`;
  // The sidebar's panel exists only where the sidebar shows: a phone renders the panel in its dialog, when opened.
  const wide = useMediaQuery(`(min-width: ${screens.lg})`);

  useEffect(() => {
    if (query === '') return;
    let stale = false;
    // The instructors with the courses, so that their line never pushes the results down once shown.
    Promise.all([
      searchFiltered(query, address).then(async (search) => ({
        search,
        hits: await search.outcome.load(0, RESULTS_PAGE_SIZE),
      })),
      // Their own chunks, loaded with the results: the page's start-up scripts hold neither.
      import('@/components/course/course-grid').then((module) => module.CourseGrid),
      import('./instructor-matches').then(({ matchesFor }) => matchesFor(query)),
    ]).then(
      ([{ search, hits }, Grid, instructors]) => {
        // A transition: a page of result cards renders in slices that yield to taps.
        if (!stale)
          startTransition(() =>
            setResults({ query, key, status: 'ready', search, hits, Grid, instructors, pages: 1, more: 'idle' }),
          );
      },
      () => {
        if (!stale) setResults({ query, status: 'error' });
      },
    );
    return () => {
      stale = true;
    };
  }, [query, address, key, attempt]);

  if (query === '') return <SearchIntro browse={browse} />;

  // A change of filters keeps the last results up (and the focus in the panel) until the next arrive.
  if (results.query !== query) return <SearchPending browse={browse} />;

  if (results.status === 'error') {
    return (
      <>
        <SearchHeading>Search results</SearchHeading>
        <p className="mt-2 text-ink-muted">The search could not be loaded. Check your connection and try again.</p>
        <Button variant="secondary" className="mt-4 mb-8" onClick={() => setAttempt((count) => count + 1)}>
          Try again
        </Button>
        {browse}
      </>
    );
  }

  if (results.status !== 'ready') return <SearchPending browse={browse} />;
  const { search, hits, Grid, instructors, pages, more } = results;
  const { outcome } = search;
  const loaded = shownCount(outcome.total, pages);
  // Until the results of a new choice arrive, the panel shows the choice already.
  const filters = results.key === key ? search.filters : address.filters;
  const filtering = activeCount(search.filters) > 0;
  if (outcome.total === 0 && !filtering) {
    return (
      <>
        <SearchHeading>No courses match &quot;{query}&quot;</SearchHeading>
        <p className="mt-2 mb-6 text-ink-muted">Check the spelling or try fewer words. Or browse a category:</p>
        {instructors}
        {browse}
      </>
    );
  }

  function changeFilters(filters: FilterState) {
    pushFilterAddress({ filters, page: 1 });
  }

  function panel(heading: boolean) {
    return (
      ui && (
        <ui.FilterPanel
          heading={heading}
          outcome={search}
          filters={filters}
          onChange={changeFilters}
          onRetry={() => setAttempt((count) => count + 1)}
        />
      )
    );
  }

  function showMore() {
    if (results.status !== 'ready') return;
    const current = results;
    setResults({ ...current, more: 'loading' });
    const start = shownCount(current.search.outcome.total, current.pages);
    const end = shownCount(current.search.outcome.total, current.pages + 1);
    current.search.outcome.load(start, end).then(
      (next) =>
        startTransition(() =>
          setResults({ ...current, hits: [...current.hits, ...next], pages: current.pages + 1, more: 'idle' }),
        ),
      () => setResults({ ...current, more: 'error' }),
    );
  }

  return (
    <>
      <SearchHeading>
        {formatCount(outcome.total)} {outcome.total === 1 ? 'result' : 'results'} for &quot;{query}&quot;
      </SearchHeading>
      <p className="mt-2 mb-8 text-ink-muted">Courses named for your search come first.</p>
      {instructors}
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <div className="hidden lg:block">{wide && panel(true)}</div>
        <div>
          {ui && (
            <FiltersButton
              className="mb-6"
              dialogId={dialogId}
              open={dialogOpen}
              active={activeCount(filters)}
              ready
              onOpen={() => setDialogOpen(true)}
            />
          )}
          <Grid courses={hits} headingLevel={2} emptyMessage="No courses match these filters." besideFilters />
          {outcome.total > 0 && (
            <div className="mt-8 flex flex-col items-center gap-3">
              <p role="status" className="text-sm text-ink-muted">
                Showing {formatCount(hits.length)} of {formatCount(outcome.total)} courses
                {more === 'error' ? '. More results could not be loaded; try again.' : ''}
              </p>
              {loaded < outcome.total && (
                <Button variant="secondary" disabled={more === 'loading'} onClick={showMore}>
                  Show more results
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
      {ui && (
        <ui.FilterDialog id={dialogId} open={dialogOpen} onClose={() => setDialogOpen(false)} total={outcome.total}>
          {dialogOpen && panel(false)}
        </ui.FilterDialog>
      )}
    </>
  );
}

/** /search/ without a query: what to type, or a category to browse. */
function SearchIntro({ browse }: { browse: ReactNode }) {
  return (
    <>
      <SearchHeading>Search courses</SearchHeading>
      <p className="mt-2 mb-6 text-ink-muted">
        Type a topic, course name or creator in the search field, or browse a category:
      </p>
      {browse}
    </>
  );
}

/**
 * What shows until the query and the results are known: in the static HTML and while loading.
 * Without JavaScript it says so and offers the categories instead. In the static HTML it also
 * holds the intro, which the page's inline script (lib/browser/search-intro.ts) shows instead when
 * the address has no query, so that the first paint is already what hydration renders.
 */
export function SearchPending({ browse, intro }: { browse: ReactNode; intro?: boolean }) {
  return (
    <>
      <div className={cn(intro && 'group-data-[search=intro]/search:hidden')}>
        <SearchHeading>Search results</SearchHeading>
        <p role="status" className="mt-2 text-ink-muted noscript:hidden">
          Searching the courses…
        </p>
        {/* Not <noscript>: a media query also covers browsers that parse it as text with scripts blocked. */}
        <div className="hidden noscript:block">
          <p className="mt-2 mb-6 text-ink-muted">Search needs JavaScript. Browse a category instead:</p>
          {browse}
        </div>
      </div>
      {intro && (
        <div className="hidden group-data-[search=intro]/search:block">
          <SearchIntro browse={browse} />
        </div>
      )}
    </>
  );
}

function SearchHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-extrabold break-words sm:text-3xl">{children}</h1>;
}
