import { summarizeCurriculum } from './curriculum';
import { toMinorUnits } from './format';
import { COURSE_LEVELS } from './levels';
import type { Course } from './types';

/*
 * Listing filters, the pure part: the groups and their choices, the bands a course falls in
 * (written into the search index by components/course/course-detail.tsx), the filter state to
 * and from the address, and the arithmetic of the counts each choice shows. Querying Pagefind
 * lives in lib/browser/filter-runtime.ts, the panel in components/course/listing-filters.tsx, the
 * choices as the panel labels them in lib/filter-options.ts.
 */

/** One choice of a group: its value in the address and in the index, and its label. */
export type FilterOption = { value: string; label: string };

/** A band of a number, from `min` (inclusive) up to `max` (exclusive; none for the top band). */
export type Band = { value: string; min: number; max?: number };

/** A band with the label the panel shows. */
export type LabelledBand = Band & FilterOption;

/** The Rating choices: each leaves the courses rated at or above its `min`. */
export const RATING_BANDS: readonly LabelledBand[] = [
  { value: '4.5', label: '4.5 & up', min: 4.5 },
  { value: '4.0', label: '4.0 & up', min: 4 },
  { value: '3.5', label: '3.5 & up', min: 3.5 },
];

/**
 * The Price bands' edges, in whole amounts of the shop's currency (SHOP_CURRENCY): under 10, 10 to
 * 15, 15 to 20, 20 and up. This is the one place a shop changes them, in round amounts of what it
 * sells in (a shop in yen might say 1000, 1500, 2000): the index and the panel both read the bands
 * made from it (rebuild after a change). The edges are also what the address says (`?price=10-15`).
 */
const PRICE_BAND_EDGES: readonly number[] = [10, 15, 20];

/**
 * Bands of the discounted price in minor units. Unlabelled: their labels are written in the shop's
 * money (lib/filter-options.ts), which a page loads only with the panel, while the address's
 * filters are read at start.
 */
function priceBands(edges: readonly number[]): Band[] {
  const minor = edges.map((edge) => toMinorUnits(edge));
  return [
    { value: `0-${edges[0]}`, min: 0, max: minor[0] },
    ...edges
      .slice(1)
      .map((edge, index) => ({ value: `${edges[index]}-${edge}`, min: minor[index]!, max: minor[index + 1] })),
    { value: `${edges.at(-1)}-up`, min: minor.at(-1)! },
  ];
}

/** The Price bands, on the discounted price in minor units (PRICE_BAND_EDGES). */
export const PRICE_BANDS: readonly Band[] = /* @__PURE__ */ priceBands(PRICE_BAND_EDGES);

/** The Length bands, on a course's total lecture minutes (lib/curriculum.ts). */
export const LENGTH_BANDS: readonly LabelledBand[] = [
  { value: '0-1', label: 'Under 1 hour', min: 0, max: 60 },
  { value: '1-3', label: '1–3 hours', min: 60, max: 180 },
  { value: '3-6', label: '3–6 hours', min: 180, max: 360 },
  { value: '6-17', label: '6–17 hours', min: 360, max: 1020 },
  { value: '17-up', label: '17+ hours', min: 1020 },
];

/** The groups, in the panel's order; `key` is both the address parameter and the Pagefind filter. */
export const FILTER_GROUPS = [
  { key: 'rating', legend: 'Rating', multiple: false },
  { key: 'lang', legend: 'Language', multiple: true },
  { key: 'price', legend: 'Price', multiple: true },
  { key: 'level', legend: 'Level', multiple: true },
  { key: 'length', legend: 'Length', multiple: true },
] as const;

export type FilterKey = (typeof FILTER_GROUPS)[number]['key'];

/** The chosen values of every group; a group with no choice is an empty list. */
export type FilterState = Record<FilterKey, string[]>;

/** The choices in the address: the filters and the page of their matches. */
export type FilterAddress = { filters: FilterState; page: number };

/** The address parameter of the page of filtered matches. */
export const FILTER_PAGE_PARAM = 'page';

export const FILTER_KEYS: readonly FilterKey[] = FILTER_GROUPS.map((group) => group.key);

/** No filter chosen: the whole listing. */
export function emptyFilters(): FilterState {
  return { rating: [], lang: [], price: [], level: [], length: [] };
}

/** The band `value` falls in, or undefined below the first. */
export function bandOf(bands: readonly Band[], value: number): Band | undefined {
  return bands.find((band) => value >= band.min && (band.max === undefined || value < band.max));
}

/** The Rating values a course is indexed under: every choice it meets ('4.5', '4.0', '3.5' for 4.7). */
export function ratingValues(ratingStar: number): string[] {
  return RATING_BANDS.filter((band) => ratingStar >= band.min).map((band) => band.value);
}

/**
 * The filter values a course's page is indexed under, per group: every Rating choice it meets,
 * its languages, its price band, and its level and length band where the catalogue gives them.
 */
export function courseFilterValues(
  course: Pick<Course, 'rating_star' | 'lang' | 'discounted_price' | 'level' | 'content'>,
): Record<FilterKey, string[]> {
  const minutes = summarizeCurriculum(course.content)?.minutes;
  const price = bandOf(PRICE_BANDS, toMinorUnits(course.discounted_price));
  const length = minutes === undefined ? undefined : bandOf(LENGTH_BANDS, minutes);
  return {
    rating: ratingValues(course.rating_star),
    lang: [...new Set(typeof course.lang === 'string' ? [course.lang] : course.lang)],
    price: price ? [price.value] : [],
    level: course.level ? [course.level] : [],
    length: length ? [length.value] : [],
  };
}

/** The values of the choices known before the index is read, in the panel's order; languages come from the index itself. */
export const FIXED_VALUES: Partial<Record<FilterKey, readonly string[]>> = {
  rating: RATING_BANDS.map((band) => band.value),
  price: PRICE_BANDS.map((band) => band.value),
  level: COURSE_LEVELS,
  length: LENGTH_BANDS.map((band) => band.value),
};

/** Whether any filter is chosen. */
export function hasFilters(filters: FilterState): boolean {
  return FILTER_KEYS.some((key) => filters[key].length > 0);
}

/** How many choices are made, as the phone's 'Filters' button shows. */
export function activeCount(filters: FilterState): number {
  return FILTER_KEYS.reduce((sum, key) => sum + filters[key].length, 0);
}

const PAGE_PATTERN = /^[1-9]\d{0,8}$/;

/**
 * The filters and page of an address's query (`?rating=4.5&lang=Spanish&page=2`). A link with
 * any unknown or malformed filter value (a rating of '9', two ratings, a bad page) gives the
 * unfiltered listing: no filters, page 1. Languages are checked against the index later
 * (`knownLanguages`), since only the index knows them. Other parameters are left alone.
 */
export function parseFilterAddress(search: string): FilterAddress {
  const params = new URLSearchParams(search);
  const none: FilterAddress = { filters: emptyFilters(), page: 1 };
  const filters = emptyFilters();
  for (const key of FILTER_KEYS) {
    const values = params.getAll(key);
    if (new Set(values).size !== values.length) return none;
    if (!FILTER_GROUPS.find((group) => group.key === key)?.multiple && values.length > 1) return none;
    const fixed = FIXED_VALUES[key];
    const valid = fixed
      ? values.every((value) => fixed.includes(value))
      : values.every((value) => value.trim() !== '' && value.length <= 100);
    if (!valid) return none;
    filters[key] = fixed ? fixed.filter((value) => values.includes(value)) : values;
  }
  const pages = params.getAll(FILTER_PAGE_PARAM);
  if (pages.length > 1 || (pages.length === 1 && !PAGE_PATTERN.test(pages[0]!))) return none;
  if (!hasFilters(filters)) return none;
  return { filters, page: pages.length === 1 ? Number(pages[0]) : 1 };
}

/**
 * The query of an address with these filters (`?rating=4.5&lang=Spanish`), '' without any:
 * one spelling per state (groups and fixed choices in the panel's order, languages by name).
 */
export function filterSearch({ filters, page }: FilterAddress): string {
  if (!hasFilters(filters)) return '';
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const fixed = FIXED_VALUES[key];
    const values = fixed
      ? fixed.filter((value) => filters[key].includes(value))
      : [...filters[key]].sort((a, b) => a.localeCompare(b, 'en'));
    for (const value of values) params.append(key, value);
  }
  if (page > 1) params.set(FILTER_PAGE_PARAM, String(page));
  return `?${params}`;
}

/**
 * An address's query with its filters replaced by these: other parameters (the search's `q`)
 * stay where they are, the filters follow them. '' when nothing is left.
 */
export function withFilters(search: string, address: FilterAddress): string {
  const params = new URLSearchParams(search);
  for (const key of [...FILTER_KEYS, FILTER_PAGE_PARAM]) params.delete(key);
  const rest = params.toString();
  const filters = filterSearch(address).slice(1);
  const query = [rest, filters].filter(Boolean).join('&');
  return query ? `?${query}` : '';
}

/** The state with one choice made or unmade; a Rating choice replaces the one before. */
export function toggleFilter(filters: FilterState, key: FilterKey, value: string): FilterState {
  const chosen = filters[key];
  const multiple = FILTER_GROUPS.find((group) => group.key === key)?.multiple;
  const order = FIXED_VALUES[key];
  let next: string[];
  if (chosen.includes(value)) next = chosen.filter((item) => item !== value);
  else if (!multiple) next = [value];
  else next = order ? order.filter((item) => item === value || chosen.includes(item)) : [...chosen, value];
  return { ...filters, [key]: next };
}

/** Whether every chosen language is one the index has (a shared link may name any). */
export function knownLanguages(filters: FilterState, languages: readonly string[]): boolean {
  return filters.lang.every((language) => languages.includes(language));
}

/** A Pagefind filter object: a value, all of several, or any of several. */
export type PagefindFilters = Record<string, string | { any: string[] }>;

/**
 * The filters as Pagefind takes them: groups combine with AND, choices within a group with OR.
 * `without` leaves one group out (for that group's own counts).
 */
export function toPagefindFilters(filters: FilterState, without?: FilterKey): PagefindFilters {
  const result: PagefindFilters = {};
  for (const key of FILTER_KEYS) {
    const values = filters[key];
    if (key !== without && values.length > 0) result[key] = { any: values };
  }
  return result;
}

/** Pagefind's counts: per filter, per value, how many results adding it would leave. */
export type FilterCounts = Record<string, Record<string, number> | undefined>;

/**
 * How many courses each choice would leave, given the other groups' choices. For a group with
 * no choice, the main search's counts say it (each value added to the current filters). For a
 * group with a choice, its values replace or join that choice, so its counts come from a search
 * without it (`withoutOwn[key]`): what each value leaves with the other groups' choices alone.
 */
export function optionCounts(
  filters: FilterState,
  main: FilterCounts,
  withoutOwn: Partial<Record<FilterKey, FilterCounts>>,
): Record<FilterKey, Record<string, number>> {
  const counts = {} as Record<FilterKey, Record<string, number>>;
  for (const key of FILTER_KEYS) {
    const source = filters[key].length > 0 ? withoutOwn[key] : main;
    counts[key] = { ...(source?.[key] ?? {}) };
  }
  return counts;
}

/** The groups that need a search of their own for their counts: those with a choice. */
export function groupsWithChoices(filters: FilterState): FilterKey[] {
  return FILTER_KEYS.filter((key) => filters[key].length > 0);
}
