import 'client-only';

import {
  emptyFilters,
  FILTER_KEYS,
  groupsWithChoices,
  hasFilters,
  knownLanguages,
  optionCounts,
  toPagefindFilters,
  type FilterAddress,
  type FilterCounts,
  type FilterKey,
  type FilterState,
} from '../filters';
import { pageCount, PAGE_SIZE } from '../pagination';
import { toSearchHit, type SearchHit, type SearchResultData } from '../search';
import {
  FILTER_OVERVIEW_FILE,
  INSERTION_ORDER_SORT,
  filterBundlePath,
  sortRanksFile,
} from '../../config/filter-bundle.mjs';
import { basePath } from '../routes';
import {
  importPagefind,
  loadSearchRuntime,
  searchCourses,
  type PagefindResult,
  type PagefindRuntime,
  type SearchOutcome,
} from './search-runtime';
import type { SortKey } from '../sort';

/*
 * Listing filters against the category's own Pagefind index (config/filter-bundle.mjs): a search
 * with no term, narrowed by the chosen filters, sorted by the course's rank in the
 * listing's order (written by components/course/course-detail.tsx). Only the shown page's
 * fragments are loaded, a few hundred bytes each.
 */

/** What a filtered listing shows: its matches' page, the total, and every choice's count. */
export type FilterOutcome = {
  /** The filters in force: the address's, or none when it named a language the index lacks. */
  filters: FilterState;
  total: number;
  page: number;
  pages: number;
  /** The page's courses; empty when no filter is chosen (the static listing shows). */
  hits: SearchHit[];
  counts: Record<FilterKey, Record<string, number>>;
  /** The values the index has per group: the choices a panel offers. */
  indexed: Record<FilterKey, string[]>;
};

/** An index and the filter values it has per group: the choices a panel offers. */
type FilterIndex = { pagefind: PagefindRuntime; indexed: Record<FilterKey, string[]> };

async function withIndexedValues(pagefind: PagefindRuntime): Promise<FilterIndex> {
  const all = await pagefind.filters();
  const indexed = Object.fromEntries(FILTER_KEYS.map((key) => [key, Object.keys(all[key] ?? {})]));
  return { pagefind, indexed: indexed as Record<FilterKey, string[]> };
}

/** Loads once per page, and again after a failure. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
}

/** A category's index, and where each of its records stands in it (by Pagefind's result id). */
type CategoryIndex = FilterIndex & { positions: Map<string, number> };

const categoryIndexes = new Map<string, () => Promise<CategoryIndex>>();

/**
 * A category's own filter index (build/search-index.ts): no words, so filtering with
 * no term loads only its metadata, its filters and the shown courses' fragments.
 */
function loadCategoryIndex(category: string): Promise<CategoryIndex> {
  let load = categoryIndexes.get(category);
  if (!load) {
    load = once(async () => {
      const pagefindModule = await importPagefind();
      const pagefind = pagefindModule.createInstance({ basePath: `${basePath}/${filterBundlePath(category)}` });
      await pagefind.options({ baseUrl: `${basePath}/`, excerptLength: 0 });
      await pagefind.init();
      const index = await withIndexedValues(pagefind);
      // Every course has one price band, so this lists them all, in the order they went in.
      const all = await pagefind.search(null, { filters: { price: { any: index.indexed.price } } });
      return { ...index, positions: new Map((all?.results ?? []).map((result, position) => [result.id, position])) };
    });
    categoryIndexes.set(category, load);
  }
  return load();
}

const besideIndexes = new Map<string, () => Promise<unknown>>();

/** A JSON file the build wrote beside a category's index, fetched once per page. */
function loadBesideIndex<T>(category: string, file: string): Promise<T> {
  const url = `${basePath}/${filterBundlePath(category)}${file}`;
  let load = besideIndexes.get(url);
  if (!load) {
    load = once(async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${file} of ${category}: HTTP ${response.status}`);
      return (await response.json()) as unknown;
    });
    besideIndexes.set(url, load);
  }
  return load() as Promise<T>;
}

/** Each record's rank in one sort order, by its position in the category's index (config/filter-bundle.mjs). */
function loadSortRanks(category: string, sort: SortKey): Promise<number[]> {
  return loadBesideIndex<number[]>(category, sortRanksFile(sort));
}

/** Results in a sort order: the index's own order is the catalogue's; another comes from its ranks. */
async function inOrder(
  results: PagefindResult[],
  category: string,
  sort: SortKey,
  positions: Map<string, number>,
): Promise<PagefindResult[]> {
  if (sort === INSERTION_ORDER_SORT) return results;
  const ranks = await loadSortRanks(category, sort);
  const rank = (result: PagefindResult) => ranks[positions.get(result.id) ?? -1] ?? Number.MAX_SAFE_INTEGER;
  return [...results].sort((a, b) => rank(a) - rank(b));
}

/** A category's unfiltered figures, as the build wrote them beside its index. */
type Overview = { total: number; counts: Partial<Record<FilterKey, Record<string, number>>> };

/**
 * A category's unfiltered counts (build/search-index.ts): a few hundred bytes, all the
 * panel needs until a visitor filters. Only then does Pagefind load.
 */
function loadOverview(category: string): Promise<Overview> {
  return loadBesideIndex<Overview>(category, FILTER_OVERVIEW_FILE);
}

/** The unfiltered listing as an outcome: the static listing shows, the panel counts from the build. */
function unfiltered({ total, counts }: Overview): FilterOutcome {
  const all = Object.fromEntries(FILTER_KEYS.map((key) => [key, { ...counts[key] }])) as FilterOutcome['counts'];
  const indexed = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, Object.keys(all[key])]),
  ) as FilterOutcome['indexed'];
  return { filters: emptyFilters(), total, page: 1, pages: pageCount(total), hits: [], counts: all, indexed };
}

/**
 * Starts loading a category's Pagefind index (and the page's sort ranks) ahead of a first choice
 * (a pointer or focus on the panel), so that the choice waits less. A failure here is the
 * choice's to report.
 */
export function prepareCategory(category: string, sort: SortKey): void {
  loadCategoryIndex(category).catch(() => {});
  if (sort !== INSERTION_ORDER_SORT) loadSortRanks(category, sort).catch(() => {});
}

/** The search index, with its filter values. */
const loadSearchIndex = once(async () => withIndexedValues(await loadSearchRuntime()));

async function countsOf(pagefind: PagefindRuntime, filters: FilterState, without: FilterKey) {
  const response = await pagefind.search(null, { filters: toPagefindFilters(filters, without) });
  return [without, response?.filters ?? {}] as const;
}

/**
 * A filter index result as search's result data: its card is JSON in the URL's fragment
 * (build/search-index.ts keeps it out of the words Pagefind loads), and its category
 * the index's own (which the index does not repeat per course). An unreadable one gives no
 * metadata, so toSearchHit skips it.
 */
function cardOf(
  { url, filters: indexed }: { url: string; filters: SearchResultData['filters'] },
  category: string,
): SearchResultData {
  const filters = { ...indexed, category: [category] };
  try {
    const card: unknown = JSON.parse(decodeURIComponent(url.slice(url.indexOf('#') + 1)));
    return {
      content: '',
      filters,
      meta: typeof card === 'object' && card !== null ? (card as SearchResultData['meta']) : {},
    };
  } catch {
    return { content: '', filters, meta: {} };
  }
}

/**
 * One category's listing under these filters, in this order: the page asked for (the last one
 * when it asks for more), the counts of every choice given the others, and the index's choices.
 * With no filter chosen (or a language the category lacks), the build's overview answers, and
 * Pagefind stays unloaded.
 */
export async function filterCategory(category: string, sort: SortKey, address: FilterAddress): Promise<FilterOutcome> {
  const overview = unfiltered(await loadOverview(category));
  if (!hasFilters(address.filters) || !knownLanguages(address.filters, overview.indexed.lang)) return overview;
  const { pagefind, indexed, positions } = await loadCategoryIndex(category);
  const filters = address.filters;
  const [main, ...own] = await Promise.all([
    pagefind.search(null, { filters: toPagefindFilters(filters) }),
    ...groupsWithChoices(filters).map((key) => countsOf(pagefind, filters, key)),
  ]);
  const results = await inOrder(main?.results ?? [], category, sort, positions);
  const pages = pageCount(results.length);
  const page = Math.min(address.page, pages);
  const slice = hasFilters(filters) ? results.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) : [];
  const data = await Promise.all(slice.map(async (result) => cardOf(await result.data(), category)));
  return {
    filters,
    total: results.length,
    page,
    pages,
    hits: data.map(toSearchHit).filter((hit): hit is SearchHit => hit !== null),
    counts: optionCounts(
      filters,
      main?.filters ?? {},
      Object.fromEntries(own) as Partial<Record<FilterKey, FilterCounts>>,
    ),
    indexed,
  };
}

/** A search under filters: its outcome (as /search/ lists it) and every choice's count. */
export type FilteredSearch = Pick<FilterOutcome, 'filters' | 'counts' | 'indexed'> & { outcome: SearchOutcome };

/**
 * /search/'s results for a query under the address's filters, with the counts of every choice
 * given the others. The counts are Pagefind's, over every page the words match.
 */
export async function searchFiltered(query: string, address: FilterAddress): Promise<FilteredSearch> {
  const { indexed } = await loadSearchIndex();
  const filters = knownLanguages(address.filters, indexed.lang) ? address.filters : emptyFilters();
  const [outcome, ...own] = await Promise.all([
    searchCourses(query, toPagefindFilters(filters)),
    ...groupsWithChoices(filters).map(
      async (key) => [key, (await searchCourses(query, toPagefindFilters(filters, key))).counts] as const,
    ),
  ]);
  const counts = optionCounts(filters, outcome.counts, Object.fromEntries(own));
  return { outcome, filters, counts, indexed };
}
