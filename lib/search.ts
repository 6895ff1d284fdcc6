import type { CourseSummary } from './types';

/*
 * The pure part of search: the query as Pagefind gets it, a course card rebuilt from a result's
 * metadata, name-first ranking and paging. Loading Pagefind lives in lib/search-runtime.ts.
 */

/** The shortest query the navbar suggests courses for; one letter matches almost everything. */
export const MIN_SUGGEST_LENGTH = 2;

/** How many suggestions the navbar shows. */
export const SUGGESTION_LIMIT = 5;

/** How many results /search/ shows at first and adds with each 'Show more results'. */
export const RESULTS_PAGE_SIZE = 24;

/** A search result as a course card shows it, plus its category. */
export type SearchHit = CourseSummary & { category: string };

/** Lower case without accents, so 'tomas' finds 'Tomás' and 'PYTHON' finds 'Python'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The distinct words of a query: runs of letters and digits ('Node.js' → 'node', 'js'). */
export function tokenize(query: string): string[] {
  return [...new Set(fold(query).match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/**
 * The query as the index is searched with it: its words, folded, space-separated. Pagefind
 * requires every word and matches the last one as a prefix. '' when nothing searchable is left.
 */
export function normalizeQuery(query: string): string {
  return tokenize(query).join(' ');
}

/** What Pagefind hands back for one result once its fragment is loaded (the part we read). */
export type SearchResultData = {
  meta: Record<string, string | undefined>;
  filters: Record<string, string[] | undefined>;
};

function toNumber(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * A course card's fields from a result's metadata (written by components/course/course-detail.tsx).
 * Null when a field is missing or not a number, so that a stale or foreign page in the index
 * is skipped instead of showing a broken card.
 */
export function toSearchHit({ meta, filters }: SearchResultData): SearchHit | null {
  const rating_star = toNumber(meta.rating_star);
  const rating_count = toNumber(meta.rating_count);
  const actual_price = toNumber(meta.actual_price);
  const discounted_price = toNumber(meta.discounted_price);
  const category = filters.category?.[0];
  if (!meta.id || !meta.title || !meta.image || !meta.creator || !category) return null;
  if (rating_star === null || rating_count === null || actual_price === null || discounted_price === null) return null;
  return {
    id: meta.id,
    course_name: meta.title,
    creator: meta.creator,
    image: meta.image,
    category,
    rating_star,
    rating_count,
    actual_price,
    discounted_price,
  };
}

/** How many words of the query start a word of the course name. */
export function nameMatches(name: string, tokens: readonly string[]): number {
  const words = tokenize(name);
  return tokens.filter((token) => words.some((word) => word.startsWith(token))).length;
}

/**
 * Courses with more query words in their name first; otherwise the order given (Pagefind's
 * relevance) is kept. Pagefind's weights (name 10, creator 5, the rest 1) already rank name
 * matches high; this makes it a rule for every list that is shown.
 */
export function rankByName<T extends { course_name: string }>(hits: readonly T[], query: string): T[] {
  const tokens = tokenize(query);
  return hits
    .map((hit, position) => ({ hit, position, score: nameMatches(hit.course_name, tokens) }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .map(({ hit }) => hit);
}

/** What orderResults reads of a Pagefind result, before its fragment is loaded. */
export type RankedResult = { score: number; matchedMetaFields?: string[] };

/**
 * Pagefind's results as the site lists them, before any fragment is loaded: a result with
 * score 0 matched only card metadata (the 'svg' of an image path), none of the course's text,
 * and goes; courses whose name (Pagefind's `title`) the query matched come first, each group
 * in Pagefind's order.
 */
export function orderResults<T extends RankedResult>(results: readonly T[]): T[] {
  const matched = results.filter((result) => result.score > 0);
  const named = (result: T) => result.matchedMetaFields?.includes('title') ?? false;
  return [...matched.filter(named), ...matched.filter((result) => !named(result))];
}

/** How many results to show after `pages` pages, never more than there are. */
export function shownCount(total: number, pages: number, pageSize = RESULTS_PAGE_SIZE): number {
  return Math.max(0, Math.min(total, pages * pageSize));
}
