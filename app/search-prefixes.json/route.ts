import { getCategoryLabel, getCourses } from '@/lib/server/catalogue';
import { broadPrefixes } from '@/lib/search';

/*
 * /search-prefixes.json: the two- and three-letter prefixes that begin a word in so many courses
 * that searching for one is slow (lib/search.ts). The navbar waits for typing to pause before it
 * suggests courses for one of them. A small file even for a large shop, [] for a small one.
 */
export const dynamic = 'force-static';

export function GET() {
  const texts = getCourses().map((course) =>
    [
      course.course_name,
      course.creator,
      course.category,
      getCategoryLabel(course.category),
      course.description,
      ...course.what_you_will_learn,
    ].join(' '),
  );
  return Response.json(broadPrefixes(texts));
}
