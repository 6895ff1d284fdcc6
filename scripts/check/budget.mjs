/**
 * Page-weight budget: what each page loads at start against the reference app, built by the same
 * Next.js in the same run (not size-limit's absolute sizes of files named in advance).
 *
 *   node scripts/check/budget.mjs [outDir=out] [--fresh]
 *
 * Builds budget/reference (the least JavaScript any App Router page ships) into out-budget/, kept
 * per Next/React version and source (--fresh rebuilds), and runs the export adapter over a copy: a
 * Next upgrade that changes its pages' shape fails here, the page named. Fails when a page's start-up
 * scripts (gzip -9, from the manifest) pass the reference's by more than BUDGET_OVER_REFERENCE, or
 * carry a course's text: catalogue data stays in the HTML of the pages that show it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readEnv } from '../../config/env.mjs';
import { requireBuild } from '../build.mjs';

const { adaptPages, exportBuildId, filesNamed, manifestFile, readManifest, STATIC_DIR, writeManifest } = requireBuild();

/**
 * A page may load at most 20 KB more at start than the reference. Scripts loaded later on demand (a
 * search index) are not counted and may hold course text; `nomodule` polyfills, which modern
 * browsers skip, are not counted either.
 */
const BUDGET_OVER_REFERENCE = 20 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

const args = process.argv.slice(2);
const fresh = args.includes('--fresh');
const outDir = path.resolve(root, args.find((arg) => !arg.startsWith('--')) ?? 'out');

const kb = (bytes) => (bytes / 1024).toFixed(1);

const gzipCache = new Map();
function gzippedSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Every page of an adapted export with the scripts it loads at start (from its manifest) and their gzipped bytes. */
function measure(dir) {
  return Object.entries(readManifest(dir).pages)
    .map(([file, entry]) => {
      // The loader is a start-up script too (a file of its own since it left the page's HTML).
      const scripts = [...entry.scripts, ...(entry.loader ? [entry.loader] : [])].map((script) =>
        path.join(dir, script),
      );
      const missing = scripts.filter((script) => !existsSync(script));
      if (missing.length) throw new Error(`${file} loads missing files: ${missing.join(', ')}`);
      const page = `/${file}`.replace(/(^|\/)index\.html$/, '$1');
      return { page, scripts, bytes: scripts.reduce((sum, script) => sum + gzippedSize(script), 0) };
    })
    .sort((a, b) => a.page.localeCompare(b.page));
}

async function referenceFigure() {
  const source = path.join(root, 'budget/reference');
  const work = path.join(root, 'out-budget/reference');
  const cacheFile = path.join(root, 'out-budget/reference-figure.json');
  const hash = createHash('sha256');
  for (const pkg of ['next', 'react', 'react-dom']) hash.update(`${pkg}@${require(`${pkg}/package.json`).version}\n`);
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
    const file = path.join(entry.parentPath, entry.name);
    hash.update(`${path.relative(source, file)}\n`).update(readFileSync(file));
  }
  const key = hash.digest('hex');

  const built = existsSync(cacheFile) && JSON.parse(readFileSync(cacheFile, 'utf8')).key === key;
  if (fresh || !built || !existsSync(path.join(work, 'out/index.html'))) {
    console.log('Building the reference app (budget/reference) ...');
    rmSync(work, { recursive: true, force: true });
    mkdirSync(path.dirname(work), { recursive: true });
    cpSync(source, work, { recursive: true });
    const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
    delete env.BASE_PATH;
    delete env.NEXT_DIST_DIR;
    execFileSync(path.join(root, 'node_modules/.bin/next'), ['build'], {
      cwd: work,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    writeFileSync(cacheFile, `${JSON.stringify({ key }, null, 2)}\n`);
  }

  // The contract test, on a copy: out-budget/reference/out stays as Next wrote it (the Lighthouse yardstick).
  const adapted = path.join(root, 'out-budget/reference-adapted');
  rmSync(adapted, { recursive: true, force: true });
  cpSync(path.join(work, 'out'), adapted, { recursive: true });
  try {
    // The reference app has no CSS: its pages carry no stylesheet to require.
    const { manifest } = await adaptPages({ outDir: adapted, basePath: '', requireStylesheet: false });
    await writeManifest(adapted, manifest);
  } catch (error) {
    console.error(
      `\nContract test FAILED: the export adapter (build/) no longer understands what Next.js ` +
        `${require('next/package.json').version} exports (a real build of budget/reference):\n  ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  }
  console.log('Contract test: the export adapter reads and rewrites a real build of budget/reference: OK');
  await checkPageCache(path.join(work, 'out'), adapted);
  const [page] = measure(adapted).filter((entry) => entry.page === '/');
  if (!page) throw new Error('The reference build has no index.html');
  return { bytes: page.bytes, scripts: page.scripts.length };
}

/** Every file of a folder with its bytes (Latin-1 keeps any bytes as they are). @param {string} dir */
const snapshot = (dir) => filesNamed(dir, '').map((file) => `${file}\n${readFileSync(path.join(dir, file), 'latin1')}`);

/**
 * Next's export as the next build of the same sources writes it: the same, under a new build id.
 * @param {string} dir @param {string} from @param {string} to
 */
function rebuildAs(dir, from, to) {
  for (const file of filesNamed(dir, '')) {
    const text = readFileSync(path.join(dir, file), 'latin1');
    if (text.includes(from)) writeFileSync(path.join(dir, file), text.replaceAll(from, to), 'latin1');
  }
  for (const file of filesNamed(dir, '').filter((name) => name.includes(from))) {
    mkdirSync(path.dirname(path.join(dir, file.replaceAll(from, to))), { recursive: true });
    renameSync(path.join(dir, file), path.join(dir, file.replaceAll(from, to)));
  }
  rmSync(path.join(dir, STATIC_DIR, from), { recursive: true, force: true });
}

/**
 * The build's page cache (build/adapter.ts) on the same real output: adapted with the
 * cache empty, then from a fresh copy under a new build id (Next names every build anew) with the
 * cache full: every page must come from the cache the second time, and both exports must be
 * byte for byte the same export adapted without a cache (under their own build id, and so with
 * their own payloads' marks).
 * @param {string} built Next's export @param {string} adapted the same, adapted without a cache
 */
async function checkPageCache(built, adapted) {
  const cacheRoot = path.join(root, 'out-budget/cache');
  rmSync(cacheRoot, { recursive: true, force: true });
  const buildId = exportBuildId(built);
  // On the other side of the static folder's folders (chunks, loader, media) from the first id.
  const rebuiltId = `${buildId < 'm' ? 'z' : 'A'}NextBuildOfTheSameApp`.slice(0, buildId.length);
  const problems = [];
  for (const [pass, id] of [
    ['empty', buildId],
    ['full', rebuiltId],
  ]) {
    const dir = path.join(root, `out-budget/reference-cache-${pass}`);
    rmSync(dir, { recursive: true, force: true });
    cpSync(built, dir, { recursive: true });
    if (id !== buildId) rebuildAs(dir, buildId, id);
    // The same export adapted without a cache.
    const expected = id === buildId ? adapted : `${dir}-expected`;
    if (expected !== adapted) {
      rmSync(expected, { recursive: true, force: true });
      cpSync(dir, expected, { recursive: true });
      await writeManifest(
        expected,
        (await adaptPages({ outDir: expected, basePath: '', requireStylesheet: false })).manifest,
      );
    }
    const { manifest, summary } = await adaptPages({
      outDir: dir,
      basePath: '',
      requireStylesheet: false,
      cacheRoot,
    });
    await writeManifest(dir, manifest);
    const pages = Number(/^(\d+) pages/.exec(summary)?.[1]);
    const cached = Number(/(\d+) from the page cache/.exec(summary)?.[1]);
    if (cached !== (pass === 'full' ? pages : 0)) problems.push(`cache ${pass}: ${summary}`);
    const withManifest = (/** @type {string} */ folder) => [
      ...snapshot(folder),
      readFileSync(manifestFile(folder), 'utf8'),
    ];
    if (JSON.stringify(withManifest(dir)) !== JSON.stringify(withManifest(expected)))
      problems.push(`cache ${pass}: the export differs from the one adapted without a cache`);
    for (const folder of [dir, expected].filter((folder) => folder !== adapted))
      for (const file of [folder, manifestFile(folder)]) rmSync(file, { recursive: true, force: true });
  }
  if (problems.length) {
    console.error(`\nPage cache FAILED:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('Page cache: the next build of the same pages takes every page from the cache, with the same export: OK');
}

/**
 * Course-only strings: each description and 'What you'll learn' line of the catalogue this
 * export was built from (CATALOGUE, or data/courses.json), cut to the start of its longest
 * plain-ASCII run (at most 60 characters), so that a minifier's escaping of quotes or accents
 * can't hide it.
 */
function courseOnlyText() {
  const file = readEnv().CATALOGUE;
  const courses = JSON.parse(readFileSync(path.resolve(root, file), 'utf8'));
  const needles = [];
  for (const course of courses) {
    for (const [field, text] of [
      ['description', course.description],
      ...course.what_you_will_learn.map((line) => ['what_you_will_learn', line]),
    ]) {
      const run = text.split(/[^A-Za-z0-9 ,.;:()-]+/).reduce((a, b) => (b.length > a.length ? b : a), '');
      if (run.length >= 24) needles.push({ text: run.slice(0, 60), where: `${course.id} ${field}` });
    }
  }
  if (needles.length < courses.length) throw new Error(`Found too little course text in ${file} to check`);
  return needles;
}

const started = Date.now();
if (!existsSync(path.join(outDir, 'index.html'))) {
  console.error(`No export in ${path.relative(root, outDir) || '.'}/: run \`npm run build\` first.`);
  process.exit(1);
}
const reference = await referenceFigure();
const limit = reference.bytes + BUDGET_OVER_REFERENCE;
const pages = measure(outDir);
const needles = courseOnlyText();

const leaksByScript = new Map();
function leaks(script) {
  if (!leaksByScript.has(script)) {
    const code = readFileSync(script, 'utf8');
    leaksByScript.set(
      script,
      needles.filter((needle) => code.includes(needle.text)),
    );
  }
  return leaksByScript.get(script);
}

const failures = [];
/** Script → the pages that load it, for scripts holding course-only text. */
const leakingPages = new Map();
const width = Math.max(...pages.map((entry) => entry.page.length), 24);
console.log(`\nJavaScript loaded at start, gzip -9 (${path.relative(root, outDir)}/)\n`);
console.log(`${'page'.padEnd(width)}  ${'KB'.padStart(6)}  ${'vs ref'.padStart(7)}`);
console.log(`${'reference (budget/reference)'.padEnd(width)}  ${kb(reference.bytes).padStart(6)}  ${''.padStart(7)}`);
for (const entry of pages) {
  const delta = entry.bytes - reference.bytes;
  const over = entry.bytes > limit;
  console.log(
    `${entry.page.padEnd(width)}  ${kb(entry.bytes).padStart(6)}  ${`${delta >= 0 ? '+' : ''}${kb(delta)}`.padStart(7)}${over ? '  OVER BUDGET' : ''}`,
  );
  if (over)
    failures.push(
      `${entry.page} loads ${kb(entry.bytes)} KB of JavaScript, over the budget of ${kb(limit)} KB (reference + 20 KB)`,
    );
  for (const script of entry.scripts) {
    if (leaks(script).length) (leakingPages.get(script) ?? leakingPages.set(script, []).get(script)).push(entry.page);
  }
}
for (const [script, loadedBy] of leakingPages) {
  const found = leaks(script).map((needle) => `${needle.where} "${needle.text}…"`);
  failures.push(
    `${path.relative(outDir, script)}, loaded at start by ${loadedBy.length} page(s) (${loadedBy.slice(0, 3).join(', ')}${loadedBy.length > 3 ? ', …' : ''}), ` +
      `contains course-only text: ${found.slice(0, 3).join('; ')}${found.length > 3 ? ` and ${found.length - 3} more` : ''}`,
  );
}
const largest = Math.max(...pages.map((entry) => entry.bytes));
console.log(
  `\nReference ${kb(reference.bytes)} KB, budget ${kb(limit)} KB, largest page ${kb(largest)} KB (+${kb(largest - reference.bytes)} KB); ` +
    `${pages.length} pages, ${needles.length} course-only strings checked in ${leaksByScript.size} scripts, ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);

if (failures.length) {
  console.error(`\nPage-weight budget FAILED:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  process.exit(1);
}
console.log('Page-weight budget: OK');
