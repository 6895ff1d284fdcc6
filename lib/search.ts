import type { Course, CourseSummary } from './types';

/**
 * One course as the browser's search index holds it: what a course card shows plus the
 * text that search matches. The syllabus (`content`) and the rest stay out of it.
 */
export type SearchEntry = CourseSummary & Pick<Course, 'category' | 'description' | 'what_you_will_learn'>;

/** The shortest query the navbar suggests courses for; one letter matches almost everything. */
export const MIN_SUGGEST_LENGTH = 2;

export function toSearchEntry(course: Course): SearchEntry {
  return {
    id: course.id,
    course_name: course.course_name,
    creator: course.creator,
    category: course.category,
    description: course.description,
    what_you_will_learn: course.what_you_will_learn,
    image: course.image,
    rating_star: course.rating_star,
    rating_count: course.rating_count,
    actual_price: course.actual_price,
    discounted_price: course.discounted_price,
  };
}

/** Lower case without accents, so 'tomas' finds 'Tomás' and 'PYTHON' finds 'Python'. */
function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The distinct words of a query: runs of letters and digits ('Node.js' → 'node', 'js'). */
export function tokenize(query: string): string[] {
  return [...new Set(normalize(query).match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** Each searchable field as its words, name first. */
function searchableFields(entry: SearchEntry): string[][] {
  return [
    entry.course_name,
    entry.creator,
    entry.category,
    entry.description,
    entry.what_you_will_learn.join('\n'),
  ].map(tokenize);
}

function fieldHas(words: readonly string[], token: string): boolean {
  return words.some((word) => word.startsWith(token));
}

/**
 * The courses that match every word of the query, best first.
 *
 * A query word matches when a word of the name, creator, category, description or
 * what-you'll-learn list starts with it, ignoring case and accents ('py' finds 'Python'
 * but not 'Copywriting'). A course must match all words, so each added word narrows
 * the results. Ranking: the more query words the
 * course name holds, the higher; then the more (word, field) pairs match; ties keep
 * catalogue order. An empty query matches nothing.
 */
export function searchCourses<T extends SearchEntry>(index: readonly T[], query: string): T[] {
  const tokens = tokenize(query);
  if (tokens.length === 0) return [];

  const ranked: { entry: T; nameHits: number; fieldHits: number; position: number }[] = [];
  index.forEach((entry, position) => {
    const fields = searchableFields(entry);
    let nameHits = 0;
    let fieldHits = 0;
    for (const token of tokens) {
      const hits = fields.filter((words) => fieldHas(words, token)).length;
      if (hits === 0) return;
      fieldHits += hits;
      if (fields[0] && fieldHas(fields[0], token)) nameHits += 1;
    }
    ranked.push({ entry, nameHits, fieldHits, position });
  });

  return ranked
    .sort((a, b) => b.nameHits - a.nameHits || b.fieldHits - a.fieldHits || a.position - b.position)
    .map(({ entry }) => entry);
}

/** The best few matches for the navbar's suggestions; none for a query under two letters. */
export function suggest<T extends SearchEntry>(index: readonly T[], query: string, limit = 5): T[] {
  if (query.trim().length < MIN_SUGGEST_LENGTH) return [];
  return searchCourses(index, query).slice(0, limit);
}
