import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CSSProperties, ReactNode } from 'react';
import satori from 'satori';
import sharp from 'sharp';
import { siteName } from '@/lib/site';
import type { Course } from '@/lib/types';
import { colors } from '@/lib/theme';
import { cachedPreview, coursePreview, type CoursePreview } from './og-cache';
import { isRightToLeft, loadAdditionalAsset, type OgFont } from './og-fonts';

/**
 * Link-preview images (og:image, twitter:image), rendered at build time: satori lays the
 * card out as SVG, sharp rasterises it and encodes a JPEG. Previews don't render SVG;
 * a flat-colour card as JPEG is a quarter of the PNG (about 50 KB against 200 KB), which
 * matters once there is one per course. 1200×630 is the size every network crops to.
 */
export const ogImageSize = { width: 1200, height: 630 } as const;

/*
 * One image per course makes encoding a build-time cost: at 10,000 courses every 10 ms is
 * 100 s of CPU. mozjpeg's trellis search saves 10% of the bytes but costs 5× the CPU (72 ms
 * against 15 ms an image, after 27 ms of rasterising), so plain libjpeg-turbo it is, with
 * optimised Huffman tables and progressive scans (54 KB for py-101). Full-resolution chroma:
 * 4:2:0 leaves a colour fringe round the purple type of the category pill.
 */
const jpegOptions = { quality: 70, chromaSubsampling: '4:4:4', optimiseCoding: true, progressive: true } as const;

/*
 * The design tokens of tailwind.config.ts, as plain values: the image renderer
 * takes inline styles only.
 */
const colours = {
  brand: colors.brand.DEFAULT,
  brandDark: '#2a0f73',
  brandLight: colors.brand.light,
  ink: colors.ink.DEFAULT,
  white: '#ffffff',
  mutedOnDark: '#d9ccff',
  glow: '#7b4be8',
  glowFaded: 'rgba(123, 75, 232, 0)',
} as const;

let fonts: Promise<OgFont[]> | undefined;

/** Inter, from the @fontsource package (WOFF: the renderer reads TTF, OTF and WOFF, not WOFF2). */
function loadFonts(): Promise<OgFont[]> {
  fonts ??= Promise.all(
    (['latin', 'latin-ext'] as const).flatMap((subset) =>
      ([400, 800] as const).map(async (weight) => ({
        name: subset === 'latin' ? 'Inter' : 'Inter Ext',
        weight,
        style: 'normal' as const,
        data: await readFile(
          path.join(process.cwd(), 'node_modules/@fontsource/inter/files', `inter-${subset}-${weight}-normal.woff`),
        ),
      })),
    ),
  );
  return fonts;
}

/**
 * How a catalogue text runs: right to left when it starts in Arabic or Hebrew, and a word too
 * long for the line (a 150-character name without a space) broken rather than cut off.
 */
function textFlow(text: string): CSSProperties {
  return isRightToLeft(text)
    ? { wordBreak: 'break-word', direction: 'rtl', textAlign: 'right' }
    : { wordBreak: 'break-word' };
}

/** Text with its line and paragraph separators and control characters as spaces: no font draws them. */
function plain(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ');
}

/** A course's link-preview image, as JPEG bytes. */
export function courseOgImage(course: Course): Promise<Buffer> {
  const preview = coursePreview(course);
  return cachedPreview({ design, course: preview }, () => renderJpeg(<CourseCard {...preview} />));
}

/** The site-wide image: home, categories, cart. */
export function defaultOgImage(): Promise<Buffer> {
  return cachedPreview({ design, page: 'default' }, () => renderJpeg(<DefaultCard />));
}

/** Drawn from `CoursePreview` alone: what it shows is what the cache key holds. */
function CourseCard({ category, name, creator, listPrice, price }: CoursePreview) {
  return (
    <Frame>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 28 }}>
        <div style={{ display: 'flex' }}>
          <div
            style={{
              display: 'flex',
              padding: '10px 24px',
              borderRadius: 999,
              background: colours.brandLight,
              color: colours.brand,
              fontSize: 28,
              fontWeight: 800,
              letterSpacing: 2,
              textTransform: 'uppercase',
            }}
          >
            {category}
          </div>
        </div>
        <div
          style={{
            display: 'block',
            fontSize: name.length > 60 ? 58 : 66,
            fontWeight: 800,
            lineHeight: 1.12,
            letterSpacing: -1,
            lineClamp: 3,
            ...textFlow(name),
          }}
        >
          {plain(name)}
        </div>
        <div
          style={{
            display: 'block',
            fontSize: 30,
            color: colours.mutedOnDark,
            lineClamp: 1,
            ...textFlow(creator),
          }}
        >
          By {plain(creator)}
        </div>
      </div>
      <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between' }}>
        <Brand />
        <div style={{ display: 'flex', alignItems: 'baseline', gap: 20 }}>
          <div style={{ display: 'flex', fontSize: 34, color: colours.mutedOnDark, textDecoration: 'line-through' }}>
            {listPrice}
          </div>
          <div
            style={{
              display: 'flex',
              padding: '8px 28px',
              borderRadius: 16,
              background: colours.white,
              color: colours.ink,
              fontSize: 64,
              fontWeight: 800,
            }}
          >
            {price}
          </div>
        </div>
      </div>
    </Frame>
  );
}

function DefaultCard() {
  return (
    <Frame>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 24, marginTop: 40 }}>
        <div style={{ display: 'flex', fontSize: 104, fontWeight: 800, letterSpacing: -3, lineHeight: 1.05 }}>
          Save big. Learn big.
        </div>
        <div style={{ display: 'flex', fontSize: 38, color: colours.mutedOnDark, maxWidth: 900 }}>
          Video courses in Python, web development, data science, AWS, design and marketing.
        </div>
      </div>
      <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between' }}>
        <Brand />
        <div
          style={{
            display: 'flex',
            padding: '12px 28px',
            borderRadius: 16,
            background: colours.white,
            color: colours.ink,
            fontSize: 40,
            fontWeight: 800,
          }}
        >
          Courses from $9.99
        </div>
      </div>
    </Frame>
  );
}

/*
 * The values a preview's pixels depend on beyond its texts and this module's code (which the
 * cache key covers through og-cache.ts): the theme's colours, the site's name, the encoder's options.
 */
const design = { colours, siteName, jpegOptions, size: ogImageSize };

async function renderJpeg(element: ReactNode): Promise<Buffer> {
  const svg = await satori(element, { ...ogImageSize, fonts: await loadFonts(), loadAdditionalAsset });
  return sharp(Buffer.from(svg)).jpeg(jpegOptions).toBuffer();
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
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
        backgroundColor: colours.brand,
        backgroundImage: `radial-gradient(circle at 88% 12%, ${colours.glow} 0%, ${colours.glowFaded} 45%), linear-gradient(135deg, ${colours.brand} 0%, ${colours.brandDark} 100%)`,
      }}
    >
      {children}
    </div>
  );
}

function Brand() {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 18 }}>
      <svg viewBox="0 0 32 32" width="64" height="64">
        <rect width="32" height="32" rx="8" fill={colours.white} />
        <path d="M12 9.5v13l11-6.5z" fill={colours.brand} />
      </svg>
      <div style={{ display: 'flex', fontSize: 44, fontWeight: 800, letterSpacing: -1 }}>{siteName}</div>
    </div>
  );
}
