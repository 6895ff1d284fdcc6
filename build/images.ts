/**
 * The export's images: every file under public/ a page shows through next/image becomes WebP at
 * each width of IMAGE_WIDTHS, at the URL lib/image-loader.ts gives it, as the plan lists them
 * (build/export-plan.ts). SVG too: Chromium paints an SVG <img> on the main thread. Each
 * variant is kept in the cache (images/) by the file's bytes, width, code and encoder; jobs run one
 * per core, single-threaded, so memory stays bounded. A file that is no image, a photo narrower
 * than MIN_PHOTO_WIDTH, or one that would lose more than a tenth to its slot's crop fails the build.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { copyFile, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { variantPath } from '../config/image-variants.mjs';
import {
  CACHES,
  CACHE_ROOT,
  cacheKey as entryKey,
  cacheVersion,
  entryPath,
  openCache,
  touchEntry,
  writeEntry,
} from './cache';

import type { PlannedImage } from './export-plan';
import { root } from './root';
import type { Cache } from './cache';

/** The encoder's settings: part of the cache's version, with this code and sharp's version. */
const ENCODER = { format: 'webp', quality: 72, effort: 4 };

/** What makes a variant besides its source and width. */
const ENCODER_SOURCES = { code: ['build/images.ts'], packages: ['sharp'], settings: ENCODER };

/** A photo narrower than this is blurry in a 358 px phone card at 2× (716 device pixels). */
export const MIN_PHOTO_WIDTH = 716;

/** How much of an image may be cropped to fit its slot's shape before the build refuses it. */
const MAX_CROP = 0.1;

let version: string | undefined;

/**
 * The cache entry of one variant: a hash of the source's bytes and the width (cache.ts's key).
 */
export function cacheKey(bytes: Buffer, width: number) {
  version ??= cacheVersion(CACHES.images, ENCODER_SOURCES);
  return `${entryKey({ dir: '', version }, bytes, String(width))}.webp`;
}

/**
 * Why a decoded image cannot fill its slot, or null if it can.
 * @param aspect the slot's width ÷ height
 */
export function sizeProblem(
  { width, height, vector }: { width: number; height: number; vector: boolean },
  aspect: number,
) {
  if (!vector && width < MIN_PHOTO_WIDTH)
    return `is ${width}×${height} px; it must be at least ${MIN_PHOTO_WIDTH} px wide (a phone shows it ${MIN_PHOTO_WIDTH} device pixels wide)`;
  if (aspect > 0) {
    const ratio = width / height;
    const cropped = 1 - Math.min(ratio, aspect) / Math.max(ratio, aspect);
    if (cropped > MAX_CROP)
      return `is ${width}×${height} px (${ratio.toFixed(2)}:1), but it is shown at ${aspect.toFixed(2)}:1, which would crop ${Math.round(cropped * 100)}% of it`;
  }
  return null;
}

/**
 * Encodes one source at `widths` into the cache (the widths not cached yet).
 * @param where the file and a page that shows it, for messages
 */
async function encode(cache: Cache, bytes: Buffer, widths: number[], where: string, aspect: number) {
  const missing = widths.filter((width) => !existsSync(entryPath(cache, cacheKey(bytes, width))));
  let meta;
  try {
    meta = await sharp(bytes).metadata();
  } catch (error) {
    throw new Error(
      `images: ${where}: not an image the build can read (${error instanceof Error ? error.message : error})`,
    );
  }
  const vector = meta.format === 'svg';
  const problem = sizeProblem({ width: meta.width ?? 0, height: meta.height ?? 0, vector }, aspect);
  if (problem) throw new Error(`images: ${where} ${problem}`);
  for (const width of missing) {
    // An SVG is drawn at the density that gives this width; a photo is only ever scaled down.
    const input = vector
      ? sharp(bytes, { density: Math.min(2400, (72 * width) / (meta.width || width)) })
      : sharp(bytes, { failOn: 'error' });
    let output;
    try {
      output = await input
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: ENCODER.quality, effort: ENCODER.effort })
        .toBuffer();
    } catch (error) {
      throw new Error(
        `images: ${where}: not an image the build can read (${error instanceof Error ? error.message : error})`,
      );
    }
    await writeEntry(cache, cacheKey(bytes, width), output);
  }
  return missing.length;
}

/**
 * Writes the variants of every image the export's plan lists (`images`).
 */
export async function run({
  outDir,
  cacheRoot = CACHE_ROOT,
  images,
}: {
  outDir: string;
  cacheRoot?: string;
  images: PlannedImage[];
}) {
  // Every catalogue has covers: none means the plan and this step no longer agree.
  if (!images.length) throw new Error(`images: the plan of ${outDir} lists no image`);
  const cache = openCache(CACHES.images, ENCODER_SOURCES, cacheRoot);
  sharp.cache(false);
  sharp.concurrency(1);
  const queue = [...images];
  let encoded = 0;
  let written = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { source, widths, aspect, what, page } = next;
      const file = decodeURIComponent(source);
      const where = `public${file} (${what}, shown by ${page})`;
      const absolute = path.join(outDir, file);
      if (path.relative(outDir, absolute).startsWith('..')) throw new Error(`images: ${where}: outside the export`);
      let bytes;
      try {
        bytes = await readFile(absolute);
      } catch {
        throw new Error(`images: ${where}: the file is missing`);
      }
      const made = await encode(cache, bytes, widths, where, aspect);
      encoded += made;
      for (const width of widths) {
        const target = path.join(outDir, decodeURIComponent(variantPath(source, width)));
        mkdirSync(path.dirname(target), { recursive: true });
        const entry = cacheKey(bytes, width);
        await copyFile(entryPath(cache, entry), target);
        await touchEntry(cache, entry);
        written++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  const widths = new Set(images.flatMap((image) => image.widths)).size;
  return `${images.length} images at ${widths} widths: ${written} WebP files, ${encoded} encoded (the rest from ${path.relative(root, cache.dir)}/)`;
}
