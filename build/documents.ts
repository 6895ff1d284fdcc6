/**
 * The export's pages that Next does not make ('Show all reviews': reviews.tsx): Next
 * renders each page at a cost of its own, and these are about one a course (docs/performance.md,
 * 'With reviews shown'). Each is rendered with React's server renderer and the site's components,
 * its stylesheet links replaced by the rules it uses (inline-css.ts), a CSP <meta> added, and its
 * entry added to the manifest: no script, no payload; it never hydrates. The finished page is kept
 * in the cache (documents/) by a hash of the rendered one, its path, policy and stylesheets.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ALL_PACKAGES, CACHES, cacheKey, exportCode, openCache, readJsonEntry, writeJsonEntry } from './cache';
import { contentSecurityPolicy, cspMeta, inlineScriptHashes, unallowedInlineScripts, unsafeMarkup } from './csp';
import { fileUrl } from './files';
import { applyEdits, elements, parsePage, range } from './html';
import { inlineCss, namesOf } from './inline-css';
import { manifestEntry } from './manifest';
import { routePage } from './next-output';
import { renderReviewsPage } from './reviews';
import { shareOut } from './threads';
import { adoptCatalogue, catalogueState, type CatalogueState } from '../lib/server/catalogue';
import type { ExportPlan } from './export-plan';
import type { Cache } from './cache';
import type { Edit } from './html';
import type { ExportManifest, PageEntry } from './manifest';

export type PlannedDocument = ExportPlan['documents'][number];

/**
 * A rendered document as the export ships it: its stylesheet links replaced by the rules it uses
 * (`css`), and its policy first in the head, after the charset. Returns it with its inline scripts' hashes.
 * @param page its path in the export, for messages and the policy
 */
export async function finishDocument(html: string, page: string, cssFor: (names: Set<string>) => Promise<string>) {
  const all = elements(parsePage(html));
  const unsafe = all.flatMap(unsafeMarkup);
  if (unsafe.length)
    throw new Error(`${page}: markup that a strict CSP only allows with 'unsafe-inline': ${unsafe.join('; ')}`);
  const charset = all.find((element) => element.name === 'meta' && 'charset' in element.attribs);
  if (!charset) throw new Error(`${page}: no <meta charset>`);
  const links = all.filter((element) => element.name === 'link' && element.attribs.rel === 'stylesheet');
  const css = await cssFor(namesOf({ elements: all }, new Set(), []));
  const hashes = inlineScriptHashes(all);

  const edits: Edit[] = links.map((link, index) => ({
    ...range(link),
    text: index === 0 ? `<style>${css}</style>` : '',
  }));
  const at = range(charset).end;
  edits.push({ start: at, end: at, text: cspMeta(contentSecurityPolicy(hashes, page)) });
  return { html: applyEdits(html, edits), inlineScriptHashes: hashes };
}

type Finished = { html: string; inlineScriptHashes: string[] };

/** The cache and a hash of the stylesheets' bytes (plain data: it goes to the worker threads). */
type DocumentCache = { cache: Cache; context: string };

/**
 * A page finished, from the cache when it has it (and its policy still runs its scripts).
 * @param html as rendered */
export async function finishedFromCache(
  html: string,
  page: string,
  finish: () => Promise<Finished>,
  cache: DocumentCache | undefined,
): Promise<Finished & { fromCache?: boolean }> {
  if (!cache) return finish();
  const key = cacheKey(cache.cache, cache.context, page, contentSecurityPolicy([], page), html);

  const kept = await readJsonEntry<Finished>(cache.cache, key);
  if (kept && !unallowedInlineScripts(kept.html, kept.inlineScriptHashes)) return { ...kept, fromCache: true };
  const done = await finish();
  await writeJsonEntry(cache.cache, key, done);
  return done;
}

/**
 * Renders, finishes and writes `keys`' pages; their manifest entries by page, and how many came
 * from the cache. `catalogue`: what this process's plan read, so that a worker thread does not read
 * it again.
 */
export async function writeDocuments(
  keys: PlannedDocument[],
  {
    outDir,
    basePath,
    stylesheets,
    catalogue,
    cache,
  }: {
    outDir: string;
    basePath: string;
    stylesheets: string[];
    catalogue: CatalogueState;
    cache?: DocumentCache;
  },
): Promise<{ entries: [string, PageEntry][]; fromCache: number }> {
  if (!keys.length) return { entries: [], fromCache: 0 };

  adoptCatalogue(catalogue);
  const stylesheetCss = inlineCss({ outDir });
  const urls = stylesheets.map((file) => fileUrl(file, basePath));

  const entries: [string, PageEntry][] = [];
  let fromCache = 0;
  for (const key of keys) {
    const { route, html } = renderReviewsPage(key, urls);
    if (route !== key.route) throw new Error(`reviews pages: the plan has ${key.route} where the page is ${route}`);
    const page = routePage(decodeURIComponent(route));
    const done = await finishedFromCache(
      html,
      page,
      () => finishDocument(html, page, (names) => stylesheetCss(stylesheets, names)),
      cache,
    );
    if (done.fromCache) fromCache++;
    const file = path.join(outDir, page);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, done.html);
    entries.push([
      page,
      manifestEntry({
        url: `${basePath}${route}`,
        stylesheets,
        inlineScriptHashes: done.inlineScriptHashes,
        html: done.html,
      }),
    ]);
  }
  return { entries, fromCache };
}

/**
 * The step: every page the plan lists (`documents`), written, and added to the build's manifest.
 * `cacheRoot`: the build's cache (none: every page is finished again).
 */
export async function run({
  outDir,
  basePath,
  cacheRoot,
  documents,
  manifest,
}: {
  outDir: string;
  basePath: string;
  cacheRoot?: string;
  documents: PlannedDocument[];
  manifest: ExportManifest;
}) {
  const pages = Object.values(manifest.pages);
  // The stylesheets every page of Next's links: the root layout's.
  const stylesheets = (pages[0]?.stylesheets ?? []).filter((file) =>
    pages.every((entry) => entry.stylesheets.includes(file)),
  );
  if (!stylesheets.length) throw new Error('reviews pages: the pages of the export share no stylesheet');

  let cache: DocumentCache | undefined;
  if (cacheRoot) {
    const context = createHash('sha256');
    for (const file of stylesheets)
      context
        .update(`${file}\0`)
        .update(readFileSync(path.join(outDir, file)))
        .update('\0');
    cache = {
      cache: openCache(CACHES.documents, { code: exportCode(), packages: [ALL_PACKAGES] }, cacheRoot),
      context: context.digest('hex'),
    };
  }

  const { parts, threads } = await shareOut('reviews pages', writeDocuments, documents, {
    options: { outDir, basePath, stylesheets, catalogue: catalogueState(), cache },
  });
  const entries = parts.flatMap((part) => part.entries);
  const fromCache = parts.reduce((sum, part) => sum + part.fromCache, 0);
  for (const [page, entry] of entries) {
    if (manifest.pages[page]) throw new Error(`reviews pages: ${page} is a page of Next's too`);
    manifest.pages[page] = entry;
  }
  const bytes = entries.reduce((sum, [, entry]) => sum + entry.bytes.html, 0);
  return (
    `${entries.length} pages made without Next (${threads} thread${threads === 1 ? '' : 's'}${cache ? `, ${fromCache} finished in the cache` : ''}), ` +
    `${(bytes / 1024 ** 2).toFixed(1)} MB`
  );
}
