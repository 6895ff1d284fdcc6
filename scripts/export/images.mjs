// @ts-check
/**
 * The export's images. Every file under public/ that a page shows through next/image (covers,
 * category tiles, the banner), whether SVG, JPEG, PNG, WebP or AVIF, becomes WebP at each width of
 * IMAGE_WIDTHS, at the URL lib/image-loader.ts gives it (lib/image-variants.mjs). The pages name
 * them in their srcset; the adapter reads those names back as it parses each page (imagesOf) and
 * records them in the export manifest, which this step reads, so what is made is exactly what
 * the pages can ask for (the cart and wishlist show covers that course pages show).
 *
 * Why raster for SVG too: Chromium lays out and paints every SVG <img> as a document of its own on
 * the main thread, where a page's scripts wait; a WebP is decoded off it.
 *
 * Encoding is cached in .cache/images/ by a hash of the file's bytes and the encoder settings: a
 * rebuild encodes only files that changed, and courses that share a file share its work. Jobs run
 * one per core, each single-threaded with sharp's cache off, so memory stays bounded at any
 * catalogue size.
 *
 * A file the pages show fails the build, naming it and a page that shows it, when it is not an
 * image sharp can decode, when a photo is narrower than MIN_PHOTO_WIDTH, or when its shape is so
 * far from the slot's (the <img>'s width and height) that more than a tenth would be cropped.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { copyFile, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { IMAGE_WIDTHS, VARIANT_DIR, parseVariantPath, variantPath } from '../../lib/image-variants.mjs';
import { catalogueFile } from '../../lib/catalogue-file.mjs';
import { readManifest } from './manifest.mjs';

/** @typedef {import('domhandler').Element} Element */
/** @typedef {import('./manifest.mjs').ImageUse} ImageUse */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CACHE_DIR = path.join(root, '.cache/images');

/** Part of every cache key: changing how variants are encoded re-encodes them all. */
const ENCODER = { format: 'webp', quality: 72, effort: 4, version: 1 };

/** A photo narrower than this is blurry in a 358 px phone card at 2× (716 device pixels). */
export const MIN_PHOTO_WIDTH = 716;

/**
 * The courses whose cover a file is, for messages: from the catalogue the build read, already
 * validated by then. A page that shows a file may be another course's (its related courses) or a listing.
 * @returns {(source: string) => string[]}
 */
function coversOf() {
  /** @type {Map<string, string[]>} */
  const byImage = new Map();
  try {
    const courses = JSON.parse(readFileSync(path.resolve(root, catalogueFile()), 'utf8'));
    for (const { id, image } of Array.isArray(courses) ? courses : []) {
      const ids = byImage.get(image) ?? [];
      ids.push(`"${id}"`);
      byImage.set(image, ids);
    }
  } catch {
    // Messages then name the page only.
  }
  return (source) => byImage.get(source) ?? [];
}

/** How much of an image may be cropped to fit its slot's shape before the build refuses it. */
const MAX_CROP = 0.1;

/**
 * The cache file of one variant: a hash of the encoder settings and the source's bytes, and the width.
 * @param {Buffer} bytes @param {number} width
 */
export function cacheKey(bytes, width) {
  const hash = createHash('sha256').update(JSON.stringify(ENCODER)).update(bytes).digest('hex').slice(0, 24);
  return `${hash}-${width}.webp`;
}

/** The URLs of a srcset attribute. @param {string | undefined} srcset */
function srcsetUrls(srcset) {
  return (srcset ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
}

/**
 * The images a page shows through the loader, from its parsed elements (page.mjs parses each page
 * once; the adapter records these in the manifest): each source, a path under public/ as the
 * catalogue writes it, with the shape of its slot (the <img>'s width ÷ height). An <img> that
 * points into the variants' folder in a way the loader never writes fails the build: the pages
 * and this step would disagree on which files exist.
 * @param {Element[]} elements @param {string} basePath @param {string} page for messages
 * @returns {ImageUse[]}
 */
export function imagesOf(elements, basePath, page) {
  const folder = `${basePath}/${VARIANT_DIR}/`;
  /** @type {ImageUse[]} */
  const found = [];
  for (const element of elements) {
    if (element.name !== 'img') continue;
    // An <img> in a <picture> (components/ui/static-image.tsx, `media`) also shows its sources' srcsets.
    const picture =
      element.parent && 'name' in element.parent && element.parent.name === 'picture' ? element.parent : null;
    const sources = /** @type {Element[]} */ (picture?.children ?? []).filter(
      (child) => 'name' in child && child.name === 'source',
    );
    const urls = [
      element.attribs.src ?? '',
      ...[element, ...sources].flatMap((candidate) => srcsetUrls(candidate.attribs.srcset)),
    ].filter((url) => url.startsWith(folder));
    if (!urls.length) continue;
    const variants = urls.map((url) => parseVariantPath(url.slice(basePath.length)));
    const source = variants[0]?.source;
    if (!source || variants.some((variant) => variant?.source !== source))
      throw new Error(
        `images: ${page}: an <img> whose ${folder} URLs do not name one source's variants: ${urls.join(', ')}`,
      );
    const width = Number(element.attribs.width);
    const height = Number(element.attribs.height);
    found.push({ source, aspect: width > 0 && height > 0 ? width / height : 0 });
  }
  return found;
}

/**
 * Why a decoded image cannot fill its slot, or null if it can.
 * @param {{ width: number, height: number, vector: boolean }} image @param {number} aspect the slot's width ÷ height
 */
export function sizeProblem({ width, height, vector }, aspect) {
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
 * Encodes one source at every width into the cache (the widths not cached yet).
 * @param {Buffer} bytes @param {string} where the file and a page that shows it, for messages
 * @param {number} aspect
 */
async function encode(bytes, where, aspect) {
  const missing = IMAGE_WIDTHS.filter((width) => !existsSync(path.join(CACHE_DIR, cacheKey(bytes, width))));
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
    const file = path.join(CACHE_DIR, cacheKey(bytes, width));
    await writeFile(`${file}.tmp`, output);
    await rename(`${file}.tmp`, file);
  }
  return missing.length;
}

/**
 * Writes the variants of every image the export's pages show.
 * @param {{ outDir: string }} options
 */
export async function run({ outDir }) {
  /** @type {Map<string, { page: string, aspect: number }>} */
  const sources = new Map();
  for (const [page, entry] of Object.entries(readManifest(outDir).pages)) {
    for (const { source, aspect } of entry.images) if (!sources.has(source)) sources.set(source, { page, aspect });
  }
  // Every catalogue has covers: none found means the pages and this step no longer agree.
  if (!sources.size) throw new Error(`images: no page of ${outDir} shows an image through lib/image-loader.ts`);
  mkdirSync(CACHE_DIR, { recursive: true });
  sharp.cache(false);
  sharp.concurrency(1);
  const coverOf = coversOf();
  const queue = [...sources];
  let encoded = 0;
  let written = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [source, { page, aspect }] = next;
      const file = decodeURIComponent(source);
      const courses = coverOf(file);
      const where = `public${file} (${courses.length ? `the cover of course ${courses.join(', ')}, ` : ''}shown by ${page})`;
      const absolute = path.join(outDir, file);
      if (path.relative(outDir, absolute).startsWith('..')) throw new Error(`images: ${where}: outside the export`);
      let bytes;
      try {
        bytes = await readFile(absolute);
      } catch {
        throw new Error(`images: ${where}: the file is missing`);
      }
      const made = await encode(bytes, where, aspect);
      encoded += made;
      for (const width of IMAGE_WIDTHS) {
        const target = path.join(outDir, decodeURIComponent(variantPath(source, width)));
        mkdirSync(path.dirname(target), { recursive: true });
        await copyFile(path.join(CACHE_DIR, cacheKey(bytes, width)), target);
        written++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return `${sources.size} images at ${IMAGE_WIDTHS.length} widths: ${written} WebP files, ${encoded} encoded (the rest from ${path.relative(root, CACHE_DIR)}/)`;
}
