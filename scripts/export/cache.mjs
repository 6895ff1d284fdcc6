// @ts-check
/**
 * The build's one cache, in .cache/: what the costly steps made (og/, images/, search-index/,
 * search-filters/, pages/, documents/), kept by what made it, so that a rebuild of the same inputs
 * copies it. An entry's name hashes its inputs and the cache's version (the code that makes it, the
 * packages it uses, its settings): any change gives new names, so nothing is invalidated by hand and
 * no entry ever changes. Entries are written under a dot-name and renamed into place, so two builds
 * at once cannot corrupt it. One pruning rule (pruneCache): unused for MAX_AGE goes, and past
 * MAX_BYTES the least recently used go, never one used in the last KEEP_RECENT.
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
} from 'node:fs';
import { readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { gunzipSync, gzipSync } from 'node:zlib';
import { filesNamed } from './files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the build keeps its cache. */
export const CACHE_ROOT = path.join(root, '.cache');

/** The cache's parts, one folder each under the cache's root. */
export const CACHES = /** @type {const} */ ({
  og: 'og',
  images: 'images',
  searchIndex: 'search-index',
  searchFilters: 'search-filters',
  pages: 'pages',
  documents: 'documents',
});

const DAY = 24 * 60 * 60 * 1000;
/** An entry unused this long goes. */
export const MAX_AGE = 14 * DAY;
/** The cache's bound: past it, the least recently used entries go. */
export const MAX_BYTES = 2 * 1024 ** 3;
/** An entry used this recently stays, whatever the bound: a build running now may need it. */
export const KEEP_RECENT = 60 * 60 * 1000;

/** Stands for every installed package (the lock file): for code that uses too many to list. */
export const ALL_PACKAGES = '*';

/** An entry's name: the key's 64 hex digits, then an extension of its kind. */
const ENTRY = /^[0-9a-f]{64}(\.[\w.-]+)?$/;

/**
 * One part of the cache, as plain data (it goes to worker threads as it is). `fresh`: its entries
 * are not read, so the build makes its output again (and keeps it, where it is not kept yet).
 * @typedef {{ dir: string, version: string, fresh?: boolean }} Cache
 */

/** The variable naming the parts a build makes afresh, separated by commas. */
export const FRESH_VARIABLE = 'BUILD_CACHE_FRESH';

/** The parts whose entries are read only through this module (readEntry, readJsonEntry, copyTreeEntry), so can be made afresh. */
const FRESH_PARTS = [CACHES.searchIndex, CACHES.searchFilters, CACHES.pages, CACHES.documents];

/**
 * The parts of the cache the build reads nothing from, by BUILD_CACHE_FRESH: check:reproducible's
 * second build runs Pagefind again so, to compare a cold index with the first build's. A name that
 * is not such a part stops the build.
 * @param {Record<string, string | undefined>} [env]
 */
export function freshParts(env = process.env) {
  const names = (env[FRESH_VARIABLE] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !FRESH_PARTS.includes(/** @type {any} */ (name)));
  if (unknown.length)
    throw new Error(
      `${FRESH_VARIABLE}: ${unknown.map((name) => JSON.stringify(name)).join(', ')} is not one of ${FRESH_PARTS.join(', ')}`,
    );
  return names;
}

/**
 * @typedef {object} CacheSources what makes a part's output besides its inputs
 * @property {string[]} [code] the files of the code that makes it (relative to the project)
 * @property {string[]} [packages] the packages it uses (their installed versions count), or [ALL_PACKAGES]
 * @property {unknown} [settings] values the code is run with (JSON)
 */

/** The installed version of a package. @param {string} name */
function packageVersion(name) {
  const file = path.join(root, 'node_modules', name, 'package.json');
  return /** @type {{ version: string }} */ (JSON.parse(readFileSync(file, 'utf8'))).version;
}

/**
 * The version of a part's output: a hash of its name, its code's bytes, its packages' versions and
 * its settings.
 * @param {string} name @param {CacheSources} sources
 */
export function cacheVersion(name, { code = [], packages = [], settings = null }) {
  const hash = createHash('sha256').update(`${name}\0${JSON.stringify(settings)}\0`);
  for (const file of code.map((name) => path.relative(root, path.resolve(root, name))).sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  for (const name of [...packages].sort())
    hash.update(
      name === ALL_PACKAGES ? readFileSync(path.join(root, 'package-lock.json')) : `${name}@${packageVersion(name)}\0`,
    );
  return hash.digest('hex');
}

/**
 * Opens one part of the cache (its folder made if missing).
 * @param {string} name one of CACHES @param {CacheSources} sources @param {string} [cacheRoot]
 * @returns {Cache}
 */
export function openCache(name, sources, cacheRoot = CACHE_ROOT) {
  const dir = path.join(cacheRoot, name);
  mkdirSync(dir, { recursive: true });
  return { dir, version: cacheVersion(name, sources), fresh: freshParts().includes(name) };
}

/**
 * The key of an entry made from `inputs` (each a string or bytes; their order and boundaries count).
 * @param {Cache} cache @param {...(string | Uint8Array)} inputs
 */
export function cacheKey(cache, ...inputs) {
  const hash = createHash('sha256').update(cache.version);
  for (const input of inputs) hash.update(`\0${Buffer.byteLength(input)}\0`).update(input);
  return hash.digest('hex');
}

/** The path of an entry. @param {Cache} cache @param {string} entry a key, with its extension */
export const entryPath = (cache, entry) => path.join(cache.dir, entry);

let written = 0;
/** A temporary name beside `file`, unique to this process and thread. @param {string} file */
const temporary = (file) =>
  path.join(path.dirname(file), `.tmp-${process.pid}-${threadId}-${written++}-${path.basename(file)}`);

/**
 * Writes a file whole or not at all: under a temporary name, then renamed into place.
 * @param {string} file @param {string | Uint8Array} bytes
 */
export async function writeAtomic(file, bytes) {
  const partial = temporary(file);
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Marks an entry used now (what pruning goes by). Missing: nothing. @param {Cache} cache @param {string} entry */
export async function touchEntry(cache, entry) {
  const now = new Date();
  await utimes(entryPath(cache, entry), now, now).catch(() => {});
}

/**
 * A file entry's bytes, marked used; undefined when it is not there or its part is made afresh.
 * @param {Cache} cache @param {string} entry
 */
export async function readEntry(cache, entry) {
  if (cache.fresh) return undefined;
  try {
    const bytes = await readFile(entryPath(cache, entry));
    await touchEntry(cache, entry);
    return bytes;
  } catch {
    return undefined;
  }
}

/** Writes a file entry (atomically). @param {Cache} cache @param {string} entry @param {string | Uint8Array} bytes */
export const writeEntry = (cache, entry, bytes) => writeAtomic(entryPath(cache, entry), bytes);

/**
 * A value kept as gzipped JSON under `key` (cacheKey), undefined when it is not there or not
 * readable (then the caller makes it again and keeps what it gives). `fromText` maps the JSON's text
 * before it is parsed (the page cache puts the build id back).
 * @param {Cache} cache @param {string} key @param {(text: string) => string} [fromText]
 * @returns {Promise<any>}
 */
export async function readJsonEntry(cache, key, fromText = (text) => text) {
  try {
    const kept = await readEntry(cache, `${key}.json.gz`);
    return kept && JSON.parse(fromText(gunzipSync(kept).toString('utf8')));
  } catch {
    return undefined;
  }
}

/**
 * Keeps `value` as gzipped JSON under `key`; `toText` maps the JSON's text first.
 * @param {Cache} cache @param {string} key @param {unknown} value @param {(text: string) => string} [toText]
 */
export const writeJsonEntry = (cache, key, value, toText = (text) => text) =>
  writeEntry(cache, `${key}.json.gz`, gzipSync(toText(JSON.stringify(value)), { level: 1 }));

/**
 * The export's code, as the caches of its pages count it in their versions: the build folder's
 * modules and the shared ones they import (config/*.mjs).
 */
export function exportCode() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [here, path.join(here, '../../config')].flatMap((dir) =>
    filesNamed(dir, '.mjs')
      .filter((name) => !name.includes('/'))
      .map((name) => path.join(dir, name)),
  );
}

/**
 * A copy of the folder `from` at `to` made of hard links: kept without writing the files again.
 * Safe because an export's files are replaced, never changed, after the step that wrote them,
 * and what comes back out of the cache is a real copy (copyTreeEntry).
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
 * Keeps the folder `from` as a folder entry: linked under a temporary name and renamed into
 * place. When the entry is there already (the same content, by its key), it stays as it is.
 * @param {Cache} cache @param {string} entry @param {string} from
 */
export function writeTreeEntry(cache, entry, from) {
  const target = entryPath(cache, entry);
  if (existsSync(target)) return;
  const partial = temporary(target);
  try {
    linkTree(from, partial);
    renameSync(partial, target);
  } catch (error) {
    // Renamed into place by another build first: its copy is as good.
    if (!existsSync(target)) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * Copies a folder entry to `to` (replacing it), marked used. Returns false when there is no such
 * entry, its part is made afresh, or it went while being copied (pruned by another build): `to` is
 * then removed.
 * @param {Cache} cache @param {string} entry @param {string} to
 */
export function copyTreeEntry(cache, entry, to) {
  const source = entryPath(cache, entry);
  if (cache.fresh || !existsSync(source)) return false;
  rmSync(to, { recursive: true, force: true });
  try {
    cpSync(source, to, { recursive: true });
  } catch {
    rmSync(to, { recursive: true, force: true });
    return false;
  }
  void touchEntry(cache, entry);
  return true;
}

/** The bytes a file or folder takes. @param {string} file */
function sizeOf(file) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.size;
  let bytes = 0;
  for (const entry of readdirSync(file)) bytes += sizeOf(path.join(file, entry));
  return bytes;
}

/**
 * The pruning rule, over every part of the cache under `cacheRoot`. Returns what went.
 * @param {{ cacheRoot?: string, now?: number, maxAge?: number, maxBytes?: number, keepRecent?: number }} [options]
 */
export function pruneCache({
  cacheRoot = CACHE_ROOT,
  now = Date.now(),
  maxAge = MAX_AGE,
  maxBytes = MAX_BYTES,
  keepRecent = KEEP_RECENT,
} = {}) {
  /** @type {{ file: string, used: number, bytes: number }[]} */
  const entries = [];
  let removed = 0;
  let freed = 0;
  const remove = (/** @type {string} */ file, /** @type {number} */ bytes) => {
    rmSync(file, { recursive: true, force: true });
    removed++;
    freed += bytes;
  };
  for (const part of Object.values(CACHES)) {
    const dir = path.join(cacheRoot, part);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      let stat;
      let bytes;
      try {
        stat = statSync(file);
        bytes = sizeOf(file);
      } catch {
        continue; // removed meanwhile
      }
      const used = stat.mtimeMs;
      const recent = now - used < keepRecent;
      if (!ENTRY.test(name)) {
        // A temporary name being written now stays; anything else is no entry of this scheme.
        if (!recent || !name.startsWith('.tmp-')) remove(file, bytes);
      } else if (now - used > maxAge && !recent) remove(file, bytes);
      else entries.push({ file, used, bytes });
    }
  }
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  let kept = entries.length;
  for (const entry of entries.sort((a, b) => a.used - b.used)) {
    if (total <= maxBytes) break;
    if (now - entry.used < keepRecent) continue;
    remove(entry.file, entry.bytes);
    total -= entry.bytes;
    kept--;
  }
  return { removed, freed, kept, bytes: total };
}
