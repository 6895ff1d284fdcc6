// @ts-check
/**
 * The adapter over what `next build` exports: the one place that rewrites Next's output, which it
 * reads through next-output.mjs (the one module that knows that output's format).
 *
 *   0. plan           what steps 3 to 5 make, computed from the catalogue (plan.mjs,
 *                     lib/build/export-plan.ts), written beside the pages for them to read
 *   1. RSC files      the router's segment prefetch files beside each route's payload, which no
 *                     page requests (next-output.mjs)
 *   2. pages          each of Next's pages parsed once, every rewrite applied in one pass, written
 *                     once (page.mjs: inline stylesheet, start-up loader and payload, CSP), the
 *                     manifest written (manifest.mjs), and the start-up scripts hinted for
 *                     eager compilation (compile-hints.mjs)
 *   2b. reviews pages the pages the plan lists that Next does not make ('Show all reviews'),
 *                     rendered from the catalogue and added to the manifest (documents.mjs)
 *   2c. host headers  the export's _headers for the build's checkout, read from the manifest
 *                     (scripts/tools/host-headers.mjs)
 *   3. images         WebP variants of every image the plan lists (images.mjs)
 *   4. link previews  the og:image JPEGs the plan lists (og.mjs)
 *   5. search index   Pagefind over the plan's courses, and its filter indexes (search-index.mjs)
 *   6. service worker sw.js precaching the app shell, read from the manifest (service-worker.mjs)
 *   7. cache          the build's cache pruned by its one rule (cache.mjs)
 *
 * The plan goes once the steps are done (or one has failed): the export never holds it. No step
 * reads data back out of the pages. Running it again over its own output changes nothing.
 * `adaptPages` alone (1 and 2) is what depends on the shape of Next's pages: the contract test
 * runs it on a real build of the reference app (scripts/check/budget.mjs).
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SEMI_SPACE_MB } from '../../config/build-workers.mjs';
import { hintEagerCompile, withoutHint } from './compile-hints.mjs';
import { filesNamed } from './files.mjs';
import { fieldName, inlineCss } from './inline-css.mjs';
import { unallowedInlineScripts } from './csp.mjs';
import { startupScripts } from './loader.mjs';
import { rawText } from './html.mjs';
import { inWorkerThreads } from './threads.mjs';
import { MANIFEST_FILE, readManifest } from './manifest.mjs';
import {
  CHUNK_HEAD_LENGTH,
  STATIC_DIR,
  dropSegmentPrefetchFiles,
  exportBuildId,
  hasBuildIdMark,
  isStaticFile,
  lazyChunks,
  loaderFile,
  payloadBuildId,
  payloadChunkUrls,
  payloadFileOf,
  routeFolders,
  routePage,
  runtimeLast,
  scriptWords,
  withBuildId,
  withoutBuildId,
} from './next-output.mjs';
import { inspectPage, rewritePage } from './page.mjs';
import { ALL_PACKAGES, CACHES, cacheKey, openCache, pruneCache, readEntry, writeEntry } from './cache.mjs';
import { readPlan, removePlan, writePlan } from './plan.mjs';
import { readEnv } from '../../config/env.mjs';
import { checkoutConfig, checkoutFrameOrigins } from '../../config/checkout.mjs';
import { headersFile } from './host-headers.mjs';

/** @typedef {import('./manifest.mjs').PageEntry} PageEntry */
/** @typedef {import('./manifest.mjs').ExportManifest} ExportManifest */
/** @typedef {import('./loader.mjs').StartupScripts} StartupScripts */
/**
 * `cacheRoot`: the build's cache (cache.mjs), where the page step keeps each page's result by what
 * it was made from (`pageCache`); the build sets it, the contract test does not (it must parse
 * every page). The other steps keep theirs in it too, in .cache/ when it is not set. `documents`:
 * the routes of the pages the export makes itself (the plan's, documents.mjs), which the page step
 * leaves to the step that makes them.
 * @typedef {{ outDir: string, basePath: string, requireStylesheet?: boolean, cacheRoot?: string, documents?: string[] }} Options
 */
/**
 * What rewriting one page gives: its manifest entry, whether its HTML changed, the chunks of the
 * client components it renders (the runtime loads them at start), and whether it came from the
 * page cache.
 * @typedef {{ entry: PageEntry, rewritten: boolean, chunks: string[], fromCache?: boolean }} PageResult
 */

const require = createRequire(import.meta.url);

/** The RSC files of a route folder: its payload (step 1 removed the rest). @param {string} outDir @param {string} folder */
function rscFiles(outDir, folder) {
  const file = payloadFileOf(folder);
  return existsSync(path.join(outDir, file)) ? [file] : [];
}

/** A URL as written in a page, as a file of the export. @param {string} url @param {string} basePath @param {string} page */
function exportFile(url, basePath, page) {
  if (!url.startsWith(`${basePath}/`)) throw new Error(`${page}: ${url} is outside the site (${basePath}/)`);
  return decodeURIComponent(url.slice(basePath.length + 1).replace(/[?#].*$/, ''));
}

/**
 * The names a page's rules are chosen by (inline-css.mjs): its elements' names and classes, and
 * the words of every script it runs.
 * @param {{ elements: import('./page.mjs').PageShape['elements'] }} shape the page's elements
 * @param {Set<string>} loader the words of the start-up loader
 * @param {Iterable<Set<string>>} scripts the words of its start-up scripts
 */
export function namesOf(shape, loader, scripts) {
  /** @type {Set<string>} */ const names = new Set(loader);
  for (const element of shape.elements) {
    names.add(element.name);
    if (element.name === 'input') names.add(fieldName(element.attribs.type ?? 'text'));
    for (const name of (element.attribs.class ?? '').split(/\s+/)) if (name) names.add(name);
    if (element.name === 'script' && !element.attribs.src)
      for (const word of scriptWords(rawText(element))) names.add(word);
  }
  for (const words of scripts) for (const word of words) names.add(word);
  return names;
}

/**
 * Writes the start-up loader where every page finds it: a file named by its content under
 * Next's static folder (cached for good, like Next's chunks), shared by all pages, so it costs no page
 * its bytes and no policy a hash. Returns its path, relative to the export.
 * @param {string} outDir @param {string} code the loader's script
 */
function writeLoader(outDir, code) {
  const file = loaderFile(createHash('sha256').update(code).digest('hex').slice(0, 16));
  mkdirSync(path.join(outDir, path.dirname(file)), { recursive: true });
  writeFileSync(path.join(outDir, file), code);
  return file;
}

/** A file of the export as a URL. @param {string} file @param {string} basePath */
export const fileUrl = (file, basePath) => `${basePath}/${file.split('/').map(encodeURIComponent).join('/')}`;

/**
 * Rewrites one page at a time (step 2 for one page), with what it reads once and shares between
 * pages (the start-up scripts' words and heads, the stylesheets' rules) kept between calls.
 * @param {Options & { loader: string, startup: StartupScripts, cache?: PageCache }} options
 *   `loader`, the loader's file (export-relative); `startup`, its script and its stub's
 * @returns {(page: string) => Promise<PageResult>}
 */
export function pageAdapter({ outDir, basePath, requireStylesheet = true, loader, startup, cache }) {
  const stylesheetCss = inlineCss({ outDir });
  const loaderWords = scriptWords(startup.loader);
  /** @type {Map<string, string>} */
  const heads = new Map();
  /** @type {Map<string, Set<string>>} */
  const words = new Map();
  /**
   * The words of a start-up script and of the chunks it may load on demand (a panel imported
   * when needed renders with the page's rules too), read once each.
   * @param {string} file export-relative
   */
  const wordsOf = (file) => {
    if (!words.has(file)) {
      const text = readFileSync(path.join(outDir, file), 'utf8');
      /** @type {Set<string>} */ const own = scriptWords(text);
      words.set(file, own);
      for (const lazy of lazyChunks(text))
        if (existsSync(path.join(outDir, lazy))) for (const word of wordsOf(lazy)) own.add(word);
    }
    return /** @type {Set<string>} */ (words.get(file));
  };
  /** @param {string} page @returns {(url: string) => string} */
  const headOf = (page) => (url) => {
    if (!heads.has(url)) {
      const text = withoutHint(readFileSync(path.join(outDir, exportFile(url, basePath, page)), 'utf8'));
      heads.set(url, text.slice(0, CHUNK_HEAD_LENGTH));
    }
    return /** @type {string} */ (heads.get(url));
  };

  /**
   * The rules a page not yet adapted inlines (none without a stylesheet).
   * @param {string} page @param {import('./page.mjs').PageShape} shape
   */
  const pageCss = async (page, shape) => {
    const stylesheets = shape.stylesheets.map((url) => exportFile(url, basePath, page));
    const scriptsWords = shape.scripts.map((url) => wordsOf(exportFile(url, basePath, page)));
    return stylesheets.length ? stylesheetCss(stylesheets, namesOf(shape, loaderWords, scriptsWords)) : undefined;
  };

  /** @param {string} page @param {string} html @returns {Promise<{ result: PageResult, output: string }>} */
  const adapt = async (page, html) => {
    const inspected = inspectPage(html, page, { requireStylesheet });
    const shape = { ...inspected, scripts: runtimeLast(inspected.scripts, headOf(page), page) };
    const folders = routeFolders(page);
    const rsc = folders.flatMap((folder) => rscFiles(outDir, folder));
    let payload = '';
    /** @type {string | undefined} */
    let css;
    if (shape.adapted) {
      payload = exportFile(shape.payloadUrl, basePath, page);
      if (!existsSync(path.join(outDir, payload))) throw new Error(`${page}: its payload ${payload} is missing`);
    } else {
      // The loader fetches the route's own payload file: it must hold exactly what Next inlined.
      const own = folders
        .map(payloadFileOf)
        .find(
          (candidate) =>
            rsc.includes(candidate) && readFileSync(path.join(outDir, candidate), 'utf8') === shape.payload,
        );
      if (!own)
        throw new Error(
          `${page}: no RSC file holds its inline payload (looked for ${folders.map(payloadFileOf).join(', ')})`,
        );
      payload = own;
      css = await pageCss(page, shape);
    }
    const payloadText = await readFile(path.join(outDir, payload), 'utf8');
    // The chunks of the client components the page renders: the runtime loads them at start.
    const chunks = payloadChunkUrls(payloadText)
      .filter((url) => url.startsWith(`${basePath}/`))
      .map((url) => exportFile(url, basePath, page));
    const result = rewritePage(html, shape, {
      css,
      payloadUrl: fileUrl(payload, basePath),
      build: payloadBuildId(payloadText, payload),
      loaderUrl: fileUrl(loader, basePath),
      stub: startup.stub,
      keepLoadTimeLinks: page === 'index.html',
      page,
    });
    const rewritten = result.html !== html;
    const scripts = shape.scripts.map((url) => exportFile(url, basePath, page));
    const outside = scripts.find((script) => !isStaticFile(script));
    if (outside) throw new Error(`${page}: a start-up script outside ${STATIC_DIR}/: ${outside}`);
    /** @type {PageEntry} */
    const entry = {
      url: fileUrl(page.replace(/(^|\/)index\.html$/, '$1'), basePath),
      scripts,
      loader,
      stylesheets: shape.stylesheets.map((url) => exportFile(url, basePath, page)),
      payload,
      rsc,
      inlineScriptHashes: result.inlineScriptHashes,
      bytes: { html: Buffer.byteLength(result.html), payload: Buffer.byteLength(payloadText) },
    };
    return { result: { entry, rewritten, chunks }, output: result.html };
  };

  return async (page) => {
    const file = path.join(outDir, page);
    const html = await readFile(file, 'utf8');
    const rsc = routeFolders(page).flatMap((folder) => rscFiles(outDir, folder));
    const payloads = await Promise.all(rsc.map((name) => readFile(path.join(outDir, name), 'utf8')));
    // A page that says the cache's placeholder itself (only on purpose) is rewritten every time.
    if (!cache || [html, ...payloads].some((text) => hasBuildIdMark(text))) {
      const { result, output } = await adapt(page, html);
      if (result.rewritten) await writeFile(file, output);
      return result;
    }
    const inputs = rsc.flatMap((name, index) => [name, neutral(cache, payloads[index] ?? '')]);
    const entry = `${cacheKey(cache.cache, cache.context, page, neutral(cache, html), ...inputs)}.json.gz`;
    /** @type {{ result: PageResult, output: string } | undefined} */
    let made;
    try {
      const kept = await readEntry(cache.cache, entry);
      if (kept) made = JSON.parse(restore(cache, gunzipSync(kept).toString('utf8')));
    } catch {
      // Unreadable: rewrite the page, and keep what it gave.
    }
    const fromCache = made !== undefined;
    if (!made) {
      made = await adapt(page, html);
      await writeEntry(cache.cache, entry, gzipSync(neutral(cache, JSON.stringify(made)), { level: 1 }));
    }
    // What the cache gives back must still be a page whose policy runs its scripts.
    if (fromCache && unallowedInlineScripts(made.output, made.result.entry.inlineScriptHashes))
      throw new Error(`${page}: the page cache gave back inline scripts its policy does not allow`);
    if (made.output !== html) await writeFile(file, made.output);
    return { ...made.result, fromCache };
  };
}

/**
 * The page step's cache (cache.mjs, pages/): each page's rewritten HTML and manifest entry, kept
 * under a hash of all that went into them: the cache's version (the adapter's code, the installed
 * packages), the context (every file under Next's static folder — chunks, stylesheets, the
 * loader — and the base path), the page's HTML and its route's RSC files. A warm build of unchanged pages then only reads, hashes and writes them:
 * at 2,000 courses that is about 10 s of parsing saved.
 *
 * Every page and payload carries the build's id (and the loader checks it), a hash of all the
 * build's inputs (config/build-id.mjs): any edit anywhere gives a new one. It is hashed and kept
 * as a placeholder (`neutral`), and the current id put back (`restore`), so that the pages an
 * edit leaves alone keep their entries. Plain data: it goes to
 * the worker threads.
 * @typedef {{ cache: import('./cache.mjs').Cache, context: string, buildId: string }} PageCache
 */

/** @param {{ buildId: string }} cache @param {string} text */
const neutral = (cache, text) => withoutBuildId(text, cache.buildId);
/** @param {{ buildId: string }} cache @param {string} text */
const restore = (cache, text) => withBuildId(text, cache.buildId);

/** The adapter's code, as its caches' versions count it: its own modules and the shared ones they import (config/*.mjs). */
export function adapterCode() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [here, path.join(here, '../../config')].flatMap((dir) =>
    filesNamed(dir, '.mjs')
      .filter((name) => !name.includes('/'))
      .map((name) => path.join(dir, name)),
  );
}

/** @param {Options} options @param {string} stub the loader's stub, which every page holds @returns {PageCache | undefined} */
function pageCache({ outDir, basePath, requireStylesheet = true, cacheRoot }, stub) {
  if (!cacheRoot) return undefined;
  const ids = { buildId: exportBuildId(outDir) };
  const cache = openCache(CACHES.pages, { code: adapterCode(), packages: [ALL_PACKAGES] }, cacheRoot);
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
 * Rewrites `pages` in this thread, a few at a time so that reading and writing files overlaps
 * the parsing.
 * @param {string[]} pages @param {Options & { loader: string, startup: StartupScripts, cache?: PageCache }} options
 * @returns {Promise<[string, PageResult][]>}
 */
export async function adaptEach(pages, options) {
  const adapt = pageAdapter(options);
  /** @type {[string, PageResult][]} */
  const results = [];
  const queue = [...pages];
  const next = async () => {
    for (let page = queue.shift(); page; page = queue.shift()) results.push([page, await adapt(page)]);
  };
  await Promise.all(Array.from({ length: 4 }, next));
  return results;
}

/** From this many pages on, they are rewritten in worker threads, one per core. */
const THREADS_FROM = 200;

/**
 * Every page's result, in worker threads when there are enough pages and cores to gain from
 * it: rewriting is parsing and string work, bound by one core at a time.
 * @param {string[]} pages @param {Options & { loader: string, startup: StartupScripts, cache?: PageCache }} options
 * @returns {Promise<Map<string, PageResult>>}
 */
async function adaptAll(pages, options) {
  const threads = Math.min(availableParallelism(), Math.ceil(pages.length / THREADS_FROM));
  if (threads <= 1) {
    return new Map(await adaptEach(pages, options));
  }
  /** @type {[string, PageResult][][]} */
  const parts = await inWorkerThreads(new URL('./pages-worker.mjs', import.meta.url), pages, {
    threads,
    name: 'pages',
    data: { options },
    // The same young generation as `next build` (build-workers.mjs): less time collecting.
    resourceLimits: { maxYoungGenerationSizeMb: 3 * SEMI_SPACE_MB },
  });
  return new Map(parts.flat());
}

/**
 * Steps 1 and 2: rewrites every page Next exported and writes the manifest. The pages the export
 * makes itself (`documents`, documents.mjs) are left as they are, and out of the manifest, for
 * their step: a second run over the export finds them there.
 * @param {Options} options
 * @returns {Promise<{ manifest: ExportManifest, summary: string }>}
 */
export async function adaptPages({ outDir, basePath, requireStylesheet = true, cacheRoot, documents = [] }) {
  if (!existsSync(path.join(outDir, 'index.html'))) throw new Error(`No export in ${outDir} (no index.html)`);
  const made = new Set(documents.map(routePage));
  const pages = filesNamed(outDir, '.html').filter((page) => !made.has(page));
  const removed = await dropSegmentPrefetchFiles(outDir);
  const startup = await startupScripts();
  const loader = writeLoader(outDir, startup.loader);
  const cache = pageCache({ outDir, basePath, requireStylesheet, cacheRoot }, startup.stub);
  const results = await adaptAll(pages, { outDir, basePath, requireStylesheet, loader, startup, cache });
  /** @type {Record<string, PageEntry>} */
  const entries = {};
  let rewritten = 0;
  let fromCache = 0;
  /** @type {Set<string>} */
  const clientChunks = new Set();
  for (const [page, result] of results) {
    entries[page] = result.entry;
    if (result.rewritten) rewritten++;
    if (result.fromCache) fromCache++;
    for (const chunk of result.chunks) clientChunks.add(chunk);
  }
  /** @type {ExportManifest} */
  const manifest = {
    version: 1,
    next: require('next/package.json').version,
    basePath,
    checkout: checkoutConfig(readEnv()),
    pages: Object.fromEntries(
      Object.keys(entries)
        .sort()
        .map((page) => [page, /** @type {PageEntry} */ (entries[page])]),
    ),
  };
  await writeFile(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  const hinted = await hintEagerCompile(outDir, [
    ...Object.values(entries).flatMap((entry) => entry.scripts),
    ...clientChunks,
  ]);
  const hashes = Math.max(...Object.values(entries).map((entry) => entry.inlineScriptHashes.length));
  const summary =
    `${pages.length} pages (${rewritten} rewritten${cache ? `, ${fromCache} from the page cache` : ''}), ` +
    `${removed} unrequested RSC files removed; ` +
    `up to ${hashes} inline script hashes a page; ${hinted} scripts hinted for eager compilation`;
  return { manifest, summary };
}

/**
 * Step 2b: the export's _headers (Netlify, Cloudflare Pages) for the checkout the manifest records,
 * in place of public/_headers, which `next build` copied and which is the one without a checkout.
 * Its paths are the export's own, as public/_headers's are: a host that reads the file serves the
 * export at its root; a BASE_PATH deploy prints its own (README, 'Deploying').
 * @param {Options} options
 */
async function writeHostHeaders({ outDir }) {
  const { checkout } = readManifest(outDir);
  await writeFile(path.join(outDir, '_headers'), headersFile('', checkout));
  const delegated = checkoutFrameOrigins(checkout);
  return `_headers for CHECKOUT_PROVIDER=${checkout.provider}${delegated.length ? `, payment delegated to ${delegated.join(' ')}` : ''}`;
}

/** The cache step's summary. @param {ReturnType<typeof pruneCache>} result */
function pruned({ kept, bytes, removed, freed }) {
  const mb = (/** @type {number} */ count) => (count / 1e6).toFixed(1);
  return `${kept} entries kept in .cache/ (${mb(bytes)} MB), ${removed} pruned (${mb(freed)} MB)`;
}

/**
 * Every step, in order, over an export of the storefront.
 * @param {Options} options
 * @param {(line: string) => void} [log]
 */
export async function adaptExport(options, log = console.log) {
  const steps = /** @type {const} */ ([
    ['plan', async () => writePlan(options)],
    [
      'pages',
      async () =>
        (
          await adaptPages({
            ...options,
            documents: readPlan(options.outDir).documents.map(({ route }) => decodeURIComponent(route)),
          })
        ).summary,
    ],
    ['reviews pages', async () => (await import('./documents.mjs')).run(options)],
    ['host headers', async () => writeHostHeaders(options)],
    ['images', async () => (await import('./images.mjs')).run(options)],
    ['link previews', async () => (await import('./og.mjs')).run(options)],
    ['search index', async () => (await import('./search-index.mjs')).run(options)],
    ['service worker', async () => (await import('./service-worker.mjs')).run(options)],
    ['cache', async () => pruned(pruneCache({ cacheRoot: options.cacheRoot }))],
  ]);
  try {
    for (const [name, step] of steps) {
      const started = performance.now();
      const summary = await step();
      log(`export: ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${summary}`);
    }
  } finally {
    removePlan(options.outDir);
  }
}

// node scripts/export/adapter.mjs [dir]: the adapter alone, over an export (NEXT_DIST_DIR or out/).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = readEnv();
  const outDir = path.resolve(process.argv[2] ?? env.NEXT_DIST_DIR ?? 'out');
  adaptExport({ outDir, basePath: env.BASE_PATH }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
