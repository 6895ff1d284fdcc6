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
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';
import { filesNamed, incompleteGzipFiles } from './files.mjs';

/**
 * The hash of the pages the index is built from, kept beside it: Pagefind's output differs from
 * run to run (the order of its filter maps), so an index of unchanged pages is kept as it is, and
 * a second run of the adapter changes nothing.
 */
const SOURCES_FILE = '.sources-sha256';

/** @param {{ outDir: string, basePath: string }} options */
export async function run({ outDir }) {
  const outputPath = path.join(outDir, 'pagefind');
  const hash = createHash('sha256');
  for (const page of filesNamed(path.join(outDir, 'courses'), 'index.html')) {
    hash.update(`${page}\n`).update(readFileSync(path.join(outDir, 'courses', page)));
  }
  const sources = hash.digest('hex');
  const stamp = path.join(outputPath, SOURCES_FILE);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === sources)
    return 'the index of these course pages is up to date';

  let summary = await writeIndex(outDir, outputPath);
  let broken = incompleteGzipFiles(outputPath);
  // Seen once, with two builds running at once: a file cut short at 64 KiB. Written again, it is whole.
  if (broken.length) summary = await writeIndex(outDir, outputPath);
  broken = incompleteGzipFiles(outputPath);
  if (broken.length) throw new Error(`Pagefind wrote incomplete files (their gzip ends early): ${broken.join(', ')}`);
  writeFileSync(stamp, sources);
  return summary;
}

/** Pagefind's index of the course pages of `outDir`, written to `outputPath`. @param {string} outDir @param {string} outputPath */
async function writeIndex(outDir, outputPath) {
  rmSync(outputPath, { recursive: true, force: true });
  /*
   * One index for every page, under a language code Pagefind has no stemmer for: words are
   * indexed as written, so that a query word matches only words it starts ('aws' must not find
   * 'await' through the English stem 'aw'), as search did before Pagefind.
   */
  const { index, errors } = await pagefind.createIndex({ forceLanguage: 'zz' });
  try {
    if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: outDir, glob: 'courses/**/index.html' });
    if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    if (added.page_count === 0) throw new Error(`Pagefind found no course pages in ${outDir}`);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
    // The site draws its own UI: Pagefind's prebuilt UIs go.
    for (const file of readdirSync(outputPath)) {
      if (/^pagefind-(component-|modular-)?ui\.|^pagefind-highlight\.js$/.test(file)) {
        rmSync(path.join(outputPath, file));
      }
    }
    return `${added.page_count} course pages indexed into ${path.relative(process.cwd(), outputPath)}/`;
  } finally {
    await pagefind.close();
  }
}
