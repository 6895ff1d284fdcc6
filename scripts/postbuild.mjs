#!/usr/bin/env node
/**
 * What `next build` cannot do, done over the exported folder right after it, in this order:
 *
 *   0. duplicate RSC  each page's __next._full.txt, a copy of its index.txt the router never fetches
 *   1. search index   Pagefind indexes the course pages into <out>/pagefind/
 *   2. critical CSS   the CSS each page's markup uses, inlined once in its head
 *   3. start-up JS    the page's scripts and stylesheet added by a small loader once it has loaded, not fetched beside it
 *   4. CSP            a Content-Security-Policy <meta> first in every page's head, with the hashes of its inline scripts
 *   5. service worker <out>/sw.js precaching the app shell (last: it fingerprints the final files)
 *
 * The folder is NEXT_DIST_DIR (as `next build` used it) or out/. None of these steps adds
 * anything to a page's start-up JavaScript.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const outDir = path.resolve(process.env.NEXT_DIST_DIR || 'out');
const basePath = process.env.BASE_PATH ?? '';

const steps = [
  ['duplicate RSC', './postbuild/drop-duplicate-rsc.mjs'],
  ['search index', './postbuild/search-index.mjs'],
  ['critical CSS', './postbuild/critical-css.mjs'],
  ['start-up JS', './postbuild/startup-scripts.mjs'],
  ['CSP', './postbuild/csp.mjs'],
  ['service worker', './postbuild/service-worker.mjs'],
];

for (const [name, file] of steps) {
  const started = performance.now();
  const { run } = await import(file);
  const summary = await run({ outDir, basePath });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`postbuild: ${name} in ${seconds} s${summary ? `: ${summary}` : ''}`);
}
