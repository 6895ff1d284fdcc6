import type { CourseSummary } from './types';

/*
 * The pure part of search: the query as Pagefind gets it, a course card rebuilt from a result's
 * metadata, name-first ranking and paging. Loading Pagefind lives in lib/browser/search-runtime.ts.
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
  /** The course's indexed text (build/export-plan.ts, searchPage). */
  content: string;
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
    ...(meta.facts ? { facts: meta.facts } : {}),
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

/**
 * Whether a result's indexed text holds every word of the query as the start of one of its
 * words. Pagefind, when no indexed word begins with a query word, searches for the longest
 * indexed word the query word begins with instead ('aaaa' and 'axyz' find every course with
 * the word 'a', 'pythonzz' finds 'python'); this site promises prefix matches only.
 *
 * Every result Pagefind gives holds a real match for each word, or none holds one, so one
 * result tells. Its words are compared with their punctuation removed ('scikit-learn' is
 * indexed as 'scikitlearn' too): a real match is never missed; a false one can slip through
 * only if the query word happens to span two words of the page.
 */
export function holdsEveryWord(content: string, query: string): boolean {
  const squashed = fold(content).replace(/[^\p{L}\p{N}]+/gu, '');
  return tokenize(query).every((token) => squashed.includes(token));
}

/** How many results to show after `pages` pages, never more than there are. */
export function shownCount(total: number, pages: number, pageSize = RESULTS_PAGE_SIZE): number {
  return Math.max(0, Math.min(total, pages * pageSize));
}

/**
 * Prefixes this short can begin a word of most courses ('re' → 'real', 'ready', 'React'…). A
 * Pagefind search costs about its number of results, so in a large catalogue such a prefix is
 * slow on a phone (docs/performance.md, 'Figures behind the code'), and a search cannot be stopped once started.
 */
export const SHORT_PREFIX = { min: MIN_SUGGEST_LENGTH, max: 3 };

/** A short prefix matching at least this many courses is broad: searching for it is slow (docs/performance.md, 'Figures behind the code'). */
export const BROAD_PREFIX_MATCHES = 2000;

/** How long typing must pause before a broad prefix is searched for suggestions. */
export const BROAD_PREFIX_PAUSE_MS = 300;

/**
 * The short prefixes (folded) that begin a word in at least `minMatches` of the given texts,
 * one text per course with everything its page gets indexed for. Sorted; empty for a catalogue
 * too small for any search to be slow.
 */
export function broadPrefixes(texts: Iterable<string>, minMatches = BROAD_PREFIX_MATCHES): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const prefixes = new Set<string>();
    for (const word of tokenize(text)) {
      for (let length = SHORT_PREFIX.min; length <= Math.min(SHORT_PREFIX.max, word.length); length++) {
        prefixes.add(word.slice(0, length));
      }
    }
    for (const prefix of prefixes) counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= minMatches)
    .map(([prefix]) => prefix)
    .sort();
}

/**
 * Whether suggestions for this query should wait for typing to pause: it is one word and a
 * broad prefix. Further words narrow a search enough for it to run at once.
 */
export function isBroadQuery(query: string, broad: ReadonlySet<string>): boolean {
  const words = tokenize(query);
  return words.length === 1 && broad.has(words[0]!);
}

/** An instructor as the search page can find them: their name and their page's slug. */
export type InstructorEntry = { name: string; slug: string };

/** How many instructors the search page names above the courses, at most. */
export const INSTRUCTOR_MATCH_LIMIT = 5;

/**
 * The instructors whose name holds every word of the query as the start of one of its words
 * ('maya', 'lindq maya', 'kovac' for 'Elena Kovač'), in the list's order, at most `limit`.
 * None for a query without a searchable word.
 */
export function matchInstructors(
  query: string,
  instructors: readonly InstructorEntry[],
  limit = INSTRUCTOR_MATCH_LIMIT,
): InstructorEntry[] {
  const tokens = tokenize(query);
  if (tokens.length === 0) return [];
  const matches: InstructorEntry[] = [];
  for (const instructor of instructors) {
    if (nameMatches(instructor.name, tokens) < tokens.length) continue;
    matches.push(instructor);
    if (matches.length === limit) break;
  }
  return matches;
}
