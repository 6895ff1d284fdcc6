import 'client-only';

import { basePath } from '../routes';
import type { FilterCounts, PagefindFilters } from '../filters';
import { newestOnly } from '../newest-only';
import {
  BROAD_PREFIX_PAUSE_MS,
  holdsEveryWord,
  isBroadQuery,
  normalizeQuery,
  orderResults,
  rankByName,
  toSearchHit,
  type SearchHit,
  type SearchResultData,
} from '../search';

/*
 * Pagefind's browser runtime, written by build/search-index.ts to <out>/pagefind/.
 * It is imported from its URL at run time, so the bundler leaves it out of every chunk: it costs
 * nothing until the search field gets focus or /search/ opens.
 */

export type PagefindResult = {
  id: string;
  score: number;
  /** The metadata fields the query matched: 'title' is the course name. */
  matchedMetaFields?: string[];
  data: () => Promise<SearchResultData & { url: string }>;
};

/** What a search answers: the results, and per filter value how many of them it would leave. */
export type PagefindResponse = { results: PagefindResult[]; filters: FilterCounts };

export type PagefindRuntime = {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  /** A null term lists every page the filters leave (lib/browser/filter-runtime.ts). */
  search: (term: string | null, options?: { filters?: PagefindFilters }) => Promise<PagefindResponse | null>;
  /** Every filter value in the index, with how many pages have it. */
  filters: () => Promise<FilterCounts>;
};

/** One query's outcome: the total and a way to load any slice of it as course cards. */
export type SearchOutcome = {
  query: string;
  total: number;
  /** Per filter value, how many of the results adding it would leave (lib/filters.ts). */
  counts: FilterCounts;
  /** Loads results [start, end) (their fragments, a few hundred bytes each), name matches first. */
  load: (start: number, end: number) => Promise<SearchHit[]>;
};

/** Metadata that only draws the card (see components/course/course-detail.tsx). */
const UNSEARCHED_META = ['id', 'image', 'rating_star', 'rating_count', 'actual_price', 'discounted_price'];

/** Pagefind's module: the search index's functions, and instances over other indexes. */
export type PagefindModule = PagefindRuntime & { createInstance: (options: { basePath: string }) => PagefindRuntime };

let pagefindModule: Promise<PagefindModule> | null = null;

/** Pagefind's script, once per page, with nothing started; after a failure the next call tries again. */
export function importPagefind(): Promise<PagefindModule> {
  pagefindModule ??= import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ `${basePath}/pagefind/pagefind.js`
  ).catch((error: unknown) => {
    pagefindModule = null;
    throw error;
  });
  return pagefindModule;
}

let runtime: Promise<PagefindRuntime> | null = null;

/** Loads and starts the search index once per page; after a failure the next call tries again. */
export function loadSearchRuntime(): Promise<PagefindRuntime> {
  runtime ??= importPagefind().then(
    async (pagefind) => {
      await pagefind.options({
        baseUrl: `${basePath}/`,
        // Only the metadata is shown: keep the excerpt Pagefind builds per result short.
        excerptLength: 0,
        ranking: {
          // A course's text length says nothing about its relevance.
          pageLength: 0,
          // A prefix ('pyth') counts as much as the whole word, as it did before Pagefind.
          termSimilarity: 0,
          // The card fields are metadata, which Pagefind also matches: they must not rank.
          metaWeights: Object.fromEntries(UNSEARCHED_META.map((field) => [field, 0])),
        },
      });
      await pagefind.init();
      return pagefind;
    },
    (error: unknown) => {
      runtime = null;
      throw error;
    },
  );
  return runtime;
}

/**
 * Searches the courses, narrowed by `filters` when given; an empty or unsearchable query finds
 * nothing without loading anything.
 */
export async function searchCourses(query: string, filters?: PagefindFilters): Promise<SearchOutcome> {
  const term = normalizeQuery(query);
  if (term === '') return { query, total: 0, counts: {}, load: async () => [] };
  const pagefind = await loadSearchRuntime();
  const response = await pagefind.search(term, filters && { filters });
  const results = orderResults(response?.results ?? []);
  // The first fragment is loaded for the first page of cards anyway.
  if (results.length > 0 && !holdsEveryWord((await results[0]!.data()).content, term)) {
    return { query, total: 0, counts: {}, load: async () => [] };
  }
  return {
    query,
    total: results.length,
    counts: response?.filters ?? {},
    load: async (start, end) => {
      const data = await Promise.all(results.slice(start, end).map((result) => result.data()));
      const hits = data.map(toSearchHit).filter((hit): hit is SearchHit => hit !== null);
      return rankByName(hits, term);
    },
  };
}

let broadPrefixes: Promise<ReadonlySet<string>> | null = null;

/** /search-prefixes.json, once per page; without it (offline, say) no query waits. */
function loadBroadPrefixes(): Promise<ReadonlySet<string>> {
  broadPrefixes ??= fetch(`${basePath}/search-prefixes.json`)
    .then((response) => (response.ok ? response.json() : []))
    .then((list: unknown) => new Set(Array.isArray(list) ? list.filter((item) => typeof item === 'string') : []))
    .catch(() => new Set<string>());
  return broadPrefixes;
}

/** What the navbar's suggestions need, loaded when its field gets focus. */
export async function prepareSuggestions(): Promise<void> {
  await Promise.all([loadSearchRuntime(), loadBroadPrefixes()]);
}

const searchNewest = newestOnly((query: string) => searchCourses(query));

/**
 * The navbar's search as the visitor types: one search at a time, only the newest query waiting,
 * and a one-word query that is a broad prefix ('re', 'de') only once typing pauses, so that a
 * slow search nobody will see never holds up the suggestions for the query typed after it.
 * Null for a query superseded before it ran.
 */
export function suggestCourses(query: string): Promise<SearchOutcome | null> {
  const pause = loadBroadPrefixes().then(
    (broad) => isBroadQuery(query, broad) && new Promise((resolve) => setTimeout(resolve, BROAD_PREFIX_PAUSE_MS)),
  );
  return searchNewest(query, pause);
}
