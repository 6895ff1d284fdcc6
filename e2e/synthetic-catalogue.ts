import { readFileSync } from 'node:fs';
import { courseFilterValues, type FilterKey } from '@/lib/filters';
import { tokenize } from '@/lib/search';
import type { Course } from '@/lib/types';

/*
 * The catalogue the synthetic build (`npm run build:synthetic` → out-synth/) was made from, and
 * the site's rules applied to it independently, so that specs compute what pages should show.
 */
export const SYNTHETIC_CATALOGUE = '.synthetic/courses-300.json';

export function syntheticCourses(): Course[] {
  return JSON.parse(readFileSync(SYNTHETIC_CATALOGUE, 'utf8')) as Course[];
}

/** Search's rule: every query word starts a word of the course's text. */
export function searchMatching(courses: readonly Course[], query: string): Course[] {
  const tokens = tokenize(query);
  return courses.filter((course) => {
    const words = tokenize(
      [course.course_name, course.creator, course.category, course.description, ...course.what_you_will_learn].join(
        ' ',
      ),
    );
    return tokens.every((token) => words.some((word) => word.startsWith(token)));
  });
}

/** Filter choices per group, as the address names them. */
export type Choice = Partial<Record<FilterKey, string[]>>;

/** The courses the choices leave: AND between groups, OR within one. */
export function filterMatching(courses: readonly Course[], choice: Choice): Course[] {
  return courses.filter((course) => {
    const values = courseFilterValues(course);
    return Object.entries(choice).every(([key, chosen]) =>
      chosen.some((value) => values[key as FilterKey].includes(value)),
    );
  });
}
