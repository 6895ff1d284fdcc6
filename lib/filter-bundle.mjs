// @ts-check
/**
 * Where a category's filter index lives in the export: scripts/export/search-index.mjs writes it,
 * lib/filter-runtime.ts reads it. Category names are lower-case words joined by spaces or
 * hyphens, so a space becomes '_' (which no name has) and every folder name is URL-safe.
 * Pure: it runs anywhere.
 *
 * @param {string} category
 */
export function filterBundlePath(category) {
  return `pagefind/filters/${category.replace(/ /g, '_')}/`;
}

/** The file beside a category's filter index with its unfiltered counts (scripts/export/search-index.mjs). */
export const FILTER_OVERVIEW_FILE = 'overview.json';

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
