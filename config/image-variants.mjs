// @ts-check
/**
 * The widths of the build's image variants, shared by next.config.mjs (what next/image may ask
 * for), lib/image-loader.ts (the URL) and build/images.ts (the files). Pure. Each step is
 * at most 1.5× the one before, so a browser never picks more than 1.5× what its slot needs; the
 * smallest suits the cart's thumbnail, the largest a phone's card or the course page's cover.
 */
export const IMAGE_WIDTHS = /** @type {const} */ ([120, 160, 240, 320, 480, 720, 960]);

/** The folder of the export that holds the variants. */
export const VARIANT_DIR = '_img';

/**
 * The URL path of one variant of a file under public/ (without the site's base path), e.g.
 * '/images/courses/py-101.svg' at 480 → '/_img/images/courses/py-101.svg.480w.webp'. The source's
 * own name stays in it, so two files that differ only by extension never share a variant.
 * @param {string} source @param {number} width
 */
export function variantPath(source, width) {
  return `/${VARIANT_DIR}${source}.${width}w.webp`;
}

/**
 * `sizes` for the slots an image is shown in, after the layouts of components/ (the card grid's
 * 1 to 4 columns at 600, 992 and 1400 px, the page's 1340 px width and 16 or 24 px padding).
 * Each is serialized with every image that uses it, so they are short.
 */
export const IMAGE_SIZES = /** @type {const} */ ({
  card: '(min-width:1400px) 308px,(min-width:992px) 33vw,(min-width:600px) 50vw,calc(100vw - 32px)',
  // A listing with the filters beside it from 992 px (a 15rem column and a 2rem gap).
  listing: '(min-width:1400px) 240px,(min-width:992px) calc(33vw - 120px),(min-width:600px) 50vw,calc(100vw - 32px)',
  tile: '(min-width:1400px) 308px,(min-width:992px) 25vw,(min-width:800px) 33vw,(min-width:600px) 50vw,calc(100vw - 32px)',
  detail: '(min-width:992px) 340px,calc(100vw - 32px)',
  thumbnail: '(min-width:600px) 160px,96px',
  banner: '(min-width:1000px) 448px,45vw',
  avatar: '96px',
});

/** The home page banner's illustration: the hero shows it, and the export's plan makes its variants. */
export const BANNER_IMAGE = /** @type {const} */ ({ src: '/images/banner.svg', width: 640, height: 480 });
