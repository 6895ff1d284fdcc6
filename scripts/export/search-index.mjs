// @ts-check
/**
 * Search index: Pagefind over the catalogue's courses, written to <out>/pagefind/.
 *
 * The export's plan (plan.mjs, lib/build/export-plan.ts) gives each course as a small HTML page of
 * what it is found by, with Pagefind's weights: name 10, creator 5, the category's label, the
 * description and the learn list 1. The card fields ride along as metadata, the filter values as
 * filters. Pagefind splits the index into chunks and one fragment per course, so a query fetches
 * a few KB whatever the catalogue size; the runtime (pagefind.js + its WebAssembly) is loaded by
 * lib/browser/search-runtime.ts on demand, never at page start.
 *
 * Beside it, one small index per category for the listing filters (lib/browser/filter-runtime.ts), at
 * config/filter-bundle.mjs's path: no words, only each course's card and filter values, in catalogue
 * order, from the plan's filter records, and beside it the unfiltered counts and one file of ranks
 * per other sort order. Pagefind loads every word chunk of an index to filter without a search
 * term, and its metadata holds every page's sort values: in one index of 10,000 courses that is
 * over 700 KB before the first filter; a category's own word-free index is a fraction of it.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import {
  FILTER_OVERVIEW_FILE,
  INSERTION_ORDER_SORT,
  filterBundlePath,
  overviewOf,
  sortRanksFile,
} from '../../config/filter-bundle.mjs';
import { incompleteGzipFiles } from './files.mjs';
import { readPlan } from './plan.mjs';

/** @typedef {import('./plan.mjs').ExportPlan} ExportPlan */
/** @typedef {import('../../lib/build/export-plan').FilterIndex} FilterIndex */

/**
 * The hash of what the index is built from, kept beside it: Pagefind's output differs from run to
 * run (the order of its filter maps), so an index of the same courses is kept as it is, and a
 * second run of the adapter changes nothing.
 */
const SOURCES_FILE = '.sources-sha256';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The last index written, kept by the same hash (and the code and Pagefind version that wrote it),
 * so that a build of unchanged courses copies it instead of indexing them again: 8 s at 2,000
 * courses. The latest few are kept: one per export a project builds (the site, and in CI the
 * sub-path, synthetic and hostile builds).
 */
export const SEARCH_CACHE_DIR = path.join(root, '.cache/search-index');
const CACHE_ENTRIES = 4;

/** The code that makes the index: this module, the filter indexes' layout, and Pagefind's version. */
function codeHash() {
  const hash = createHash('sha256');
  const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/pagefind/package.json'), 'utf8'));
  hash.update(`pagefind@${version}\n`);
  for (const file of [fileURLToPath(import.meta.url), path.join(root, 'config/filter-bundle.mjs')])
    hash.update(readFileSync(file));
  return hash.digest('hex');
}

/** What the index is made from: the code, and the plan's search pages and filter records. @param {string} code @param {ExportPlan} plan */
function sourcesHash(code, { searchPages, filterIndexes }) {
  return createHash('sha256').update(code).update(JSON.stringify({ searchPages, filterIndexes })).digest('hex');
}

/** @param {{ outDir: string, basePath: string, cacheDir?: string }} options */
export async function run({ outDir, cacheDir = SEARCH_CACHE_DIR }) {
  const plan = readPlan(outDir);
  const outputPath = path.join(outDir, 'pagefind');
  const code = codeHash();
  const sources = sourcesHash(code, plan);
  const stamp = path.join(outputPath, SOURCES_FILE);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sources) return 'the index of these courses is up to date';
  const cached = path.join(cacheDir, sources);
  if (existsSync(path.join(cached, SOURCES_FILE))) {
    rmSync(outputPath, { recursive: true, force: true });
    try {
      cpSync(cached, outputPath, { recursive: true });
      const now = new Date();
      utimesSync(cached, now, now); // the most recently used entry is the last to go
      return `the index of these courses, from ${path.relative(root, cacheDir)}/`;
    } catch {
      // Removed while being copied (another build replaced it): index the courses instead.
      rmSync(outputPath, { recursive: true, force: true });
    }
  }

  let summary = await writeIndex(outDir, outputPath, plan, { code, cacheDir });
  let broken = incompleteGzipFiles(outputPath);
  // Seen once, with two builds running at once: a file cut short at 64 KiB. Written again, it is whole.
  if (broken.length) summary = await writeIndex(outDir, outputPath, plan, { code, cacheDir });
  broken = incompleteGzipFiles(outputPath);
  if (broken.length) throw new Error(`Pagefind wrote incomplete files (their gzip ends early): ${broken.join(', ')}`);
  writeFileSync(stamp, sources);
  keep(outputPath, cacheDir, sources, CACHE_ENTRIES);
  return summary;
}

/**
 * A copy of the folder `from` at `to` made of hard links: the cache keeps an index's files without
 * writing them again. Safe because nothing writes into an export's index after this step; the
 * export's files are replaced, never changed, and a copy back from the cache is a real copy.
 * @param {string} from @param {string} to
 */
function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target); // another file system: copied
      }
    }
  }
}

/**
 * Keeps the folder `from` in a cache folder as `entry` (a name in `dir`): linked beside the entries
 * under a temporary name, which no entry has, and renamed, so that a build stopped halfway leaves
 * no partial entry; then all but the `count` most recently used entries go.
 * @param {string} from @param {string} dir @param {string} entry @param {number} count
 */
function keep(from, dir, entry, count) {
  const partial = path.join(dir, `.partial-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  linkTree(from, partial);
  rmSync(path.join(dir, entry), { recursive: true, force: true });
  renameSync(partial, path.join(dir, entry));
  const entries = readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .map((name) => ({ name, time: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { name } of entries.slice(count)) rmSync(path.join(dir, name), { recursive: true, force: true });
}

/**
 * What the caches of an index's parts are keyed by: the code's hash, and the cache folder.
 * @typedef {{ code: string, cacheDir: string }} Sources
 */

/**
 * Pagefind's index of the plan's courses, written to `outputPath`, and the category filter indexes.
 * @param {string} outDir @param {string} outputPath @param {ExportPlan} plan @param {Sources} sources
 */
async function writeIndex(outDir, outputPath, plan, sources) {
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
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    removePrebuiltUi(outputPath);
    const bundles = await writeFilterBundles(outDir, plan.filterIndexes, sources);
    return `${plan.searchPages.length} courses indexed into ${path.relative(process.cwd(), outputPath)}/, with ${plan.filterIndexes.length} category filter indexes (${bundles} written, the rest from the cache)`;
  } finally {
    await pagefind.close();
  }
}

/** The site draws its own UI: Pagefind's prebuilt UIs go. @param {string} outputPath */
function removePrebuiltUi(outputPath) {
  for (const file of readdirSync(outputPath)) {
    if (/^pagefind-(component-|modular-)?ui\.|^pagefind-highlight\.js$/.test(file)) {
      rmSync(path.join(outputPath, file));
    }
  }
}

/** Each category's filter index, by a hash of its records, in the cache folder; the latest few are kept. */
const FILTER_INDEXES_DIR = '.filter-indexes';
const FILTER_INDEX_ENTRIES = 64;

/**
 * One word-free Pagefind index per category, from its courses' filter records (in the order the
 * plan gives them, the index's); a category whose records are those of an index in the cache gets
 * a copy of it. Returns how many were written.
 * @param {string} outDir
 * @param {FilterIndex[]} filterIndexes
 * @param {Sources} sources
 */
async function writeFilterBundles(outDir, filterIndexes, { code, cacheDir }) {
  const kept = path.join(cacheDir, FILTER_INDEXES_DIR);
  mkdirSync(kept, { recursive: true });
  let written = 0;
  for (const { category, records } of filterIndexes) {
    const outputPath = path.join(outDir, filterBundlePath(category));
    const key = createHash('sha256').update(code).update(category).update(JSON.stringify(records)).digest('hex');
    const entry = path.join(kept, key);
    if (existsSync(entry)) {
      cpSync(entry, outputPath, { recursive: true });
      const now = new Date();
      utimesSync(entry, now, now);
      continue;
    }
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
    const files = await index.writeFiles({ outputPath });
    if (files.errors.length) throw new Error(`Pagefind: ${files.errors.join('; ')}`);
    removePrebuiltUi(outputPath);
    writeFileSync(path.join(outputPath, FILTER_OVERVIEW_FILE), JSON.stringify(overviewOf(records)));
    for (const sort of Object.keys(records[0]?.sort ?? {})) {
      if (sort === INSERTION_ORDER_SORT) continue;
      const ranks = records.map((record) => record.sort[/** @type {keyof typeof record.sort} */ (sort)]);
      writeFileSync(path.join(outputPath, sortRanksFile(sort)), JSON.stringify(ranks));
    }
    keep(outputPath, kept, key, FILTER_INDEX_ENTRIES);
  }
  return written;
}
