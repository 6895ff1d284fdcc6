/**
 * Search index: Pagefind over the catalogue's courses, in <out>/pagefind/. Each course is an HTML
 * record from the plan (build/export-plan.ts, searchPage), HTML because only HTML carries
 * Pagefind's weights (name 10, creator 5, the rest 1); its card rides as metadata. Beside it, one
 * word-free index per category for the listing filters (custom records, config/filter-bundle.mjs),
 * with its counts and a file of ranks per other order: filtering one whole-catalogue index without
 * a term loads every word chunk and sort value (docs/performance.md, 'Filters'). Each index is
 * written once, in one canonical form (pagefind-canonical.ts): Pagefind orders its filter maps
 * differently in every run, and a cold build must write the same bytes.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';
import {
  FILTER_OVERVIEW_FILE,
  INSERTION_ORDER_SORT,
  filterBundlePath,
  overviewOf,
  sortRanksFile,
} from '../config/filter-bundle.mjs';
import { CACHES, CACHE_ROOT, cacheKey, copyTreeEntry, openCache, writeTreeEntry } from './cache';
import { incompleteGzipFiles } from './files';
import { canonicalPagefind } from './pagefind-canonical';

import type { ExportPlan, FilterIndex } from './export-plan';
import type { Cache } from './cache';
import { root } from './root';
import type { PagefindIndex } from 'pagefind';

/**
 * What makes an index besides its courses: this module, the filter indexes' layout, the canonical
 * form, and Pagefind's and the CBOR codec's versions. The build's cache (cache.ts) keeps whole indexes (search-index/), so that
 * a build of unchanged courses copies one instead of indexing them again, and each category's filter index (search-filters/), so that a changed course indexes its own
 * category again and no other.
 */
const INDEX_SOURCES = {
  code: ['build/search-index.ts', 'build/pagefind-canonical.ts', 'config/filter-bundle.mjs'],
  packages: ['pagefind', 'cborg'],
};

/**
 * Fails, naming them, when Pagefind left files whose gzip ends early: such an index is neither
 * shipped nor kept.
 */
function checkWhole(dir: string) {
  const broken = incompleteGzipFiles(dir);
  if (broken.length) throw new Error(`Pagefind wrote incomplete files (their gzip ends early): ${broken.join(', ')}`);
}

/**
 * The build's step, over the plan's courses and filter records.
 */
export async function run({
  outDir,
  cacheRoot = CACHE_ROOT,
  plan,
}: {
  outDir: string;
  cacheRoot?: string;
  plan: Pick<ExportPlan, 'searchPages' | 'filterIndexes'>;
}) {
  const outputPath = path.join(outDir, 'pagefind');
  const indexes = openCache(CACHES.searchIndex, INDEX_SOURCES, cacheRoot);
  const filters = openCache(CACHES.searchFilters, INDEX_SOURCES, cacheRoot);
  const { searchPages, filterIndexes } = plan;
  const key = cacheKey(indexes, JSON.stringify({ searchPages, filterIndexes }));
  /*
   * No stamp in the export says which courses its index holds (a host would serve it): a second run
   * over the same export copies the index from the cache again, the same bytes.
   */
  if (copyTreeEntry(indexes, key, outputPath))
    return `the index of these courses, from ${path.relative(root, indexes.dir)}/`;
  const summary = await writeIndex(outDir, outputPath, plan, filters);
  checkWhole(outputPath);
  writeTreeEntry(indexes, key, outputPath);
  return summary;
}

/**
 * Pagefind's index of the plan's courses, written to `outputPath`, and the category filter indexes.
 */
async function writeIndex(
  outDir: string,
  outputPath: string,
  plan: Pick<ExportPlan, 'searchPages' | 'filterIndexes'>,
  filters: Cache,
) {
  rmSync(outputPath, { recursive: true, force: true });
  /*
   * One index for every page, under a language code Pagefind has no stemmer for: words are
   * indexed as written, so that a query word matches only words it starts ('aws' must not find
   * 'await' through the English stem 'aw'), as search did before Pagefind.
   */
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'zz' });
  try {
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    // One at a time, so that the index holds the courses in catalogue order, which breaks ties.
    for (const page of plan.searchPages) {
      const added = await index.addHTMLFile(page);
      if (added.errors.length) throw new Error(`Pagefind (${page.sourcePath}): ${added.errors.join('; ')}`);
    }
    if (plan.searchPages.length === 0) throw new Error('Pagefind: the plan has no course to index');
    await writeFiles(index, outputPath);
    const bundles = await writeFilterBundles(outDir, plan.filterIndexes, filters);
    return `${plan.searchPages.length} courses indexed into ${path.relative(process.cwd(), outputPath)}/, with ${plan.filterIndexes.length} category filter indexes (${bundles} written, the rest from the cache)`;
  } finally {
    await pagefind.close();
  }
}

/** Pagefind's prebuilt UIs, at the top of its output. */
const PREBUILT_UI = /^pagefind-(component-|modular-)?ui\.|^pagefind-highlight\.js$/;

/**
 * Writes the index's files into `outputPath` once, from Pagefind's answer in memory, in canonical
 * form (pagefind-canonical.ts) and without Pagefind's prebuilt UIs (the site draws its own). Not
 * its writeFiles: that answers before its writes have landed (a fresh clone's test read an empty
 * pagefind-entry.json right after it), and close() then kills the backend mid-write.
 */
async function writeFiles(index: PagefindIndex, outputPath: string) {
  const { files, errors } = await index.getFiles();
  if (errors.length) throw new Error(`Pagefind: ${errors.join('; ')}`);
  const shipped = new Map(
    files.filter((file) => !PREBUILT_UI.test(file.path)).map((file) => [file.path, file.content]),
  );
  for (const [file, bytes] of canonicalPagefind(shipped, outputPath).files) {
    const target = path.join(outputPath, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
}

/**
 * One word-free Pagefind index per category, from its courses' filter records (in the order the
 * plan gives them, the index's); a category whose records are those of an index in the cache gets
 * a copy of it. Returns how many were written.
 */
async function writeFilterBundles(outDir: string, filterIndexes: FilterIndex[], cache: Cache) {
  let written = 0;
  for (const { category, records } of filterIndexes) {
    const outputPath = path.join(outDir, filterBundlePath(category));
    const key = cacheKey(cache, category, JSON.stringify(records));
    if (copyTreeEntry(cache, key, outputPath)) continue;
    written++;
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'zz' });
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    for (const record of records) {
      // Every record of the index has its category, so that filter would only cost bytes.
      const filters = Object.fromEntries(Object.entries(record.filters).filter(([key]) => key !== 'category'));
      // The other orders' ranks go to files of their own (below), not into Pagefind's metadata.
      const added = await index.addCustomRecord({ ...record, filters, sort: {} });
      if (added.errors.length) throw new Error(`Pagefind (${record.url}): ${added.errors.join('; ')}`);
    }
    await writeFiles(index, outputPath);
    writeFileSync(path.join(outputPath, FILTER_OVERVIEW_FILE), JSON.stringify(overviewOf(records)));
    for (const sort of Object.keys(records[0]?.sort ?? {})) {
      if (sort === INSERTION_ORDER_SORT) continue;
      const ranks = records.map((record) => record.sort[sort as keyof typeof record.sort]);
      writeFileSync(path.join(outputPath, sortRanksFile(sort)), JSON.stringify(ranks));
    }
    checkWhole(outputPath);
    writeTreeEntry(cache, key, outputPath);
  }
  return written;
}
