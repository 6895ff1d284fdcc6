import 'server-only';
import { getCategoryLabel, getCourses } from '@/lib/server/catalogue';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { siteName } from '@/lib/server/site';
import { colors } from '@/lib/theme';
import type { Course } from '@/lib/types';

/*
 * What the link-preview images (og:image, twitter:image) show, one entry per image: the site-wide
 * card (home, categories, cart) and one per course. The list is part of the export's plan
 * (export-plan.ts); the export's link-preview step draws each image from its entry alone, on every
 * core, and keeps it in .cache/og/ by a hash of the entry and the renderer (build/og.ts).
 * Static generation renders pages only, so its workers' shares of the routes cost the same.
 */

/** Everything a course's preview shows, as the strings it draws. */
export type CoursePreview = { category: string; name: string; creator: string; listPrice: string; price: string };

/** One image: its file under /og/ and what it draws. */
export type OgPreview = { file: string } & ({ card: 'default' } | { card: 'course'; course: CoursePreview });

type Colour = 'brand' | 'brandDark' | 'brandLight' | 'ink' | 'white' | 'mutedOnDark' | 'glow' | 'glowFaded';

/** The design values, as the renderer reads them. */
export type OgDesign = { colours: Record<Colour, string>; siteName: string };

/**
 * The design values a preview's pixels depend on beyond its texts and the renderer's code: the
 * theme's colours and the site's name. The renderer takes inline styles only, so they go as values.
 */
export const ogDesign: OgDesign = {
  colours: {
    brand: colors.brand.DEFAULT,
    brandDark: '#2a0f73',
    brandLight: colors.brand.light,
    ink: colors.ink.DEFAULT,
    white: '#ffffff',
    mutedOnDark: '#d9ccff',
    glow: '#7b4be8',
    glowFaded: 'rgba(123, 75, 232, 0)',
  },
  siteName,
};

/** The plan's link previews: the design values and every image. */
export type OgPreviews = { design: OgDesign; previews: OgPreview[] };

/** What a course's preview shows: the preview draws from this alone, so this is what its key holds. */
export function coursePreview(course: Course): CoursePreview {
  return {
    category: getCategoryLabel(course.category),
    name: course.course_name,
    creator: course.creator,
    listPrice: formatPrice(toMinorUnits(course.actual_price)),
    price: formatPrice(toMinorUnits(course.discounted_price)),
  };
}

/** Every link-preview image of the catalogue (lib/server/seo.ts names them: /og/default.jpg, /og/<id>.jpg). */
export function ogPreviews(courses: readonly Course[] = getCourses()): OgPreviews {
  return {
    design: ogDesign,
    previews: [
      { file: 'default.jpg', card: 'default' },
      ...courses.map((course): OgPreview => ({
        file: `${course.id}.jpg`,
        card: 'course',
        course: coursePreview(course),
      })),
    ],
  };
}
