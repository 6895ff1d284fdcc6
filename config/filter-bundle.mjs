// @ts-check
/**
 * Where a category's filter index lives in the export: build/search-index.ts writes it,
 * lib/browser/filter-runtime.ts reads it. Category names are lower-case words joined by spaces or
 * hyphens, so a space becomes '_' (which no name has) and every folder name is URL-safe.
 * Pure: it runs anywhere.
 *
 * @param {string} category
 */
export function filterBundlePath(category) {
  return `pagefind/filters/${category.replace(/ /g, '_')}/`;
}

/** The file beside a category's filter index with its unfiltered counts (build/search-index.ts). */
export const FILTER_OVERVIEW_FILE = 'overview.json';

/**
 * The order a category's filter index holds its records in: the catalogue's. Pagefind returns
 * the results of a search without a term or a sort in the order the records went in, so this
 * order costs nothing (the filter e2e tests check it).
 */
export const INSERTION_ORDER_SORT = 'relevance';

/**
 * The file beside a category's filter index with every course's rank in one other sort order:
 * a JSON array, the n-th number the rank of the index's n-th record. Pagefind's own sort ranks
 * live in its metadata, which a visitor loads whole, every order at once, where a page needs only
 * its own order, and none for the catalogue's (docs/performance.md, 'Figures behind the code').
 * @param {string} sort
 */
export function sortRanksFile(sort) {
  return `sort-${sort}.json`;
}

/**
 * A category's unfiltered figures, as its filter panel first shows them: how many courses, and
 * per group how many carry each value (the values themselves being the choices). The panel opens
 * with these, and Pagefind loads only once a visitor filters.
 * @param {{ filters: Record<string, string[]> }[]} records
 */
export function overviewOf(records) {
  /** @type {Record<string, Record<string, number>>} */
  const counts = {};
  for (const record of records) {
    for (const [key, values] of Object.entries(record.filters)) {
      if (key === 'category') continue;
      const group = (counts[key] ??= {});
      for (const value of values) group[value] = (group[value] ?? 0) + 1;
    }
  }
  return { total: records.length, counts };
}
