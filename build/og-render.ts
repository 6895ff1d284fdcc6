/**
 * Link-preview images (og:image, twitter:image), drawn at build time from what each one shows
 * (build/og-previews.ts): satori lays the card out as SVG, sharp rasterises it and encodes a
 * JPEG: previews don't render SVG, and a flat-colour card is far smaller as JPEG than as PNG, which
 * matters once there is one per course (docs/performance.md, 'Figures behind the code'). The
 * size is the one every network crops to (lib/server/seo.ts announces it). The cards are satori's
 * element objects, written with `h`: this module runs in plain Node, in worker threads (og.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { isRightToLeft, loadAdditionalAsset } from './og-fonts';

import type { CoursePreview, OgDesign, OgPreview } from './og-previews';
import type { OgFont } from './og-fonts';
import type { ReactNode } from 'react';
import { root } from './root';
import type { OutputInfo } from 'sharp';
export type Style = Record<string, string | number>;
export type Element = { type: string; props: Record<string, unknown> };
export type Child = Element | string | false;

export const OG_SIZE = { width: 1200, height: 630 } as const;

/*
 * One image per course makes encoding a build-time cost: plain libjpeg-turbo with optimised
 * Huffman tables and progressive scans, not mozjpeg, whose few bytes saved cost several times the
 * CPU (docs/performance.md, 'Figures behind the code'). Full-resolution chroma: 4:2:0 leaves a
 * colour fringe round the purple type of the category pill.
 */
const jpegOptions = {
  quality: 70,
  chromaSubsampling: '4:4:4',
  optimiseCoding: true,
  progressive: true,
} as const;

const INTER = path.join(root, 'node_modules/@fontsource/inter/files');

let fonts: Promise<OgFont[]> | undefined;

/** Inter, from the @fontsource package (WOFF: the renderer reads TTF, OTF and WOFF, not WOFF2). */
function loadFonts() {
  fonts ??= Promise.all(
    (['latin', 'latin-ext'] as const).flatMap((subset) =>
      ([400, 800] as const).map(async (weight) => ({
        name: subset === 'latin' ? 'Inter' : 'Inter Ext',
        weight,
        style: 'normal' as const,
        data: await readFile(path.join(INTER, `inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );
  return fonts;
}

/**
 * An element for satori.
 */
function h(type: string, props: Record<string, unknown>, ...children: Child[]): Element {
  const kept = children.filter((child) => child !== false);
  return { type, props: { ...props, children: kept.length === 1 ? kept[0] : kept } };
}

/** A box with inline styles. */
const box = (style: Style, ...children: Child[]) => h('div', { style }, ...children);

/**
 * How a catalogue text runs: right to left when it starts in Arabic or Hebrew, and a word too
 * long for the line (a 150-character name without a space) broken rather than cut off.
 */
function textFlow(text: string): Style {
  return isRightToLeft(text)
    ? { wordBreak: 'break-word', direction: 'rtl', textAlign: 'right' }
    : { wordBreak: 'break-word' };
}

/** Text with its line and paragraph separators and control characters as spaces: no font draws them. */
function plain(text: string) {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ');
}

/** The site's mark and name. */
function brand({ colours, siteName }: OgDesign) {
  return box(
    { display: 'flex', alignItems: 'center', gap: 18 },
    h(
      'svg',
      { viewBox: '0 0 32 32', width: '64', height: '64' },
      h('rect', { width: '32', height: '32', rx: '8', fill: colours.white }),
      h('path', { d: 'M12 9.5v13l11-6.5z', fill: colours.brand }),
    ),
    box({ display: 'flex', fontSize: 44, fontWeight: 800, letterSpacing: -1 }, siteName),
  );
}

/**
 * The card's background, the same on every card: a flat colour under a glow and a diagonal shade.
 * Its two gradients over every pixel are most of rasterising a card (docs/performance.md, 'Figures
 * behind the code'), so a worker draws it once (`backgroundPixels`) and lays each card over it.
 */
const backgroundStyle = ({ colours }: OgDesign): Style => ({
  backgroundColor: colours.brand,
  backgroundImage: `radial-gradient(circle at 88% 12%, ${colours.glow} 0%, ${colours.glowFaded} 45%), linear-gradient(135deg, ${colours.brand} 0%, ${colours.brandDark} 100%)`,
});

/** The card's margins, around its two rows, on a transparent ground. */
function frame({ colours }: OgDesign, top: Element, bottom: Element) {
  return box(
    {
      // satori sizes boxes as content-box unless told: the padding would push the card off the image
      width: '100%',
      height: '100%',
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      color: colours.white,
      fontFamily: 'Inter, Inter Ext',
    },
    top,
    bottom,
  );
}

/** A course's card, drawn from `CoursePreview` alone: what it shows is what the cache key holds. */
function courseCard({ category, name, creator, listPrice, price }: CoursePreview, design: OgDesign) {
  const { colours } = design;
  return frame(
    design,
    box(
      { display: 'flex', flexDirection: 'column', gap: 28 },
      box(
        { display: 'flex' },
        box(
          {
            display: 'flex',
            padding: '10px 24px',
            borderRadius: 999,
            background: colours.brandLight,
            color: colours.brand,
            fontSize: 28,
            fontWeight: 800,
            letterSpacing: 2,
            textTransform: 'uppercase',
          },
          category,
        ),
      ),
      box(
        {
          display: 'block',
          fontSize: name.length > 60 ? 58 : 66,
          fontWeight: 800,
          lineHeight: 1.12,
          letterSpacing: -1,
          lineClamp: 3,
          ...textFlow(name),
        },
        plain(name),
      ),
      box(
        { display: 'block', fontSize: 30, color: colours.mutedOnDark, lineClamp: 1, ...textFlow(creator) },
        `By ${plain(creator)}`,
      ),
    ),
    box(
      { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between' },
      brand(design),
      box(
        { display: 'flex', alignItems: 'baseline', gap: 20 },
        box({ display: 'flex', fontSize: 34, color: colours.mutedOnDark, textDecoration: 'line-through' }, listPrice),
        box(
          {
            display: 'flex',
            padding: '8px 28px',
            borderRadius: 16,
            background: colours.white,
            color: colours.ink,
            fontSize: 64,
            fontWeight: 800,
          },
          price,
        ),
      ),
    ),
  );
}

/** The site-wide card: home, categories, cart. */
function defaultCard(design: OgDesign) {
  const { colours } = design;
  return frame(
    design,
    box(
      { display: 'flex', flexDirection: 'column', gap: 24, marginTop: 40 },
      box(
        { display: 'flex', fontSize: 104, fontWeight: 800, letterSpacing: -3, lineHeight: 1.05 },
        'Save big. Learn big.',
      ),
      box(
        { display: 'flex', fontSize: 38, color: colours.mutedOnDark, maxWidth: 900 },
        'Video courses in Python, web development, data science, AWS, design and marketing.',
      ),
    ),
    box(
      { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between' },
      brand(design),
      box(
        {
          display: 'flex',
          padding: '12px 28px',
          borderRadius: 16,
          background: colours.white,
          color: colours.ink,
          fontSize: 40,
          fontWeight: 800,
        },
        'Courses from $9.99',
      ),
    ),
  );
}

/** The backgrounds drawn so far, as raw pixels, by their style. */
const backgrounds: Map<string, Promise<{ data: Buffer; info: OutputInfo }>> = new Map();

/** The card's background as raw RGBA pixels, drawn once per design. */
function backgroundPixels(design: OgDesign) {
  const style = backgroundStyle(design);
  const key = JSON.stringify(style);
  let pixels = backgrounds.get(key);
  if (!pixels) {
    // satori reads React's element shape, which these plain objects have; its types ask for React's own.
    pixels = satori(box({ width: '100%', height: '100%', display: 'flex', ...style }) as unknown as ReactNode, {
      ...OG_SIZE,
      fonts: [],
    }).then((svg) => sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true }));
    backgrounds.set(key, pixels);
  }
  return pixels;
}

/**
 * A preview's JPEG bytes: the card's texts and boxes, laid out by satori on a transparent ground,
 * rasterised over the background (`backgroundPixels`). The same pixels as drawing the background
 * with the card, to within 2 levels of 255 where an edge is smoothed.
 */
export async function renderPreview(preview: OgPreview, design: OgDesign): Promise<Buffer> {
  const card = preview.card === 'course' ? courseCard(preview.course, design) : defaultCard(design);
  const [svg, background] = await Promise.all([
    satori(card as unknown as ReactNode, { ...OG_SIZE, fonts: await loadFonts(), loadAdditionalAsset }),
    backgroundPixels(design),
  ]);
  return sharp(background.data, { raw: background.info })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg(jpegOptions)
    .toBuffer();
}
