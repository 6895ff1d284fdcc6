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
import { threadId } from 'node:worker_threads';
import { gunzipSync, gzipSync } from 'node:zlib';
import { filesNamed } from './files';
import { root } from './root';

/** Where the build keeps its cache. */
export const CACHE_ROOT = path.join(root, '.cache');

/** The cache's parts, one folder each under the cache's root. */
export const CACHES = {
  og: 'og',
  images: 'images',
  searchIndex: 'search-index',
  searchFilters: 'search-filters',
  pages: 'pages',
  documents: 'documents',
} as const;

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
 */
export type Cache = { dir: string; version: string; fresh?: boolean };

/** The variable naming the parts a build makes afresh, separated by commas. */
export const FRESH_VARIABLE = 'BUILD_CACHE_FRESH';

/** The parts whose entries are read only through this module (readEntry, readJsonEntry, copyTreeEntry), so can be made afresh. */
const FRESH_PARTS = [CACHES.searchIndex, CACHES.searchFilters, CACHES.pages, CACHES.documents];

/**
 * The parts of the cache the build reads nothing from, by BUILD_CACHE_FRESH: check:reproducible's
 * second build runs Pagefind again so, to compare a cold index with the first build's. A name that
 * is not such a part stops the build.
 */
export function freshParts(env: Record<string, string | undefined> = process.env) {
  const names = (env[FRESH_VARIABLE] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(FRESH_PARTS as string[]).includes(name));
  if (unknown.length)
    throw new Error(
      `${FRESH_VARIABLE}: ${unknown.map((name) => JSON.stringify(name)).join(', ')} is not one of ${FRESH_PARTS.join(', ')}`,
    );
  return names;
}

/** What makes a part's output besides its inputs */
export type CacheSources = {
  /** The files of the code that makes it (relative to the project) */
  code?: string[];
  /** The packages it uses (their installed versions count), or [ALL_PACKAGES] */
  packages?: string[];
  /** Values the code is run with (JSON) */
  settings?: unknown;
};

/** The installed version of a package. */
function packageVersion(name: string) {
  const file = path.join(root, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * The version of a part's output: a hash of its name, its code's bytes, its packages' versions and
 * its settings.
 */
export function cacheVersion(name: string, { code = [], packages = [], settings = null }: CacheSources) {
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
 * @param name one of CACHES */
export function openCache(name: string, sources: CacheSources, cacheRoot: string = CACHE_ROOT): Cache {
  const dir = path.join(cacheRoot, name);
  mkdirSync(dir, { recursive: true });
  return { dir, version: cacheVersion(name, sources), fresh: freshParts().includes(name) };
}

/**
 * The key of an entry made from `inputs` (each a string or bytes; their order and boundaries count).
 */
export function cacheKey(cache: Cache, ...inputs: (string | Uint8Array)[]) {
  const hash = createHash('sha256').update(cache.version);
  for (const input of inputs) hash.update(`\0${Buffer.byteLength(input)}\0`).update(input);
  return hash.digest('hex');
}

/** The path of an entry. @param entry a key, with its extension */
export const entryPath = (cache: Cache, entry: string) => path.join(cache.dir, entry);

let written = 0;
/** A temporary name beside `file`, unique to this process and thread. */
const temporary = (file: string) =>
  path.join(path.dirname(file), `.tmp-${process.pid}-${threadId}-${written++}-${path.basename(file)}`);

/**
 * Writes a file whole or not at all: under a temporary name, then renamed into place.
 */
export async function writeAtomic(file: string, bytes: string | Uint8Array) {
  const partial = temporary(file);
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Marks an entry used now (what pruning goes by). Missing: nothing. */
export async function touchEntry(cache: Cache, entry: string) {
  const now = new Date();
  await utimes(entryPath(cache, entry), now, now).catch(() => {});
}

/**
 * A file entry's bytes, marked used; undefined when it is not there or its part is made afresh.
 */
export async function readEntry(cache: Cache, entry: string) {
  if (cache.fresh) return undefined;
  try {
    const bytes = await readFile(entryPath(cache, entry));
    await touchEntry(cache, entry);
    return bytes;
  } catch {
    return undefined;
  }
}

/** Writes a file entry (atomically). */
export const writeEntry = (cache: Cache, entry: string, bytes: string | Uint8Array) =>
  writeAtomic(entryPath(cache, entry), bytes);

/**
 * A value kept as gzipped JSON under `key` (cacheKey), undefined when it is not there or not
 * readable (then the caller makes it again and keeps what it gives). `fromText` maps the JSON's text
 * before it is parsed (the page cache puts the build id back).
 */
export async function readJsonEntry<T>(
  cache: Cache,
  key: string,
  fromText: (text: string) => string = (text) => text,
): Promise<T | undefined> {
  try {
    const kept = await readEntry(cache, `${key}.json.gz`);
    return kept && JSON.parse(fromText(gunzipSync(kept).toString('utf8')));
  } catch {
    return undefined;
  }
}

/**
 * Keeps `value` as gzipped JSON under `key`; `toText` maps the JSON's text first.
 */
export const writeJsonEntry = (
  cache: Cache,
  key: string,
  value: unknown,
  toText: (text: string) => string = (text) => text,
) => writeEntry(cache, `${key}.json.gz`, gzipSync(toText(JSON.stringify(value)), { level: 1 }));

/**
 * The export's code, as the caches of its pages count it in their versions: the build folder's
 * modules (build/, less its tests) and the shared ones they import (config/*.mjs).
 */
export function exportCode() {
  const code = (dir: string, test: RegExp) =>
    filesNamed(path.join(root, dir), '')
      .filter((name) => !name.includes('/') && test.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => path.join(root, dir, name));
  return [...code('build', /\.(ts|tsx|cjs)$/), ...code('config', /\.mjs$/)];
}

/**
 * A copy of the folder `from` at `to` made of hard links: kept without writing the files again.
 * Safe because an export's files are replaced, never changed, after the step that wrote them,
 * and what comes back out of the cache is a real copy (copyTreeEntry).
 */
function linkTree(from: string, to: string) {
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
 */
export function writeTreeEntry(cache: Cache, entry: string, from: string) {
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
 */
export function copyTreeEntry(cache: Cache, entry: string, to: string) {
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

/** The bytes a file or folder takes. */
function sizeOf(file: string) {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.size;
  let bytes = 0;
  for (const entry of readdirSync(file)) bytes += sizeOf(path.join(file, entry));
  return bytes;
}

/**
 * The pruning rule, over every part of the cache under `cacheRoot`. Returns what went.
 */
export function pruneCache({
  cacheRoot = CACHE_ROOT,
  now = Date.now(),
  maxAge = MAX_AGE,
  maxBytes = MAX_BYTES,
  keepRecent = KEEP_RECENT,
}: { cacheRoot?: string; now?: number; maxAge?: number; maxBytes?: number; keepRecent?: number } = {}) {
  const entries: { file: string; used: number; bytes: number }[] = [];
  let removed = 0;
  let freed = 0;
  const remove = (file: string, bytes: number) => {
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
