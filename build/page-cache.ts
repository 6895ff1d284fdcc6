/**
 * The page step's cache (cache.ts, pages/): each page's rewritten HTML and manifest entry, under a
 * hash of what made them (the export's code and packages, every file under Next's static folder,
 * the base path, the page and its RSC files). The build id, which an edit of the code or settings
 * changes, is hashed and kept as a placeholder (`neutral`) and put back (`restore`), so pages an
 * edit leaves alone keep their entries; so is the page's mark of its payload (page.ts), which the
 * id in the payload moves: the mark of the payload at hand is put back.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALL_PACKAGES, CACHES, cacheKey, exportCode, openCache, readJsonEntry, writeJsonEntry } from './cache';
import { unallowedInlineScripts } from './csp';
import { filesNamed } from './files';
import { STATIC_DIR, exportBuildId, hasBuildIdMark, withBuildId, withoutBuildId } from './next-output';
import { LOADER_ATTRIBUTES } from './loader';
import type { Cache } from './cache';

/** Stands for the payload's mark on the page's loader element in what the cache keeps. */
const PAYLOAD_MARK = '\u2063payload-mark\u2063';

/** The loader's attribute that holds the payload's mark, with `mark` as its value. */
const markAttribute = (mark: string) => `${LOADER_ATTRIBUTES.mark}="${mark}"`;

/**
 * The cache, a hash of the context every page shares, and the build's id. Plain data: it goes to
 * the worker threads.
 */
export type PageCache = { cache: Cache; context: string; buildId: string };

const neutral = (cache: { buildId: string }, text: string) => withoutBuildId(text, cache.buildId);

const restore = (cache: { buildId: string }, text: string) => withBuildId(text, cache.buildId);

/**
 * The page cache of the export in `outDir`; none without a cache root (the contract test must
 * parse every page).
 * @param stub the loader's stub, which every page holds
 */
export function pageCache(
  {
    outDir,
    basePath,
    requireStylesheet,
    cacheRoot,
  }: { outDir: string; basePath: string; requireStylesheet: boolean; cacheRoot?: string },
  stub: string,
): PageCache | undefined {
  if (!cacheRoot) return undefined;
  const ids = { buildId: exportBuildId(outDir) };
  const cache = openCache(CACHES.pages, { code: exportCode(), packages: [ALL_PACKAGES] }, cacheRoot);
  const context = createHash('sha256').update(`${basePath}\0${requireStylesheet}\0${stub}\0`);
  // Chunks, stylesheets and the loader; Next's build-id folder among them. Latin-1 reads any bytes as they are.
  // In the order of their names without the build id, which sorts anywhere among them.
  const statics = filesNamed(path.join(outDir, STATIC_DIR), '').map((file) => ({ name: neutral(ids, file), file }));
  for (const { name, file } of statics.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const bytes = readFileSync(path.join(outDir, STATIC_DIR, file)).toString('latin1');
    context.update(`\0${name}\0`).update(neutral(ids, bytes));
  }
  return { cache, context: context.digest('hex'), ...ids };
}

/**
 * What `adapt` makes of a page, from the cache when it holds it. A page that says the cache's
 * placeholder itself (only on purpose) is made every time.
 * @param inputs the page's HTML,
 *   its route's RSC files and their marks (page.ts, payloadMark)
 */
export async function cachedPage<
  Made extends { output: string; result: { entry: { inlineScriptHashes: string[]; payload: string } } },
>(
  cache: PageCache | undefined,
  {
    page,
    html,
    rsc,
    payloads,
    marks,
  }: { page: string; html: string; rsc: string[]; payloads: string[]; marks: string[] },
  adapt: () => Promise<Made>,
): Promise<{ made: Made; fromCache: boolean }> {
  if (!cache || [html, ...payloads].some((text) => hasBuildIdMark(text) || text.includes(PAYLOAD_MARK)))
    return { made: await adapt(), fromCache: false };
  /** The attribute with the mark of the page's own payload. */
  const own = (made: Made) => markAttribute(marks[rsc.indexOf(made.result.entry.payload)] ?? '');
  const inputs = rsc.flatMap((name, index) => [name, neutral(cache, payloads[index] ?? '')]);
  const key = cacheKey(cache.cache, cache.context, page, neutral(cache, html), ...inputs);

  const kept = await readJsonEntry<Made>(cache.cache, key, (text) => restore(cache, text));
  if (!kept) {
    const made = await adapt();
    const output = made.output.replace(own(made), markAttribute(PAYLOAD_MARK));
    await writeJsonEntry(cache.cache, key, { ...made, output }, (text) => neutral(cache, text));
    return { made, fromCache: false };
  }
  kept.output = kept.output.replace(markAttribute(PAYLOAD_MARK), own(kept));
  // What the cache gives back must still be a page whose policy runs its scripts.
  if (unallowedInlineScripts(kept.output, kept.result.entry.inlineScriptHashes))
    throw new Error(`${page}: the page cache gave back inline scripts its policy does not allow`);
  return { made: kept, fromCache: true };
}
