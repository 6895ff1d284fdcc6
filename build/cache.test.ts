/** @jest-environment node */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compiledBuild } from '../test/helpers/compiled-build';
import { promisify } from 'node:util';
import {
  CACHES,
  cacheKey,
  cacheVersion,
  copyTreeEntry,
  freshParts,
  openCache,
  pruneCache,
  readEntry,
  writeAtomic,
  writeEntry,
  writeTreeEntry,
} from './cache';

const run = promisify(execFile);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let work: string;
beforeEach(() => {
  work = mkdtempSync(path.join(tmpdir(), 'cache-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** A file of `bytes` bytes, last used `age` ago. */
function entryFile(file: string, bytes: number, age: number, now: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.alloc(bytes));
  const when = new Date(now - age);
  utimesSync(file, when, when);
}

describe('keys', () => {
  it('are the same for the same inputs and version, and differ with any input, its boundaries, or the version', () => {
    const cache = { dir: work, version: 'v1' };
    expect(cacheKey(cache, 'a', Buffer.from('b'))).toBe(cacheKey(cache, 'a', 'b'));
    expect(cacheKey(cache, 'a', 'b')).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey(cache, 'a', 'b')).not.toBe(cacheKey(cache, 'a', 'c'));
    expect(cacheKey(cache, 'ab', 'c')).not.toBe(cacheKey(cache, 'a', 'bc'));
    expect(cacheKey(cache, 'a', 'b')).not.toBe(cacheKey({ dir: work, version: 'v2' }, 'a', 'b'));
  });

  it("change with the code's bytes, a package's version, the settings and the part's name", () => {
    const code = path.join(work, 'step.mjs');
    writeFileSync(code, 'export const a = 1;');
    const base = cacheVersion(CACHES.og, { code: [code], packages: ['sharp'], settings: { q: 1 } });
    expect(cacheVersion(CACHES.og, { code: [code], packages: ['sharp'], settings: { q: 1 } })).toBe(base);
    expect(cacheVersion(CACHES.og, { code: [code], packages: ['sharp'], settings: { q: 2 } })).not.toBe(base);
    expect(cacheVersion(CACHES.og, { code: [code], packages: ['sharp', 'satori'], settings: { q: 1 } })).not.toBe(base);
    expect(cacheVersion(CACHES.images, { code: [code], packages: ['sharp'], settings: { q: 1 } })).not.toBe(base);
    writeFileSync(code, 'export const a = 2;');
    expect(cacheVersion(CACHES.og, { code: [code], packages: ['sharp'], settings: { q: 1 } })).not.toBe(base);
  });
});

describe('entries', () => {
  it('are written under a temporary name and renamed: none is left, and a failed write leaves no entry', async () => {
    const cache = openCache(CACHES.pages, {}, work);
    const entry = `${cacheKey(cache, 'page')}.json.gz`;
    expect(await readEntry(cache, entry)).toBeUndefined();
    await writeEntry(cache, entry, 'whole');
    expect((await readEntry(cache, entry))?.toString()).toBe('whole');
    expect(readdirSync(cache.dir)).toEqual([entry]);
    await expect(writeAtomic(path.join(cache.dir, 'missing-folder', entry), 'x')).rejects.toThrow();
    expect(readdirSync(cache.dir)).toEqual([entry]);
  });

  it('keep a folder whole, keep the first of two writers, and copy it out as a real copy', () => {
    const cache = openCache(CACHES.searchIndex, {}, work);
    const from = path.join(work, 'index');
    mkdirSync(path.join(from, 'sub'), { recursive: true });
    writeFileSync(path.join(from, 'sub/a.txt'), 'first');
    writeTreeEntry(cache, 'k', from);
    writeFileSync(path.join(from, 'sub/b.txt'), 'second');
    writeTreeEntry(cache, 'k', from); // the same key: the entry there stays
    expect(readdirSync(path.join(cache.dir, 'k/sub'))).toEqual(['a.txt']);
    expect(readdirSync(cache.dir)).toEqual(['k']);
    const to = path.join(work, 'copy');
    expect(copyTreeEntry(cache, 'k', to)).toBe(true);
    writeFileSync(path.join(to, 'sub/a.txt'), 'changed in the export');
    expect(readFileSync(path.join(cache.dir, 'k/sub/a.txt'), 'utf8')).toBe('first');
    expect(copyTreeEntry(cache, 'absent', to)).toBe(false);
  });

  it('are not read from the parts BUILD_CACHE_FRESH names, which the build makes again and still keeps', async () => {
    const kept = openCache(CACHES.searchIndex, {}, work);
    const from = path.join(work, 'index');
    mkdirSync(from);
    writeFileSync(path.join(from, 'a.txt'), 'kept');
    writeTreeEntry(kept, 'k', from);
    const pages = openCache(CACHES.pages, {}, work);
    await writeEntry(pages, 'e', 'kept');

    const before = process.env.BUILD_CACHE_FRESH;
    process.env.BUILD_CACHE_FRESH = 'search-index, pages';
    try {
      const fresh = openCache(CACHES.searchIndex, {}, work);
      expect(fresh).toEqual({ ...kept, fresh: true });
      expect(copyTreeEntry(fresh, 'k', path.join(work, 'copy'))).toBe(false);
      expect(await readEntry(openCache(CACHES.pages, {}, work), 'e')).toBeUndefined();
      // Another part is read as before.
      expect(openCache(CACHES.searchFilters, {}, work).fresh).toBe(false);
    } finally {
      if (before === undefined) delete process.env.BUILD_CACHE_FRESH;
      else process.env.BUILD_CACHE_FRESH = before;
    }
    expect(copyTreeEntry(kept, 'k', path.join(work, 'copy'))).toBe(true);
    expect((await readEntry(pages, 'e'))?.toString()).toBe('kept');
  });

  it('stop the build at a part BUILD_CACHE_FRESH names that is not one, or is read elsewhere', () => {
    expect(freshParts({})).toEqual([]);
    expect(freshParts({ BUILD_CACHE_FRESH: 'search-index,search-filters' })).toEqual([
      'search-index',
      'search-filters',
    ]);
    expect(() => freshParts({ BUILD_CACHE_FRESH: 'search-index,serch-filters' })).toThrow(
      'BUILD_CACHE_FRESH: "serch-filters" is not one of search-index, search-filters, pages, documents',
    );
    // The link previews and image variants read their entries by path: they cannot be made afresh this way.
    expect(() => freshParts({ BUILD_CACHE_FRESH: 'og' })).toThrow(/"og" is not one of/);
  });

  it('stay whole, to writers and readers alike, with several processes writing the same entries at once', async () => {
    const cacheModule = compiledBuild();
    const script = `
      const { openCache, writeEntry, writeTreeEntry } = await import(${JSON.stringify(cacheModule)});
      const { mkdirSync, writeFileSync } = await import('node:fs');
      const cache = openCache('pages', {}, ${JSON.stringify(work)});
      const from = ${JSON.stringify(work)} + '/from-' + process.pid;
      mkdirSync(from, { recursive: true });
      for (let i = 0; i < 20; i++) writeFileSync(from + '/f' + i, 'x'.repeat(200000));
      const { readFileSync } = await import('node:fs');
      for (let round = 0; round < 10; round++) {
        await Promise.all(Array.from({ length: 8 }, (_, i) => writeEntry(cache, 'e' + i, String(i).repeat(300000))));
        writeTreeEntry(cache, 'tree', from);
        // What the other writers left meanwhile: whole, or not there yet.
        for (let i = 0; i < 8; i++) {
          let text = String(i).repeat(300000);
          try { text = readFileSync(cache.dir + '/e' + i, 'utf8'); } catch {}
          if (text !== String(i).repeat(300000)) throw new Error('e' + i + ' read partly written: ' + text.length);
        }
      }`;
    await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--input-type=module', '-e', script], { timeout: 60_000 }),
      ),
    );
    const dir = path.join(work, 'pages');
    expect(readdirSync(dir).sort()).toEqual([...Array.from({ length: 8 }, (_, i) => `e${i}`), 'tree'].sort());
    for (let i = 0; i < 8; i++) expect(readFileSync(path.join(dir, `e${i}`), 'utf8')).toBe(String(i).repeat(300000));
    expect(readdirSync(path.join(dir, 'tree'))).toHaveLength(20);
    for (const file of readdirSync(path.join(dir, 'tree')))
      expect(readFileSync(path.join(dir, 'tree', file), 'utf8')).toBe('x'.repeat(200000));
  }, 60_000);
});

describe('pruning', () => {
  const key = (n: number) => `${String(n).padStart(64, '0')}.jpg`;

  it('removes entries unused for longer than the age limit, in every part, and keeps the others', () => {
    const now = Date.now();
    entryFile(path.join(work, 'og', key(1)), 10, 15 * DAY, now);
    entryFile(path.join(work, 'og', key(2)), 10, 13 * DAY, now);
    entryFile(path.join(work, 'images', key(3)), 10, 30 * DAY, now);
    entryFile(path.join(work, 'bench', 'not-a-cache-part.json'), 10, 30 * DAY, now);
    const result = pruneCache({ cacheRoot: work, now, maxAge: 14 * DAY });
    expect(readdirSync(path.join(work, 'og'))).toEqual([key(2)]);
    expect(readdirSync(path.join(work, 'images'))).toEqual([]);
    expect(existsSync(path.join(work, 'bench', 'not-a-cache-part.json'))).toBe(true);
    expect(result).toEqual({ removed: 2, freed: 20, kept: 1, bytes: 10 });
  });

  it('bounds the size by removing the least recently used, never one used in the last hour', () => {
    const now = Date.now();
    entryFile(path.join(work, 'og', key(1)), 100, 3 * DAY, now);
    entryFile(path.join(work, 'pages', key(2)), 100, 2 * DAY, now);
    entryFile(path.join(work, 'og', key(3)), 100, 1 * DAY, now);
    entryFile(path.join(work, 'pages', key(4)), 100, HOUR / 2, now);
    entryFile(path.join(work, 'og', key(5)), 100, HOUR / 4, now);
    pruneCache({ cacheRoot: work, now, maxBytes: 250 });
    expect([...readdirSync(path.join(work, 'og')), ...readdirSync(path.join(work, 'pages'))].sort()).toEqual(
      [key(4), key(5)].sort(),
    );
    entryFile(path.join(work, 'og', key(6)), 100, 0, now);
    pruneCache({ cacheRoot: work, now, maxBytes: 0 });
    expect(readdirSync(path.join(work, 'og')).sort()).toEqual([key(5), key(6)]);
  });

  it('counts a folder entry by all it holds', () => {
    const now = Date.now();
    entryFile(path.join(work, 'search-index', key(1).slice(0, 64), 'a/b'), 300, 2 * DAY, now);
    entryFile(path.join(work, 'search-index', key(2).slice(0, 64), 'a'), 100, DAY + HOUR, now);
    utimesSync(path.join(work, 'search-index', key(1).slice(0, 64)), new Date(now - 2 * DAY), new Date(now - 2 * DAY));
    utimesSync(path.join(work, 'search-index', key(2).slice(0, 64)), new Date(now - DAY), new Date(now - DAY));
    expect(pruneCache({ cacheRoot: work, now, maxBytes: 350 })).toMatchObject({ removed: 1, freed: 300, bytes: 100 });
  });

  it("removes what is no entry of the scheme (old layouts, a killed build's temporary files), not a write under way", () => {
    const now = Date.now();
    entryFile(path.join(work, 'search-index', '.filter-records.json'), 10, 0, now);
    entryFile(path.join(work, 'images', '0a1b2c3d4e5f60718293a4b5-480.webp'), 10, 0, now);
    entryFile(path.join(work, 'og', `.tmp-1-0-0-${key(1)}`), 10, 2 * HOUR, now);
    entryFile(path.join(work, 'og', `.tmp-2-0-0-${key(2)}`), 10, 60_000, now);
    pruneCache({ cacheRoot: work, now });
    expect(readdirSync(path.join(work, 'search-index'))).toEqual([]);
    expect(readdirSync(path.join(work, 'images'))).toEqual([]);
    expect(readdirSync(path.join(work, 'og'))).toEqual([`.tmp-2-0-0-${key(2)}`]);
  });
});
