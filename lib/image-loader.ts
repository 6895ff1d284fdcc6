/**
 * next/image's loader for the static export (images.loaderFile in next.config.mjs): it maps a
 * file under public/ and a width to the WebP variant that build/images.ts makes at
 * build time. Runs at build time and in the browser, so it only builds a string.
 */
import type { ImageLoaderProps } from 'next/image';
import { variantPath } from '../config/image-variants.mjs';

const basePath = process.env.NEXT_PUBLIC_BASE_PATH ?? '';

export default function imageLoader({ src, width }: ImageLoaderProps): string {
  return `${basePath}${variantPath(src, width)}`;
}
