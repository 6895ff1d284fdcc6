import { getInstructors } from '@/lib/server/catalogue';
import type { InstructorEntry } from '@/lib/search';

/*
 * /search-instructors.json: every instructor's name and page, for the search page to name the
 * instructors a query finds above the courses it finds (components/search/search-results.tsx).
 * Fetched only once a query is searched; a few hundred bytes for the shipped catalogue, tens of
 * kilobytes for thousands of instructors. Courses are found by their creator as before: this only
 * adds the way to the instructor's own page.
 */
export const dynamic = 'force-static';

export function GET() {
  const entries: InstructorEntry[] = getInstructors().map(({ name, slug }) => ({ name, slug }));
  return Response.json(entries);
}
