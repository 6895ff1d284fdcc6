/**
 * The page step: every page Next exported parsed once, every rewrite applied in one pass and
 * written once (page.ts: inline stylesheet, start-up loader and payload, CSP), the router's
 * segment prefetch files no page requests removed (next-output.ts), the start-up scripts hinted
 * for eager compilation (compile-hints.ts), and the manifest's entries made. This is what depends
 * on the shape of Next's pages: the contract test runs it on a real build of the reference app
 * (scripts/check/budget.mjs).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readEnv } from '../config/env.mjs';
import { checkoutConfig } from '../config/checkout.mjs';
import { hintEagerCompile, withoutHint } from './compile-hints';
import { fileUrl, filesNamed } from './files';
import { inlineCss, namesOf } from './inline-css';
import { startupScripts } from './loader';
import { manifestEntry } from './manifest';
import {
  CHUNK_HEAD_LENGTH,
  STATIC_DIR,
  dropSegmentPrefetchFiles,
  isStaticFile,
  lazyChunks,
  loaderFile,
  payloadChunkUrls,
  payloadFileOf,
  routeFolders,
  routePage,
  runtimeLast,
  scriptWords,
} from './next-output';
import { inspectPage, payloadMark, rewritePage } from './page';
import { cachedPage, pageCache } from './page-cache';
import { shareOut } from './threads';

import type { ExportManifest, PageEntry } from './manifest';
import type { StartupScripts } from './loader';
import type { PageCache } from './page-cache';
import type { PageShape } from './page';
/**
 * `cacheRoot`: the build's cache (cache.ts), where the page step keeps each page's result by what
 * it was made from (page-cache.ts); the build sets it, the contract test does not (it must parse
 * every page). `documents`: the routes of the pages the export makes itself (the plan's,
 * documents.ts), which the page step leaves to the step that makes them.
 */
export type Options = {
  outDir: string;
  basePath: string;
  requireStylesheet?: boolean;
  cacheRoot?: string;
  documents?: string[];
};
/**
 * What the page step's every thread shares: the options, the loader's file (export-relative),
 * its script and its stub's, and the page cache. Plain data: it goes to the worker threads.
 */
export type PageOptions = Options & {
  loader: string;
  startup: StartupScripts;
  cache?: PageCache;
};
/**
 * What rewriting one page gives: its manifest entry, whether its HTML changed, the chunks of the
 * client components it renders (the runtime loads them at start), and whether it came from the
 * page cache.
 */
export type PageResult = { entry: PageEntry; rewritten: boolean; chunks: string[]; fromCache?: boolean };

const requireHere = createRequire(import.meta.url);

/** The RSC files of a route folder: its payload (the others are removed first). */
function rscFiles(outDir: string, folder: string) {
  const file = payloadFileOf(folder);
  return existsSync(path.join(outDir, file)) ? [file] : [];
}

/** A URL as written in a page, as a file of the export. */
function exportFile(url: string, basePath: string, page: string) {
  if (!url.startsWith(`${basePath}/`)) throw new Error(`${page}: ${url} is outside the site (${basePath}/)`);
  return decodeURIComponent(url.slice(basePath.length + 1).replace(/[?#].*$/, ''));
}

/**
 * Writes the start-up loader where every page finds it: a file named by its content under
 * Next's static folder (cached for good, like Next's chunks), shared by all pages, so it costs no page
 * its bytes and no policy a hash. Returns its path, relative to the export.
 * @param code the loader's script
 */
function writeLoader(outDir: string, code: string) {
  const file = loaderFile(createHash('sha256').update(code).digest('hex').slice(0, 16));
  mkdirSync(path.join(outDir, path.dirname(file)), { recursive: true });
  writeFileSync(path.join(outDir, file), code);
  return file;
}

/**
 * Rewrites one page at a time, with what it reads once and shares between pages (the start-up
 * scripts' words and heads, the stylesheets' rules) kept between calls.
 */
export function pageAdapter({
  outDir,
  basePath,
  requireStylesheet = true,
  loader,
  startup,
  cache,
}: PageOptions): (page: string) => Promise<PageResult> {
  const stylesheetCss = inlineCss({ outDir });
  const loaderWords = scriptWords(startup.loader);

  const heads: Map<string, string> = new Map();

  const words: Map<string, Set<string>> = new Map();
  /**
   * The words of a start-up script and of the chunks it may load on demand (a panel imported
   * when needed renders with the page's rules too), read once each.
   * @param file export-relative
   */
  const wordsOf = (file: string) => {
    if (!words.has(file)) {
      const text = readFileSync(path.join(outDir, file), 'utf8');
      const own: Set<string> = scriptWords(text);
      words.set(file, own);
      for (const lazy of lazyChunks(text))
        if (existsSync(path.join(outDir, lazy))) for (const word of wordsOf(lazy)) own.add(word);
    }
    return words.get(file)!;
  };

  const headOf =
    (page: string): ((url: string) => string) =>
    (url) => {
      if (!heads.has(url)) {
        const text = withoutHint(readFileSync(path.join(outDir, exportFile(url, basePath, page)), 'utf8'));
        heads.set(url, text.slice(0, CHUNK_HEAD_LENGTH));
      }
      return heads.get(url)!;
    };

  /**
   * The rules a page not yet adapted inlines (none without a stylesheet).
   * */
  const pageCss = async (page: string, shape: PageShape) => {
    const stylesheets = shape.stylesheets.map((url) => exportFile(url, basePath, page));
    const scriptsWords = shape.scripts.map((url) => wordsOf(exportFile(url, basePath, page)));
    return stylesheets.length ? stylesheetCss(stylesheets, namesOf(shape, loaderWords, scriptsWords)) : undefined;
  };

  const adapt = async (page: string, html: string): Promise<{ result: PageResult; output: string }> => {
    const inspected = inspectPage(html, page, { requireStylesheet });
    const shape = { ...inspected, scripts: runtimeLast(inspected.scripts, headOf(page), page) };
    const folders = routeFolders(page);
    const rsc = folders.flatMap((folder) => rscFiles(outDir, folder));
    let payload = '';

    let css: string | undefined;
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
    const payloadBytes = await readFile(path.join(outDir, payload));
    const payloadText = payloadBytes.toString('utf8');
    // The chunks of the client components the page renders: the runtime loads them at start.
    const chunks = payloadChunkUrls(payloadText)
      .filter((url) => url.startsWith(`${basePath}/`))
      .map((url) => exportFile(url, basePath, page));
    const result = rewritePage(html, shape, {
      css,
      payloadUrl: fileUrl(payload, basePath),
      mark: payloadMark(payloadBytes),
      loaderUrl: fileUrl(loader, basePath),
      stub: startup.stub,
      keepLoadTimeLinks: page === 'index.html',
      page,
    });
    const rewritten = result.html !== html;
    const scripts = shape.scripts.map((url) => exportFile(url, basePath, page));
    const outside = scripts.find((script) => !isStaticFile(script));
    if (outside) throw new Error(`${page}: a start-up script outside ${STATIC_DIR}/: ${outside}`);
    const entry = manifestEntry({
      url: fileUrl(page.replace(/(^|\/)index\.html$/, '$1'), basePath),
      scripts,
      loader,
      stylesheets: shape.stylesheets.map((url) => exportFile(url, basePath, page)),
      payload,
      rsc,
      inlineScriptHashes: result.inlineScriptHashes,
      html: result.html,
      payloadBytes: payloadBytes.length,
    });
    return { result: { entry, rewritten, chunks }, output: result.html };
  };

  return async (page) => {
    const file = path.join(outDir, page);
    const html = await readFile(file, 'utf8');
    const rsc = routeFolders(page).flatMap((folder) => rscFiles(outDir, folder));
    const files = await Promise.all(rsc.map((name) => readFile(path.join(outDir, name))));
    const payloads = files.map((bytes) => bytes.toString('utf8'));
    const marks = files.map(payloadMark);
    const { made, fromCache } = await cachedPage(cache, { page, html, rsc, payloads, marks }, () => adapt(page, html));
    if (made.output !== html) await writeFile(file, made.output);
    return { ...made.result, fromCache };
  };
}

/**
 * Rewrites `pages` in this thread, a few at a time so that reading and writing files overlaps
 * the parsing.
 */
export async function adaptEach(pages: string[], options: PageOptions): Promise<[string, PageResult][]> {
  const adapt = pageAdapter(options);

  const results: [string, PageResult][] = [];
  const queue = [...pages];
  const next = async () => {
    for (let page = queue.shift(); page; page = queue.shift()) results.push([page, await adapt(page)]);
  };
  await Promise.all(Array.from({ length: 4 }, next));
  return results;
}

/**
 * The page step: rewrites every page Next exported, and gives the manifest of them. The pages the
 * export makes itself (`documents`, documents.ts) are left as they are, and out of the manifest,
 * for their step: a second run over the export finds them there.
 */
export async function adaptPages({
  outDir,
  basePath,
  requireStylesheet = true,
  cacheRoot,
  documents = [],
}: Options): Promise<{ manifest: ExportManifest; summary: string }> {
  if (!existsSync(path.join(outDir, 'index.html'))) throw new Error(`No export in ${outDir} (no index.html)`);
  const made = new Set(documents.map(routePage));
  const pages = filesNamed(outDir, '.html').filter((page) => !made.has(page));
  const removed = await dropSegmentPrefetchFiles(outDir);
  const startup = await startupScripts({ ...readEnv(), BASE_PATH: basePath });
  const loader = writeLoader(outDir, startup.loader);
  const cache = pageCache({ outDir, basePath, requireStylesheet, cacheRoot }, startup.stub);
  // Rewriting is parsing and string work, bound by one core at a time.
  const { parts } = await shareOut('pages', adaptEach, pages, {
    options: { outDir, basePath, requireStylesheet, loader, startup, cache },
  });

  const entries: Record<string, PageEntry> = {};
  let rewritten = 0;
  let fromCache = 0;

  const clientChunks: Set<string> = new Set();
  for (const [page, result] of parts.flat()) {
    entries[page] = result.entry;
    if (result.rewritten) rewritten++;
    if (result.fromCache) fromCache++;
    for (const chunk of result.chunks) clientChunks.add(chunk);
  }

  const manifest: ExportManifest = {
    version: 1,
    next: requireHere('next/package.json').version,
    basePath,
    checkout: checkoutConfig(readEnv()),
    pages: entries,
  };
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
