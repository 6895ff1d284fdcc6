import type { MetadataRoute } from 'next';
import { getCategories, getCourses } from '@/lib/catalogue';
import { cartHref, categoryHref, courseHref, homeHref } from '@/lib/routes';
import { absoluteUrl, isoMonth } from '@/lib/seo';

export const dynamic = 'force-static';

/** Every page of the export, as absolute URLs (SITE_URL + BASE_PATH). */
export default function sitemap(): MetadataRoute.Sitemap {
  return [
    { url: absoluteUrl(homeHref), changeFrequency: 'weekly', priority: 1 },
    ...getCategories().map((category) => ({
      url: absoluteUrl(categoryHref(category)),
      changeFrequency: 'weekly' as const,
      priority: 0.8,
    })),
    ...getCourses().map((course) => ({
      url: absoluteUrl(courseHref(course.id)),
      lastModified: isoMonth(course.updated_date),
      changeFrequency: 'monthly' as const,
      priority: 0.7,
    })),
    { url: absoluteUrl(cartHref), changeFrequency: 'yearly', priority: 0.1 },
  ];
}
