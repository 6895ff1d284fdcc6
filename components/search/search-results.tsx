'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { CourseGrid } from '@/components/course/course-grid';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { searchCourses } from '@/lib/search';
import { loadSearchIndex, useSearchIndex } from '@/lib/search-index';

function ignoreFailure() {
  // The failure shows as the index's 'error' state, with a retry button.
}

/** The body of /search: reads `?q=`, loads the search index and lists the matching courses. */
export function SearchResults({ browse }: { browse: ReactNode }) {
  const query = (useSearchParams().get('q') ?? '').trim();
  const index = useSearchIndex();

  useEffect(() => {
    loadSearchIndex().catch(ignoreFailure);
  }, []);

  if (query === '') {
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

  if (index.status === 'error') {
    return (
      <>
        <SearchHeading>Search results</SearchHeading>
        <p className="mt-2 text-ink-muted">The course list could not be loaded. Check your connection and try again.</p>
        <Button variant="secondary" className="mt-4 mb-8" onClick={() => loadSearchIndex().catch(ignoreFailure)}>
          Try again
        </Button>
        {browse}
      </>
    );
  }

  if (index.status !== 'ready') return <SearchPending />;

  const results = searchCourses(index.entries, query);
  if (results.length === 0) {
    return (
      <>
        <SearchHeading>No courses match &quot;{query}&quot;</SearchHeading>
        <p className="mt-2 mb-6 text-ink-muted">Check the spelling or try fewer words. Or browse a category:</p>
        {browse}
      </>
    );
  }

  return (
    <>
      <SearchHeading>
        {formatCount(results.length)} {results.length === 1 ? 'result' : 'results'} for &quot;{query}&quot;
      </SearchHeading>
      <p className="mt-2 mb-8 text-ink-muted">Courses named for your search come first.</p>
      <CourseGrid courses={results} headingLevel={2} />
    </>
  );
}

/** What shows until the query and the index are known: in the static HTML and while loading. */
export function SearchPending() {
  return (
    <>
      <SearchHeading>Search results</SearchHeading>
      <p role="status" className="mt-2 text-ink-muted">
        Searching the courses…
      </p>
      <noscript>
        <p className="mt-2 text-ink-muted">Search needs JavaScript. The menu lists every category.</p>
      </noscript>
    </>
  );
}

function SearchHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-extrabold break-words sm:text-3xl">{children}</h1>;
}
