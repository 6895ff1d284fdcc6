import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import type { ReactNode } from 'react';
import { getCategoryLabel } from '@/lib/catalogue';
import { formatPrice, toCents } from '@/lib/format';
import { siteName } from '@/lib/site';
import type { Course } from '@/lib/types';
import { colors } from '@/lib/theme';

/**
 * Link-preview images (og:image, twitter:image), rendered to PNG at build time.
 * Previews don't render SVG, hence PNG; 1200×630 is the size every network crops to.
 */
export const ogImageSize = { width: 1200, height: 630 } as const;

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

type OgFont = { name: string; data: Buffer; weight: 400 | 800; style: 'normal' };

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

export async function courseOgImage(course: Course): Promise<ImageResponse> {
  return new ImageResponse(
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
            {getCategoryLabel(course.category)}
          </div>
        </div>
        <div
          style={{
            display: 'block',
            fontSize: course.course_name.length > 60 ? 58 : 66,
            fontWeight: 800,
            lineHeight: 1.12,
            letterSpacing: -1,
            lineClamp: 3,
          }}
        >
          {course.course_name}
        </div>
        <div style={{ display: 'flex', fontSize: 30, color: colours.mutedOnDark }}>By {course.creator}</div>
      </div>
      <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between' }}>
        <Brand />
        <div style={{ display: 'flex', alignItems: 'baseline', gap: 20 }}>
          <div style={{ display: 'flex', fontSize: 34, color: colours.mutedOnDark, textDecoration: 'line-through' }}>
            {formatPrice(toCents(course.actual_price))}
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
            {formatPrice(toCents(course.discounted_price))}
          </div>
        </div>
      </div>
    </Frame>,
    { ...ogImageSize, fonts: await loadFonts() },
  );
}

/** The site-wide image: home, categories, cart. */
export async function defaultOgImage(): Promise<ImageResponse> {
  return new ImageResponse(
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
    </Frame>,
    { ...ogImageSize, fonts: await loadFonts() },
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        width: '100%',
        height: '100%',
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
