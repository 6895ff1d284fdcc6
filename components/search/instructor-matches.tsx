import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { findInstructors } from '@/lib/browser/instructor-search';
import { instructorHref } from '@/lib/routes';
import type { InstructorEntry } from '@/lib/search';

/*
 * The search page's line of instructors, in a chunk of its own that the results load with the
 * courses (components/search/search-results.tsx): the page's start-up scripts carry none of it.
 */

/** The line of instructors a query names, or null when it names none. */
export async function matchesFor(query: string): Promise<ReactNode> {
  const instructors = await findInstructors(query);
  return instructors.length === 0 ? null : <InstructorMatches instructors={instructors} />;
}

/** The instructors a query names, each a link to their page. Not a heading: the results' headings are the courses'. */
function InstructorMatches({ instructors }: { instructors: readonly InstructorEntry[] }) {
  return (
    <nav aria-labelledby="instructor-matches" className="mb-8 flex flex-wrap items-center gap-x-3 gap-y-2">
      <p id="instructor-matches" className="text-sm font-bold text-ink-muted">
        {instructors.length === 1 ? 'Instructor' : 'Instructors'}
      </p>
      <ul className="flex flex-wrap gap-2">
        {instructors.map((instructor) => (
          <li key={instructor.slug}>
            <Link
              href={instructorHref(instructor.slug)}
              className="inline-flex min-h-10 items-center rounded-full border border-ink px-4 text-sm font-bold wrap-anywhere hover:bg-canvas"
            >
              {instructor.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
