// @ts-check
/**
 * Search index: Pagefind over the exported course pages, written to <out>/pagefind/.
 *
 * Only pages with `data-pagefind-body` are indexed, and only the course detail carries it
 * (components/course/course-detail.tsx): name (weight 10), creator (5), category,
 * description and the learn list (1). The card fields ride along as metadata, the category
 * as a filter. Pagefind splits the index into chunks and one fragment per course, so a
 * query fetches a few KB whatever the catalogue size; the runtime (pagefind.js + its
 * WebAssembly) is loaded by lib/search-runtime.ts on demand, never at page start.
 *
 * Beside it, one small index per category for the listing filters (lib/filter-runtime.ts), at
 * lib/filter-bundle.mjs's path: no words, only each course's card and filter values, in catalogue
 * order, read from the same pages, and beside it the unfiltered counts and one file of ranks per
 * other sort order. Pagefind loads every word chunk of an index to filter without a search term,
 * and its metadata holds every page's sort values: in one index of 10,000 courses that is over
 * 700 KB before the first filter; a category's own word-free index is a fraction of it.
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
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import { DomUtils } from 'htmlparser2';
import {
  FILTER_OVERVIEW_FILE,
  INSERTION_ORDER_SORT,
  filterBundlePath,
  overviewOf,
  sortRanksFile,
} from '../../lib/filter-bundle.mjs';
import { filesNamed, incompleteGzipFiles } from './files.mjs';
import { elements, parsePage } from './html.mjs';
import { exportBuildId } from './loader.mjs';

/**
 * The hash of the pages the index is built from, kept beside it: Pagefind's output differs from
 * run to run (the order of its filter maps), so an index of unchanged pages is kept as it is, and
 * a second run of the adapter changes nothing.
 */
const SOURCES_FILE = '.sources-sha256';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The last index written, kept by the same hash (and the code and Pagefind version that wrote it),
 * so that a build of unchanged course pages copies it instead of indexing them again: 8 s at 2,000
 * courses. The latest few are kept: one per export a project builds (the site, and in CI the
 * sub-path, synthetic and hostile builds).
 */
export const SEARCH_CACHE_DIR = path.join(root, '.cache/search-index');
const CACHE_ENTRIES = 4;

/** The code that makes the index: this module, the parser it reads pages with, and Pagefind's version. */
function codeHash() {
  const hash = createHash('sha256');
  const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/pagefind/package.json'), 'utf8'));
  hash.update(`pagefind@${version}\n`);
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const file of [
    fileURLToPath(import.meta.url),
    path.join(here, 'html.mjs'),
    path.join(root, 'lib/filter-bundle.mjs'),
  ])
    hash.update(readFileSync(file));
  return hash.digest('hex');
}

/**
 * A hash of each course page (relative to courses/), without the build id, which every page
 * carries and every build changes: the index never says it.
 * @param {string} outDir
 */
function pageDigests(outDir) {
  const buildId = exportBuildId(outDir);
  /** @type {Map<string, string>} */
  const digests = new Map();
  for (const page of filesNamed(path.join(outDir, 'courses'), 'index.html')) {
    const html = readFileSync(path.join(outDir, 'courses', page), 'latin1');
    digests.set(page, createHash('sha256').update(html.replaceAll(buildId, ''), 'latin1').digest('hex'));
  }
  return digests;
}

/** What the index is made from: the code, and every course page. @param {string} code @param {Map<string, string>} digests */
function sourcesHash(code, digests) {
  const hash = createHash('sha256').update(code);
  for (const [page, digest] of digests) hash.update(`${page}\n${digest}\n`);
  return hash.digest('hex');
}

/** @param {{ outDir: string, basePath: string, cacheDir?: string }} options */
export async function run({ outDir, cacheDir = SEARCH_CACHE_DIR }) {
  const outputPath = path.join(outDir, 'pagefind');
  const code = codeHash();
  const digests = pageDigests(outDir);
  const sources = sourcesHash(code, digests);
  const stamp = path.join(outputPath, SOURCES_FILE);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sources)
    return 'the index of these course pages is up to date';
  const cached = path.join(cacheDir, sources);
  if (existsSync(path.join(cached, SOURCES_FILE))) {
    rmSync(outputPath, { recursive: true, force: true });
    try {
      cpSync(cached, outputPath, { recursive: true });
      const now = new Date();
      utimesSync(cached, now, now); // the most recently used entry is the last to go
      return `the index of these course pages, from ${path.relative(root, cacheDir)}/`;
    } catch {
      // Removed while being copied (another build replaced it): index the pages instead.
      rmSync(outputPath, { recursive: true, force: true });
    }
  }

  const sourcesOf = { code, digests, cacheDir };
  let summary = await writeIndex(outDir, outputPath, sourcesOf);
  let broken = incompleteGzipFiles(outputPath);
  // Seen once, with two builds running at once: a file cut short at 64 KiB. Written again, it is whole.
  if (broken.length) summary = await writeIndex(outDir, outputPath, sourcesOf);
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
 * What an index is made from, for the caches of its parts: the code's hash, each course page's,
 * and the cache folder.
 * @typedef {{ code: string, digests: Map<string, string>, cacheDir: string }} Sources
 */

/**
 * Pagefind's index of the course pages of `outDir`, written to `outputPath`.
 * @param {string} outDir @param {string} outputPath @param {Sources} sources
 */
async function writeIndex(outDir, outputPath, sources) {
  rmSync(outputPath, { recursive: true, force: true });
  /*
   * One index for every page, under a language code Pagefind has no stemmer for: words are
   * indexed as written, so that a query word matches only words it starts ('aws' must not find
   * 'await' through the English stem 'aw'), as search did before Pagefind.
   */
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'zz' });
  try {
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    // Pagefind indexes in a process of its own: the filter records are read meanwhile, on this one.
    const indexed = (async () => {
      const added = await index.addDirectory({ path: outDir, glob: 'courses/**/index.html' });
      if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
      if (added.page_count === 0) throw new Error(`Pagefind found no course pages in ${outDir}`);
      const written = await index.writeFiles({ outputPath });
      if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
      return added.page_count;
    })();
    indexed.catch(() => {}); // awaited below, after the records: not an unhandled rejection meanwhile
    const { byCategory, read } = await filterRecords(outDir, sources);
    const pages = await indexed;
    removePrebuiltUi(outputPath);
    const written = await writeFilterBundles(outDir, byCategory, sources);
    return `${pages} course pages indexed into ${path.relative(process.cwd(), outputPath)}/, with ${byCategory.size} category filter indexes (${written} written and ${read} pages read for them, the rest from the cache)`;
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

/**
 * A course page as a filter record: what its data-pagefind-body element carries (card metadata,
 * the `key:value` filters and `data-listing-sort` ranks of components/course/course-detail.tsx), with the h1 as
 * the title and the creator's text. Undefined for a page without that element.
 *
 * @param {string} html
 * @param {string} url
 */
function filterRecord(html, url) {
  const body = elements(parsePage(html)).find((element) => element.attribs['data-pagefind-body'] !== undefined);
  if (!body) return undefined;
  const inside = DomUtils.findAll(() => true, body.children);
  /** @param {string} attribute @returns {[string, string][]} */
  const pairs = (attribute) =>
    [body, ...inside].flatMap((element) => {
      const value = element.attribs[attribute] ?? '';
      const colon = value.indexOf(':');
      return colon > 0 ? [[value.slice(0, colon), value.slice(colon + 1)]] : [];
    });
  /** @type {Record<string, string[]>} */
  const filters = {};
  for (const [key, value] of pairs('data-pagefind-filter')) (filters[key] ??= []).push(value);
  /** @type {Record<string, string>} */
  const meta = Object.fromEntries(
    Object.entries(body.attribs)
      .filter(([name]) => name.startsWith('data-search-'))
      .map(([name, value]) => [name.slice('data-search-'.length), value]),
  );
  const title = inside.find((element) => element.name === 'h1');
  const creator = inside.find((element) => element.attribs['data-pagefind-meta'] === 'creator');
  if (title) meta.title = DomUtils.textContent(title).trim();
  if (creator) meta.creator = DomUtils.textContent(creator).trim();
  /*
   * Pagefind indexes the words of the content and of every metadata value, and a search with no
   * term loads all of them: at 4,000 courses the cards' words alone were 140 KB. So every record
   * has the same one word, and the card rides in the URL's fragment, which is not indexed
   * (lib/filter-runtime.ts reads it back).
   */
  return {
    url: `${url}#${encodeURIComponent(JSON.stringify(meta))}`,
    content: 'course',
    language: 'zz',
    meta: {},
    filters,
    sort: Object.fromEntries(pairs('data-listing-sort')),
  };
}

/** @typedef {NonNullable<ReturnType<typeof filterRecord>>} FilterRecord */

/**
 * The filter records of the last index, by the hash of the page each was read from (and its
 * URL): a build reads only the pages that changed since. In the search-index cache folder, under
 * a name its entries never have.
 */
const RECORDS_FILE = '.filter-records.json';

/** Each category's filter index, by a hash of its records, in the cache folder; the latest few are kept. */
const FILTER_INDEXES_DIR = '.filter-indexes';
const FILTER_INDEX_ENTRIES = 64;

/**
 * The filter records of the course pages, by category, and how many pages had to be read for
 * them. Each page is read asynchronously, so that Pagefind's replies are handled as they come.
 * @param {string} outDir
 * @param {Sources} sources
 */
async function filterRecords(outDir, { code, digests, cacheDir }) {
  const file = path.join(cacheDir, RECORDS_FILE);
  /** @type {{ code: string, records: Record<string, FilterRecord | null> }} */
  let known = { code, records: {} };
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    if (kept.code === code) known = kept;
  } catch {
    // No records yet, or unreadable ones: every page is read.
  }
  /** @type {Record<string, FilterRecord | null>} */
  const records = {};
  /** @type {Map<string, FilterRecord[]>} */
  const byCategory = new Map();
  let read = 0;
  for (const [page, digest] of digests) {
    const url = `/courses/${path.dirname(page).split(path.sep).join('/')}/`;
    const key = `${digest} ${url}`;
    let record = Object.hasOwn(known.records, key) ? known.records[key] : undefined;
    if (record === undefined) {
      record = filterRecord(await readFile(path.join(outDir, 'courses', page), 'utf8'), url) ?? null;
      read++;
    }
    records[key] = record;
    const category = record?.filters.category?.[0];
    if (!record || !category) continue;
    const list = byCategory.get(category) ?? [];
    list.push(record);
    byCategory.set(category, list);
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(`${file}.${process.pid}`, JSON.stringify({ code, records }));
  renameSync(`${file}.${process.pid}`, file);
  return { byCategory, read };
}

/**
 * One word-free Pagefind index per category, from its courses' filter records; a category whose
 * records are those of an index in the cache gets a copy of it. Returns how many were written.
 * @param {string} outDir
 * @param {Map<string, FilterRecord[]>} byCategory
 * @param {Sources} sources
 */
async function writeFilterBundles(outDir, byCategory, { code, cacheDir }) {
  const kept = path.join(cacheDir, FILTER_INDEXES_DIR);
  mkdirSync(kept, { recursive: true });
  let written = 0;
  for (const [category, records] of byCategory) {
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
    const rank = (/** @type {{ sort: Record<string, string> }} */ record, /** @type {string} */ sort) =>
      Number(record.sort[sort]);
    const ordered = [...records].sort((a, b) => rank(a, INSERTION_ORDER_SORT) - rank(b, INSERTION_ORDER_SORT));
    for (const record of ordered) {
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
    for (const sort of Object.keys(ordered[0]?.sort ?? {})) {
      if (sort === INSERTION_ORDER_SORT) continue;
      writeFileSync(
        path.join(outputPath, sortRanksFile(sort)),
        JSON.stringify(ordered.map((record) => rank(record, sort))),
      );
    }
    keep(outputPath, kept, key, FILTER_INDEX_ENTRIES);
  }
  return written;
}
