import { getCourses } from '@/lib/catalogue';
import { toSearchEntry } from '@/lib/search';

/**
 * The browser's search index, written to out/search-index.json at build time. It is the
 * only catalogue data that ships to the browser as a file of its own, and it is fetched
 * lazily: on /search, or when the navbar's search field first gets focus.
 */
export const dynamic = 'force-static';

export function GET() {
  return Response.json(getCourses().map(toSearchEntry));
}
