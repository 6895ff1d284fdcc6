// @ts-check
/**
 * The adapter over what `next build` exports: the one place that reads or rewrites Next's output.
 *
 *   0. plan           what steps 3 to 5 make, computed from the catalogue (plan.mjs,
 *                     lib/build/export-plan.ts), written beside the pages for them to read
 *   1. RSC files      each route's __next.*.txt, which no page requests (a copy of its index.txt,
 *                     and the router's segment prefetch files)
 *   2. pages          each page parsed once, every rewrite applied in one pass, written once
 *                     (page.mjs: inline stylesheet, start-up loader and payload, CSP), the
 *                     manifest written (manifest.mjs), and the start-up scripts hinted for
 *                     eager compilation (compile-hints.mjs)
 *   3. images         WebP variants of every image the plan lists (images.mjs)
 *   4. link previews  the og:image JPEGs the plan lists (og.mjs)
 *   5. search index   Pagefind over the plan's courses, and its filter indexes (search-index.mjs)
 *   6. service worker sw.js precaching the app shell, read from the manifest (service-worker.mjs)
 *
 * The plan goes once the steps are done (or one has failed): the export never holds it. No step
 * reads data back out of the pages. Running it again over its own output changes nothing.
 * `adaptPages` alone (1 and 2) is what depends on the shape of Next's pages: the contract test
 * runs it on a real build of the reference app (scripts/check/budget.mjs).
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SEMI_SPACE_MB } from '../../config/build-workers.mjs';
import { hintEagerCompile, withoutHint } from './compile-hints.mjs';
import { filesNamed } from './files.mjs';
import { inlineCss } from './inline-css.mjs';
import { LOADER, exportBuildId, payloadBuildId } from './loader.mjs';
import { rawText } from './html.mjs';
import { inWorkerThreads } from './threads.mjs';
import { MANIFEST_FILE } from './manifest.mjs';
import { inspectPage, rewritePage } from './page.mjs';
import { removePlan, writePlan } from './plan.mjs';
import { readEnv } from '../../config/env.mjs';

/** @typedef {import('./manifest.mjs').PageEntry} PageEntry */
/** @typedef {import('./manifest.mjs').ExportManifest} ExportManifest */
/**
 * `pageCacheDir`: where the page step keeps each page's result by what it was made from (`pageCache`);
 * the build sets it, the contract test does not (it must parse every page).
 * @typedef {{ outDir: string, basePath: string, requireStylesheet?: boolean, pageCacheDir?: string }} Options
 */
/**
 * What rewriting one page gives: its manifest entry, whether its HTML changed, the chunks of the
 * client components it renders (the runtime loads them at start), and its key in the page cache
 * and whether it came from there.
 * @typedef {{ entry: PageEntry, rewritten: boolean, chunks: string[], cacheKey?: string, fromCache?: boolean }} PageResult
 */

const require = createRequire(import.meta.url);

/**
 * Beside each route's index.txt, the payload its router fetches to navigate, Next writes files no
 * page of this site requests: __next._full.txt, a byte-for-byte copy of that payload, and one file
 * per segment of the route (__next._tree.txt, __next._index.txt, __next.<segment>.__PAGE__.txt),
 * which the router fetches only for its own prefetch. The site prefetches the index.txt instead,
 * through its service worker (lib/route-prefetch.ts), so they all go: a route is its index.html
 * and its index.txt. At 10,000 courses that is 30,000 files fewer (Next 16 has no setting to
 * leave them out). Returns how many went.
 * @param {string} outDir
 */
function dropUnrequestedRsc(outDir) {
  const files = filesNamed(outDir, '.txt').filter((file) => path.posix.basename(file).startsWith('__next.'));
  for (const file of files) rmSync(path.join(outDir, file));
  return files.length;
}

/** The route folder whose RSC files belong to a page: its own, or the not-found route's for the 404 page. @param {string} page */
function routeFolders(page) {
  if (page === '404.html') return ['_not-found/'];
  const dir = path.posix.dirname(page);
  const own = dir === '.' ? '' : `${dir}/`;
  return page === '404/index.html' ? [own, '_not-found/'] : [own];
}

/** The RSC files of a route folder: its index.txt (step 1 removed the rest). @param {string} outDir @param {string} folder */
function rscFiles(outDir, folder) {
  const dir = path.join(outDir, folder);
  return existsSync(path.join(dir, 'index.txt')) ? [`${folder}index.txt`] : [];
}

/** A URL as written in a page, as a file of the export. @param {string} url @param {string} basePath @param {string} page */
function exportFile(url, basePath, page) {
  if (!url.startsWith(`${basePath}/`)) throw new Error(`${page}: ${url} is outside the site (${basePath}/)`);
  return decodeURIComponent(url.slice(basePath.length + 1).replace(/[?#].*$/, ''));
}

/** How every Turbopack chunk but the runtime begins: it only queues its modules for the runtime. */
const CHUNK_PREFIX = '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push(';

/**
 * The start-up scripts with the framework's runtime last, where the loader expects it: the one
 * script that is not a chunk queueing its modules. Anything else (no runtime, two, a bundler that
 * writes chunks another way) fails the build, naming the page.
 * @param {string[]} urls @param {(url: string) => string} head the first bytes of a script @param {string} page
 */
export function runtimeLast(urls, head, page) {
  const runtimes = urls.filter((url) => !head(url).startsWith(CHUNK_PREFIX));
  if (runtimes.length !== 1)
    throw new Error(
      `${page}: expected one framework runtime among its start-up scripts (the one that does not begin ` +
        `${CHUNK_PREFIX}), found ${runtimes.length}: ${runtimes.join(', ') || 'none'}`,
    );
  return [...urls.filter((url) => url !== runtimes[0]), /** @type {string} */ (runtimes[0])];
}

/** A chunk a script names for a dynamic import, as Turbopack writes it: 'static/chunks/<hash>.js'. */
const LAZY_CHUNK = /["'](static\/chunks\/[\w.-]+\.js)["']/g;

/** The words of a script's string literals: the class names it may render among them. @param {string} js */
export function scriptWords(js) {
  /** @type {Set<string>} */ const words = new Set();
  for (const [, double, single, template] of js.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`([^`]*)`/g))
    for (const word of (double ?? single ?? template ?? '').split(/\s+/)) if (word) words.add(word);
  return words;
}

/**
 * The names a page's rules are chosen by (inline-css.mjs): its elements' names and classes, and
 * the words of every script it runs.
 * @param {import('./page.mjs').PageShape} shape @param {Iterable<Set<string>>} scripts the words of its start-up scripts
 */
function namesOf(shape, scripts) {
  /** @type {Set<string>} */ const names = new Set(scriptWords(LOADER));
  for (const element of shape.elements) {
    names.add(element.name);
    for (const name of (element.attribs.class ?? '').split(/\s+/)) if (name) names.add(name);
    if (element.name === 'script' && !element.attribs.src)
      for (const word of scriptWords(rawText(element))) names.add(word);
  }
  for (const words of scripts) for (const word of words) names.add(word);
  return names;
}

/**
 * Writes the start-up loader where every page finds it: a file named by its content under
 * _next/static/ (cached for good, like Next's chunks), shared by all pages, so it costs no page
 * its bytes and no policy a hash. Returns its path, relative to the export.
 * @param {string} outDir
 */
function writeLoader(outDir) {
  const file = `_next/static/loader/${createHash('sha256').update(LOADER).digest('hex').slice(0, 16)}.js`;
  mkdirSync(path.join(outDir, path.dirname(file)), { recursive: true });
  writeFileSync(path.join(outDir, file), LOADER);
  return file;
}

/** A script chunk named in an RSC payload (the client components' chunks). */
const CHUNK_URL = /"([^"]*\/_next\/static\/chunks\/[^"]+\.js)"/g;

/** A file of the export as a URL. @param {string} file @param {string} basePath */
const fileUrl = (file, basePath) => `${basePath}/${file.split('/').map(encodeURIComponent).join('/')}`;

/**
 * Rewrites one page at a time (step 2 for one page), with what it reads once and shares between
 * pages (the start-up scripts' words and heads, the stylesheets' rules) kept between calls.
 * @param {Options & { loader: string, cache?: PageCache }} options
 * @returns {(page: string) => Promise<PageResult>}
 */
export function pageAdapter({ outDir, basePath, requireStylesheet = true, loader, cache }) {
  const stylesheetCss = inlineCss({ outDir });
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
      for (const [, chunk] of text.matchAll(LAZY_CHUNK)) {
        const lazy = `_next/${chunk}`;
        if (existsSync(path.join(outDir, lazy))) for (const word of wordsOf(lazy)) own.add(word);
      }
    }
    return /** @type {Set<string>} */ (words.get(file));
  };
  /** @param {string} page @returns {(url: string) => string} */
  const headOf = (page) => (url) => {
    if (!heads.has(url)) {
      const text = withoutHint(readFileSync(path.join(outDir, exportFile(url, basePath, page)), 'utf8'));
      heads.set(url, text.slice(0, CHUNK_PREFIX.length));
    }
    return /** @type {string} */ (heads.get(url));
  };

  /** @param {string} page @param {string} html @returns {Promise<{ result: PageResult, output: string }>} */
  const adapt = async (page, html) => {
    const inspected = inspectPage(html, page, { requireStylesheet });
    const shape = { ...inspected, scripts: runtimeLast(inspected.scripts, headOf(page), page) };
    const folders = routeFolders(page);
    const rsc = folders.flatMap((folder) => rscFiles(outDir, folder));
    let payload;
    /** @type {string | undefined} */
    let css;
    if (shape.adapted) {
      payload = exportFile(shape.payloadUrl, basePath, page);
      if (!existsSync(path.join(outDir, payload))) throw new Error(`${page}: its payload ${payload} is missing`);
    } else {
      // The loader fetches the route's own index.txt: it must hold exactly what Next inlined.
      payload = folders
        .map((folder) => `${folder}index.txt`)
        .find(
          (candidate) =>
            rsc.includes(candidate) && readFileSync(path.join(outDir, candidate), 'utf8') === shape.payload,
        );
      if (!payload)
        throw new Error(
          `${page}: no RSC file holds its inline payload (looked for ${folders.map((folder) => `${folder}index.txt`).join(', ')})`,
        );
      const stylesheets = shape.stylesheets.map((url) => exportFile(url, basePath, page));
      const startup = shape.scripts.map((url) => wordsOf(exportFile(url, basePath, page)));
      if (stylesheets.length) css = await stylesheetCss(stylesheets, namesOf(shape, startup));
    }
    const payloadText = await readFile(path.join(outDir, payload), 'utf8');
    // The chunks of the client components the page renders: the runtime loads them at start.
    const chunks = [...payloadText.matchAll(CHUNK_URL)]
      .map(([, url]) => url ?? '')
      .filter((url) => url.startsWith(`${basePath}/`))
      .map((url) => exportFile(url, basePath, page));
    const result = rewritePage(html, shape, {
      css,
      payloadUrl: fileUrl(payload, basePath),
      build: payloadBuildId(payloadText, payload),
      loaderUrl: fileUrl(loader, basePath),
      keepLoadTimeLinks: page === 'index.html',
      page,
    });
    const rewritten = result.html !== html;
    const scripts = shape.scripts.map((url) => exportFile(url, basePath, page));
    const outside = scripts.find((script) => !script.startsWith('_next/static/'));
    if (outside) throw new Error(`${page}: a start-up script outside _next/static/: ${outside}`);
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
    if (!cache || [html, ...payloads].some((text) => text.includes(BUILD_ID_MARK))) {
      const { result, output } = await adapt(page, html);
      if (result.rewritten) await writeFile(file, output);
      return result;
    }
    const key = createHash('sha256').update(cache.context).update(`\0${page}\0`).update(neutral(cache, html));
    rsc.forEach((name, index) => key.update(`\0${name}\0`).update(neutral(cache, payloads[index] ?? '')));
    const cacheKey = key.digest('hex');
    const cached = path.join(cache.dir, `${cacheKey}.json.gz`);
    /** @type {{ result: PageResult, output: string } | undefined} */
    let made;
    try {
      made = JSON.parse(restore(cache, gunzipSync(await readFile(cached)).toString('utf8')));
    } catch {
      // Not kept yet (or unreadable): rewrite the page, and keep what it gave.
    }
    const fromCache = made !== undefined;
    if (!made) {
      made = await adapt(page, html);
      await writeFile(cached, gzipSync(neutral(cache, JSON.stringify(made)), { level: 1 }));
    }
    if (made.output !== html) await writeFile(file, made.output);
    return { ...made.result, cacheKey, fromCache };
  };
}

/**
 * The page step's cache: each page's rewritten HTML and manifest entry, kept under a hash of all
 * that went into them: the context (the adapter's code, the installed packages, every file
 * under _next/static/ — chunks, stylesheets, the loader — the base path), the page's HTML and its
 * route's RSC files. A warm build of unchanged pages then only reads, hashes and writes them:
 * at 2,000 courses that is about 10 s of parsing saved.
 *
 * Next names every build with a new random id, which pages and payloads carry (and the loader
 * checks): it is hashed and kept as a placeholder (`neutral`), and the current id put back
 * (`restore`), so that the same pages of two builds share their entries. Plain data: it goes to
 * the worker threads.
 * @typedef {{ dir: string, context: string, buildId: string }} PageCache
 */

/** Stands for the build id in the page cache (invisible separators: valid as is in HTML and JSON). */
const BUILD_ID_MARK = '\u2063build-id\u2063';

/** @param {{ buildId: string }} cache @param {string} text */
const neutral = (cache, text) => text.replaceAll(cache.buildId, BUILD_ID_MARK);
/** @param {{ buildId: string }} cache @param {string} text */
const restore = (cache, text) => text.replaceAll(BUILD_ID_MARK, cache.buildId);

/** @param {Options} options @returns {PageCache | undefined} */
function pageCache({ outDir, basePath, requireStylesheet = true, pageCacheDir: cacheDir }) {
  if (!cacheDir) return undefined;
  const ids = { buildId: exportBuildId(outDir) };
  const context = createHash('sha256').update(`${basePath}\0${requireStylesheet}\0`);
  const here = path.dirname(fileURLToPath(import.meta.url));
  // The adapter's code: its own modules and the shared ones they import (lib/*.mjs).
  for (const dir of [here, path.join(here, '../../lib')])
    for (const file of filesNamed(dir, '.mjs').filter((name) => !name.includes('/')))
      context.update(`\0${file}\0`).update(readFileSync(path.join(dir, file)));
  context.update(readFileSync(path.join(here, '../../package-lock.json')));
  // Chunks, stylesheets and the loader; Next's build-id folder among them. Latin-1 reads any bytes as they are.
  // In the order of their names without the build id, which sorts anywhere among them.
  const statics = filesNamed(path.join(outDir, '_next/static'), '').map((file) => ({ name: neutral(ids, file), file }));
  for (const { name, file } of statics.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const bytes = readFileSync(path.join(outDir, '_next/static', file)).toString('latin1');
    context.update(`\0${name}\0`).update(neutral(ids, bytes));
  }
  mkdirSync(cacheDir, { recursive: true });
  return { dir: cacheDir, context: context.digest('hex'), ...ids };
}

/**
 * Removes the page cache's entries this build did not use: what is left is one entry per page of
 * the export, so the cache grows with the catalogue, not with the builds.
 * @param {PageCache} cache @param {Iterable<PageResult>} results
 */
function pruneCache(cache, results) {
  const used = new Set([...results].map((result) => `${result.cacheKey}.json.gz`));
  for (const name of readdirSync(cache.dir))
    if (name.endsWith('.json.gz') && !used.has(name)) rmSync(path.join(cache.dir, name), { force: true });
}

/**
 * Rewrites `pages` in this thread, a few at a time so that reading and writing files overlaps
 * the parsing.
 * @param {string[]} pages @param {Options & { loader: string, cache?: PageCache }} options
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
 * @param {string[]} pages @param {Options & { loader: string, cache?: PageCache }} options
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
 * Steps 1 and 2: rewrites every page of the export and writes the manifest.
 * @param {Options} options
 * @returns {Promise<{ manifest: ExportManifest, summary: string }>}
 */
export async function adaptPages({ outDir, basePath, requireStylesheet = true, pageCacheDir }) {
  if (!existsSync(path.join(outDir, 'index.html'))) throw new Error(`No export in ${outDir} (no index.html)`);
  const removed = dropUnrequestedRsc(outDir);
  const loader = writeLoader(outDir);
  const pages = filesNamed(outDir, '.html');
  const cache = pageCache({ outDir, basePath, requireStylesheet, pageCacheDir });
  const results = await adaptAll(pages, { outDir, basePath, requireStylesheet, loader, cache });
  if (cache) pruneCache(cache, results.values());
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
 * Every step, in order, over an export of the storefront.
 * @param {Options} options
 * @param {(line: string) => void} [log]
 */
export async function adaptExport(options, log = console.log) {
  const steps = /** @type {const} */ ([
    ['plan', async () => writePlan(options)],
    ['pages', async () => (await adaptPages(options)).summary],
    ['images', async () => (await import('./images.mjs')).run(options)],
    ['link previews', async () => (await import('./og.mjs')).run(options)],
    ['search index', async () => (await import('./search-index.mjs')).run(options)],
    ['service worker', async () => (await import('./service-worker.mjs')).run(options)],
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
