import { toMinorUnits } from './format';
import type { Course } from './types';

/** The category page's sort orders, in the order the 'Sort by' select lists them. */
export const SORT_OPTIONS = [
  { value: 'relevance', label: 'Most relevant' },
  { value: 'popular', label: 'Most popular' },
  { value: 'rating', label: 'Highest rated' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
] as const;

export type SortKey = (typeof SORT_OPTIONS)[number]['value'];

/** Catalogue order: what the plain category URL shows and what a missing sort means. */
export const DEFAULT_SORT: SortKey = 'relevance';

/** The fields the orders compare; a course has them, and so does a card with its sort keys. */
export type SortableCourse = Pick<Course, 'students' | 'rating_star' | 'updated_date' | 'discounted_price'>;

/** Whether a URL segment or a legacy `?sort=` value names a sort order, exactly. */
export function isSortKey(value: string | null | undefined): value is SortKey {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/** A sort value as a sort key; anything unknown or missing is the default. */
export function parseSort(value: string | null | undefined): SortKey {
  return isSortKey(value) ? value : DEFAULT_SORT;
}

/** The option text of a sort order ('Price: low to high'). */
export function sortLabel(key: SortKey): string {
  return SORT_OPTIONS.find((option) => option.value === key)?.label ?? key;
}

/** 'MM/YYYY' as a number that grows with time (months since year 0); -Infinity when unreadable. */
export function parseMonthYear(text: string): number {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(text);
  if (!match) return Number.NEGATIVE_INFINITY;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return Number.NEGATIVE_INFINITY;
  return Number(match[2]) * 12 + month - 1;
}

function ascending(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

const compare: Record<Exclude<SortKey, 'relevance'>, (a: SortableCourse, b: SortableCourse) => number> = {
  popular: (a, b) => ascending(b.students, a.students),
  rating: (a, b) => ascending(b.rating_star, a.rating_star),
  newest: (a, b) => ascending(parseMonthYear(b.updated_date), parseMonthYear(a.updated_date)),
  'price-asc': (a, b) => ascending(toMinorUnits(a.discounted_price), toMinorUnits(b.discounted_price)),
  'price-desc': (a, b) => ascending(toMinorUnits(b.discounted_price), toMinorUnits(a.discounted_price)),
};

/**
 * A sorted copy; the input is left as it is. The sort is stable, so courses that tie keep
 * their catalogue order, and 'relevance' is catalogue order itself.
 */
export function sortCourses<T extends SortableCourse>(courses: readonly T[], key: SortKey): T[] {
  const copy = [...courses];
  return key === 'relevance' ? copy : copy.sort(compare[key]);
}
