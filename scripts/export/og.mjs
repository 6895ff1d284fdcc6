// @ts-check
/**
 * The export's link-preview images, /og/default.jpg and /og/<id>.jpg, as the plan lists them
 * (lib/build/og-previews.ts), drawn by og-render.mjs in worker threads (satori's layout is
 * JavaScript). Each is kept in the cache (og/) by a hash of what decides its pixels, so a warm
 * build draws none and a renamed course draws its own. Outside `next build` on purpose: as routes
 * they came last in the list Next splits between its workers, and left one worker alone with most
 * of the course pages.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CACHES, CACHE_ROOT, cacheKey, cacheVersion, entryPath, openCache, touchEntry } from './cache.mjs';
import { inWorkerThreads } from './threads.mjs';

/** @typedef {import('../../lib/build/og-previews').OgPreviews} OgPreviews */
/** @typedef {import('../../lib/build/og-previews').OgPreview} OgPreview */
/** @typedef {import('../../lib/build/og-previews').OgDesign} OgDesign */
/** @typedef {{ preview: OgPreview, file: string }} Job an image to draw, and the cache file it goes to */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The modules whose code draws a preview. */
const RENDERER_FILES = ['scripts/export/og-render.mjs', 'scripts/export/og-fonts.mjs'];

/** The packages that draw, encode, or give a preview its glyphs. */
function rendererPackages() {
  const fontsource = path.join(root, 'node_modules/@fontsource');
  return ['satori', 'sharp', '@twemoji/svg', ...readdirSync(fontsource).map((name) => `@fontsource/${name}`)];
}

/** What makes a preview besides its entry: the renderer's code, and its packages' versions. */
const rendererSources = () => ({ code: RENDERER_FILES, packages: rendererPackages() });

/** @type {string | undefined} */
let version;

/** The renderer's version in the cache (cache.mjs), computed once. */
const rendererVersion = () => (version ??= cacheVersion(CACHES.og, rendererSources()));

/**
 * The cache file name of an image that draws `preview` with `design`: its file name under /og/
 * is not part of it, so courses that show the same texts share one drawing.
 * @param {OgPreview} preview
 * @param {OgDesign} design
 */
export function previewKey(preview, design) {
  const drawn = { ...preview, file: undefined };
  return `${cacheKey({ dir: '', version: rendererVersion() }, JSON.stringify({ design, drawn }))}.jpg`;
}

/**
 * Draws `jobs` in worker threads (og-worker.mjs), one per core, each writing its images into the
 * cache. Resolves when all are written.
 * @param {Job[]} jobs
 * @param {OgDesign} design
 */
async function drawInWorkers(jobs, design) {
  await inWorkerThreads(new URL('./og-worker.mjs', import.meta.url), jobs, {
    threads: Math.max(1, Math.min(availableParallelism(), jobs.length)),
    name: 'link previews',
    data: { design },
  });
}

/**
 * The plan's list of previews, checked: its file names become paths.
 * @param {OgPreviews} list
 * @returns {OgPreviews}
 */
function checkedPreviews(list) {
  for (const { file } of list.previews) {
    if (!/^[^/\\]+\.jpg$/.test(file) || file.startsWith('.'))
      throw new Error(`link previews: the plan names "${file}", which is not a file name under og/`);
  }
  return list;
}

/**
 * Writes every image the plan lists (`previews`) into og/, drawing only those the cache lacks (each
 * drawn into its cache entry, written whole: cache.mjs's writeAtomic). `draw` is the drawing (tests
 * pass their own).
 * @param {{ outDir: string, cacheRoot?: string, previews: OgPreviews, draw?: (jobs: Job[], design: OgDesign) => Promise<void> }} options
 * @returns {Promise<{ images: number, drawn: number, cacheDir: string }>}
 */
export async function makePreviews({ outDir, cacheRoot = CACHE_ROOT, previews: list, draw = drawInWorkers }) {
  const { design, previews } = checkedPreviews(list);
  const cache = openCache(CACHES.og, rendererSources(), cacheRoot);
  await mkdir(path.join(outDir, 'og'), { recursive: true });
  /** @type {Map<string, Job>} */
  const missing = new Map();
  const cached = new Set(readdirSync(cache.dir));
  const keys = previews.map((preview) => previewKey(preview, design));
  previews.forEach((preview, index) => {
    const key = /** @type {string} */ (keys[index]);
    if (!cached.has(key) && !missing.has(key)) missing.set(key, { preview, file: entryPath(cache, key) });
  });
  if (missing.size) await draw([...missing.values()], design);
  await Promise.all(
    previews.map(({ file }, index) =>
      copyFile(entryPath(cache, /** @type {string} */ (keys[index])), path.join(outDir, 'og', file)),
    ),
  );
  await Promise.all([...new Set(keys)].map((key) => touchEntry(cache, key)));
  return { images: previews.length, drawn: missing.size, cacheDir: cache.dir };
}

/**
 * The build's step.
 * @param {{ outDir: string, cacheRoot?: string, previews: OgPreviews }} options
 */
export async function run({ outDir, cacheRoot = CACHE_ROOT, previews }) {
  const { images, drawn, cacheDir } = await makePreviews({ outDir, cacheRoot, previews });
  return `${images} images, ${drawn} drawn (the rest from ${path.relative(root, cacheDir)}/)`;
}

// node scripts/export/og.mjs <previews.json> <export> [cache root]: this step alone, for the plan's
// list of previews in a file (its unit test runs it so).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [previews = '', outDir = 'out', cacheRoot = CACHE_ROOT] = process.argv.slice(2);
  run({
    outDir: path.resolve(outDir),
    cacheRoot: path.resolve(cacheRoot),
    previews: JSON.parse(readFileSync(previews, 'utf8')),
  }).then(console.log, (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
