/**
 * The export's link-preview images, /og/default.jpg and /og/<id>.jpg, as the plan lists them
 * (build/og-previews.ts), drawn by og-render.ts in worker threads (satori's layout is
 * JavaScript). Each is kept in the cache (og/) by a hash of what decides its pixels, so a warm
 * build draws none and a renamed course draws its own. Outside `next build` on purpose: as routes
 * they came last in the list Next splits between its workers, and left one worker alone with most
 * of the course pages.
 */
import { readdirSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { CACHES, CACHE_ROOT, cacheKey, cacheVersion, entryPath, openCache, touchEntry, writeAtomic } from './cache';
import { renderPreview } from './og-render';
import { inWorkerThreads } from './threads';

import type { OgDesign, OgPreview, OgPreviews } from './og-previews';
import { root } from './root';
/** An image to draw, and the cache file it goes to. */
export type Job = { preview: OgPreview; file: string };

/** The modules whose code draws a preview. */
const RENDERER_FILES = ['build/og-render.ts', 'build/og-fonts.ts'];

/** The packages that draw, encode, or give a preview its glyphs. */
function rendererPackages() {
  const fontsource = path.join(root, 'node_modules/@fontsource');
  return ['satori', 'sharp', '@twemoji/svg', ...readdirSync(fontsource).map((name) => `@fontsource/${name}`)];
}

/** What makes a preview besides its entry: the renderer's code, and its packages' versions. */
const rendererSources = () => ({ code: RENDERER_FILES, packages: rendererPackages() });

let version: string | undefined;

/** The renderer's version in the cache (cache.ts), computed once. */
const rendererVersion = () => (version ??= cacheVersion(CACHES.og, rendererSources()));

/**
 * The cache file name of an image that draws `preview` with `design`: its file name under /og/
 * is not part of it, so courses that show the same texts share one drawing.
 */
export function previewKey(preview: OgPreview, design: OgDesign) {
  const drawn = { ...preview, file: undefined };
  return `${cacheKey({ dir: '', version: rendererVersion() }, JSON.stringify({ design, drawn }))}.jpg`;
}

/**
 * One worker thread's share: draws each image and writes it into its cache entry (writeAtomic:
 * aside, then renamed, so that no build reads half a file). Gives how many it drew.
 */
export async function drawShare(jobs: Job[], { design }: { design: OgDesign }) {
  for (const { preview, file } of jobs) {
    const jpeg = await renderPreview(preview, design).catch((error) => {
      throw new Error(
        `link previews: og/${preview.file} could not be drawn (${error instanceof Error ? error.message : error})`,
      );
    });
    await writeAtomic(file, jpeg);
  }
  return jobs.length;
}

/**
 * Draws `jobs` in worker threads (drawShare), one per core, each writing its images into the
 * cache. Resolves when all are written.
 */
async function drawInWorkers(jobs: Job[], design: OgDesign) {
  await inWorkerThreads('link previews', jobs, {
    threads: Math.max(1, Math.min(availableParallelism(), jobs.length)),
    options: { design },
  });
}

/**
 * The plan's list of previews, checked: its file names become paths.
 */
function checkedPreviews(list: OgPreviews): OgPreviews {
  for (const { file } of list.previews) {
    if (!/^[^/\\]+\.jpg$/.test(file) || file.startsWith('.'))
      throw new Error(`link previews: the plan names "${file}", which is not a file name under og/`);
  }
  return list;
}

/**
 * Writes every image the plan lists (`previews`) into og/, drawing only those the cache lacks (each
 * drawn into its cache entry, written whole: cache.ts's writeAtomic). `draw` is the drawing (tests
 * pass their own).
 */
export async function makePreviews({
  outDir,
  cacheRoot = CACHE_ROOT,
  previews: list,
  draw = drawInWorkers,
}: {
  outDir: string;
  cacheRoot?: string;
  previews: OgPreviews;
  draw?: (jobs: Job[], design: OgDesign) => Promise<void>;
}): Promise<{ images: number; drawn: number; cacheDir: string }> {
  const { design, previews } = checkedPreviews(list);
  const cache = openCache(CACHES.og, rendererSources(), cacheRoot);
  await mkdir(path.join(outDir, 'og'), { recursive: true });

  const missing: Map<string, Job> = new Map();
  const cached = new Set(readdirSync(cache.dir));
  const keys = previews.map((preview) => previewKey(preview, design));
  previews.forEach((preview, index) => {
    const key = keys[index]!;
    if (!cached.has(key) && !missing.has(key)) missing.set(key, { preview, file: entryPath(cache, key) });
  });
  if (missing.size) await draw([...missing.values()], design);
  await Promise.all(
    previews.map(({ file }, index) => copyFile(entryPath(cache, keys[index]!), path.join(outDir, 'og', file))),
  );
  await Promise.all([...new Set(keys)].map((key) => touchEntry(cache, key)));
  return { images: previews.length, drawn: missing.size, cacheDir: cache.dir };
}

/**
 * The build's step.
 */
export async function run({
  outDir,
  cacheRoot = CACHE_ROOT,
  previews,
}: {
  outDir: string;
  cacheRoot?: string;
  previews: OgPreviews;
}) {
  const { images, drawn, cacheDir } = await makePreviews({ outDir, cacheRoot, previews });
  return `${images} images, ${drawn} drawn (the rest from ${path.relative(root, cacheDir)}/)`;
}
