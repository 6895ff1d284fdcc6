import 'server-only';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getCategoryLabel } from '@/lib/catalogue';
import { formatPrice, toCents } from '@/lib/format';
import type { Course } from '@/lib/types';

/*
 * The link-preview cache. At 10,000 courses most previews are the same from one build to the
 * next, and laying one out (satori) costs about as much as encoding it, so the cache is keyed by
 * what a preview draws, not by its drawing: a warm build reads each JPEG without laying anything
 * out, and a renamed course renders its own preview and no other.
 *
 * The key is a hash of the texts the preview shows (coursePreview) and the design values the
 * caller passes, together with everything else that decides the pixels: the source of the code
 * that draws (RENDERER_FILES) and the installed versions of the renderer, the encoder, the fonts
 * and the emoji. A change to any of them renders every preview again.
 */

const ROOT = process.cwd();
export const OG_CACHE_DIR = path.join(ROOT, '.cache/og');

/** The modules whose code lays a preview out. */
const RENDERER_FILES = ['lib/build/og-image.tsx', 'lib/build/og-fonts.ts'];

/** The packages that draw, encode, or give a preview its glyphs. */
function rendererPackages(): string[] {
  const fontsource = path.join(ROOT, 'node_modules/@fontsource');
  return ['satori', 'sharp', '@twemoji/svg', ...readdirSync(fontsource).map((name) => `@fontsource/${name}`)];
}

let fingerprint: string | undefined;

/** A hash of the renderer itself: its code, and its packages' versions. */
function rendererFingerprint(): string {
  if (!fingerprint) {
    const hash = createHash('sha256');
    for (const file of RENDERER_FILES) hash.update(file).update(readFileSync(path.join(ROOT, file)));
    for (const name of rendererPackages()) {
      const { version } = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
      hash.update(`${name}@${version}\n`);
    }
    fingerprint = hash.digest('hex');
  }
  return fingerprint;
}

/** Everything a course's preview shows, as the strings it draws. */
export type CoursePreview = { category: string; name: string; creator: string; listPrice: string; price: string };

/** What a course's preview shows: the preview draws from this alone, so this is what its key holds. */
export function coursePreview(course: Course): CoursePreview {
  return {
    category: getCategoryLabel(course.category),
    name: course.course_name,
    creator: course.creator,
    listPrice: formatPrice(toCents(course.actual_price)),
    price: formatPrice(toCents(course.discounted_price)),
  };
}

/** The cache file name of a preview that draws `content` (any JSON value). */
export function previewKey(content: unknown): string {
  return createHash('sha256').update(rendererFingerprint()).update(JSON.stringify(content)).digest('hex');
}

/**
 * The JPEG of a preview: from the cache when one was made from the same content by the same
 * renderer, else `render()`'s, stored for the next build.
 */
export async function cachedPreview(
  content: unknown,
  render: () => Promise<Buffer>,
  cacheDir = OG_CACHE_DIR,
): Promise<Buffer> {
  const file = path.join(cacheDir, `${previewKey(content)}.jpg`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return cached;
  const jpeg = await render();
  // Static generation runs in parallel workers: write aside, then rename into place.
  const partial = `${file}.${process.pid}.tmp`;
  await mkdir(cacheDir, { recursive: true });
  await writeFile(partial, jpeg);
  await rename(partial, file);
  return jpeg;
}
