import 'server-only';

import type { Metadata, Viewport } from 'next';
import {
  getCategories,
  getCategoryLabel,
  getCourses,
  getCoursesByCategory,
  getInstructorCourses,
  getInstructors,
  type Instructor,
} from './catalogue';
import { isoDuration, summarizeCurriculum } from '../curriculum';
import { formatCount, toMinorUnits } from '../format';
import { shopMoney } from '../money';
import { starsLabel } from '../reviews';
import { pageCount } from '../pagination';
import {
  basePath,
  categoryListingHref,
  courseHref,
  homeHref,
  instructorHref,
  instructorListingHref,
  reviewsHref,
  type ListingView,
} from '../routes';
import type { SitemapEntry } from '../sitemap';
import { DEFAULT_SORT, sortLabel } from '../sort';
import { siteDescription, siteName, siteUrl } from './site';
import { colors } from '../theme';
import type { Category, Course, Review } from '../types';

/** The title of the home page, and the og:title of pages that have no title of their own. */
export const defaultTitle = `${siteName} | Online video courses`;

/** Size of every og:image (the one size link previews crop to). */
export const ogImage = { width: 1200, height: 630, type: 'image/jpeg' } as const;

/**
 * An absolute URL for a route or a file of the site ('/courses/py-101/' →
 * 'https://example.com/storefront/courses/py-101/'). Origin from SITE_URL, then the
 * deploy sub-path: `metadataBase` alone would drop BASE_PATH from root-relative paths.
 */
export function absoluteUrl(path: string): string {
  return `${siteUrl}${basePath}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The link-preview image of a course, or the site-wide one (drawn by the export, build/og.ts). */
export function ogImagePath(courseId?: string): string {
  return `/og/${courseId ? encodeURIComponent(courseId) : 'default'}.jpg`;
}

export type PageSeo = {
  /** The page's own title, before the ' | Coursely' template. Leave out for the home page. */
  title?: string;
  description: string;
  /** The route, as built by lib/routes.ts ('/', '/cart/', courseHref(id)). */
  path: string;
  /** A 1200×630 JPEG and its alt text; the site-wide image by default. */
  image?: { path: string; alt: string };
  /** Open Graph type: 'website' unless the page is about one thing. */
  type?: 'website' | 'article';
};

const defaultImage = { path: ogImagePath(), alt: `${siteName}: online video courses` };

function socialImages({ path, alt }: { path: string; alt: string }) {
  return [{ url: absoluteUrl(path), alt, ...ogImage }];
}

/**
 * A page's complete Metadata: title, description, canonical URL, Open Graph and Twitter
 * card. Next.js merges a page's `openGraph` over the layout's as a whole object, so every
 * page gets the full set from here rather than inheriting parts of it.
 */
export function pageMetadata({ title, description, path, image = defaultImage, type = 'website' }: PageSeo): Metadata {
  const url = absoluteUrl(path);
  const socialTitle = title ?? defaultTitle;
  const images = socialImages(image);
  return {
    ...(title === undefined ? {} : { title }),
    description,
    alternates: { canonical: url },
    openGraph: { type, siteName, locale: 'en_US', url, title: socialTitle, description, images },
    twitter: { card: 'summary_large_image', title: socialTitle, description, images },
  };
}

/**
 * Open Graph and Twitter defaults for the root layout: what a page that sets none of its
 * own still shares (no URL or title: those belong to each page).
 */
export function defaultSocialMetadata(): Pick<Metadata, 'openGraph' | 'twitter'> {
  const images = socialImages(defaultImage);
  return {
    openGraph: { type: 'website', siteName, locale: 'en_US', images },
    twitter: { card: 'summary_large_image', images },
  };
}

/**
 * What every page's head says unless the page says otherwise: the root layout's (app/layout.tsx),
 * and the export's pages made without Next (build/document.tsx).
 */
export const rootMetadata: Metadata = {
  metadataBase: new URL(siteUrl),
  title: { default: defaultTitle, template: `%s | ${siteName}` },
  description: siteDescription,
  applicationName: siteName,
  appleWebApp: { title: siteName },
  ...defaultSocialMetadata(),
};

export const rootViewport: Viewport = {
  themeColor: colors.brand.DEFAULT,
  width: 'device-width',
  initialScale: 1,
};

/** Metadata of a course page. */
export function courseMetadata(course: Course): Metadata {
  return pageMetadata({
    title: course.course_name,
    description: course.description,
    path: courseHref(course.id),
    type: 'article',
    image: {
      path: ogImagePath(course.id),
      alt: `${course.course_name}: ${getCategoryLabel(course.category)} course by ${course.creator}`,
    },
  });
}

type JsonLdValue = string | number | boolean | null | JsonLdValue[] | { [key: string]: JsonLdValue };
export type JsonLdThing = { '@context': 'https://schema.org'; '@type': string; [key: string]: JsonLdValue };

/**
 * Integer minor units as schema.org wants a price: a dot and the currency's decimals, no symbol
 * and no groups ('12.99'; JPY '1200', KWD '1.250').
 */
export function schemaPrice(minorUnits: number, digits = shopMoney().digits): string {
  if (digits === 0) return String(minorUnits);
  const scale = 10 ** digits;
  return `${Math.trunc(minorUnits / scale)}.${String(minorUnits % scale).padStart(digits, '0')}`;
}

/** 'MM/YYYY' (the catalogue's updated_date) as an ISO 8601 month, '2026-08'. */
export function isoMonth(monthYear: string): string | undefined {
  const match = /^(\d{2})\/(\d{4})$/.exec(monthYear);
  return match ? `${match[2]}-${match[1]}` : undefined;
}

function provider(): JsonLdValue {
  return { '@type': 'Organization', name: siteName, url: absoluteUrl('/') };
}

/** Language names as the catalogue writes them, to the BCP 47 codes schema.org's inLanguage wants. */
const LANGUAGE_CODES: Record<string, string> = {
  English: 'en',
  Spanish: 'es',
  Portuguese: 'pt',
  French: 'fr',
  German: 'de',
  Italian: 'it',
  Hindi: 'hi',
  Japanese: 'ja',
  Chinese: 'zh',
  Arabic: 'ar',
  Russian: 'ru',
  Korean: 'ko',
  Dutch: 'nl',
  Polish: 'pl',
  Turkish: 'tr',
};

/** The language a course is taught in (its first), as a BCP 47 code; undefined for a name not known here. */
export function teachingLanguage(lang: Course['lang']): string | undefined {
  const first = typeof lang === 'string' ? lang : lang[0];
  return first === undefined ? undefined : LANGUAGE_CODES[first.trim()];
}

/**
 * schema.org `Course` with its `Offer` (the sale price in the shop's currency) and its `CourseInstance`
 * (online, self-paced: the workload is the sum of its lectures, when the catalogue gives them),
 * as Google's course info result asks. An `aggregateRating` when the page shows the course's
 * feedback (a rating breakdown or written reviews, components/course/student-feedback.tsx): the
 * catalogue's average and count of ratings, and how many written reviews the course has. These
 * are students' ratings of a course, not the shop rating itself. Without either, none, as before.
 * `reviews`: the course's written reviews, newest first; the newest JSON_LD_REVIEWS are its
 * `review`s, as the page shows them.
 */
export function courseJsonLd(course: Course, reviews: readonly Review[] = []): JsonLdThing {
  const writtenReviews = reviews.length;
  const url = absoluteUrl(courseHref(course.id));
  const dateModified = isoMonth(course.updated_date);
  const curriculum = summarizeCurriculum(course.content);
  const inLanguage = teachingLanguage(course.lang);
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': url,
    url,
    name: course.course_name,
    description: course.description,
    courseCode: course.id,
    image: absoluteUrl(ogImagePath(course.id)),
    about: getCategoryLabel(course.category),
    ...(dateModified ? { dateModified } : {}),
    ...(inLanguage ? { inLanguage } : {}),
    ...(course.level ? { educationalLevel: course.level } : {}),
    creator: { '@type': 'Person', name: course.creator },
    provider: provider(),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'online',
      ...(curriculum ? { courseWorkload: isoDuration(curriculum.minutes) } : {}),
      instructor: { '@type': 'Person', name: course.creator },
    },
    offers: {
      '@type': 'Offer',
      category: 'Paid',
      price: schemaPrice(toMinorUnits(course.discounted_price)),
      priceCurrency: shopMoney().currency,
      availability: 'https://schema.org/InStock',
      url,
    },
    ...(course.rating_breakdown || writtenReviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: course.rating_star,
            // A written review is a rating too: never fewer ratings than reviews.
            ratingCount: Math.max(course.rating_count, writtenReviews),
            ...(writtenReviews > 0 ? { reviewCount: writtenReviews } : {}),
          },
        }
      : {}),
    ...(writtenReviews > 0 ? { review: reviews.slice(0, JSON_LD_REVIEWS).map(reviewJsonLd) } : {}),
  };
}

/** How many of a course's newest written reviews its JSON-LD carries (Google reads a few, not all). */
export const JSON_LD_REVIEWS = 5;

/**
 * One student's review of the course, as Google's Review snippet reads it: its author a Person
 * (a student, never the shop), its date, its stars out of 5 and its text.
 */
function reviewJsonLd(review: Review): JsonLdValue {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: review.author },
    datePublished: review.date,
    reviewRating: { '@type': 'Rating', ratingValue: review.rating },
    reviewBody: review.text,
  };
}

/**
 * The title of a category listing page: 'Python courses', then the order and page when
 * they are not the default ones ('Python courses (page 2)', 'Python courses (Newest, page 2)').
 */
export function categoryListingTitle(category: Category, { sort, page }: ListingView): string {
  const qualifiers = [...(sort === DEFAULT_SORT ? [] : [sortLabel(sort)]), ...(page === 1 ? [] : [`page ${page}`])];
  const title = `${getCategoryLabel(category)} courses`;
  return qualifiers.length === 0 ? title : `${title} (${qualifiers.join(', ')})`;
}

/**
 * Metadata of a category listing page. Each page of the default order is its own indexable
 * page, with its own canonical URL: later pages list other courses, so they are not
 * duplicates of page 1. A sorted page repeats those same courses in another order, so it is
 * `noindex, follow` (and left out of the sitemap): crawlers still follow its links to the
 * courses, and search results show the default order instead of six copies of it. Its
 * canonical stays its own URL: pointing it at the default order would tell crawlers two
 * different pages are the same, and mixing that with noindex sends conflicting signals.
 */
export function categoryMetadata(category: Category, view: ListingView): Metadata {
  const label = getCategoryLabel(category);
  return {
    ...pageMetadata({
      title: categoryListingTitle(category, view),
      description: `Online ${label} video courses: compare ratings, students and prices, and add a course to your cart.`,
      path: categoryListingHref(category, view),
    }),
    ...(view.sort === DEFAULT_SORT ? {} : { robots: { index: false, follow: true } }),
  };
}

/**
 * schema.org `ItemList` of the courses one listing page shows, in the order it shows them.
 * `offset` is the number of courses on the pages before it, so positions run on across pages.
 */
export function categoryJsonLd(
  category: Category,
  courses: readonly Course[],
  { view = { sort: DEFAULT_SORT, page: 1 }, offset = 0 }: { view?: ListingView; offset?: number } = {},
): JsonLdThing {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: categoryListingTitle(category, view),
    url: absoluteUrl(categoryListingHref(category, view)),
    numberOfItems: courses.length,
    itemListElement: courses.map((course, index) => ({
      '@type': 'ListItem',
      position: offset + index + 1,
      url: absoluteUrl(courseHref(course.id)),
      name: course.course_name,
    })),
  };
}

/** The title of a page of an instructor's courses: 'Maya Lindqvist', then '(page 2)' past the first. */
export function instructorTitle(instructor: Instructor, page: number): string {
  return page === 1 ? instructor.name : `${instructor.name} (page ${page})`;
}

/** Metadata of a page of an instructor: their own canonical URL per page, and the site's link preview. */
export function instructorMetadata(instructor: Instructor, page: number): Metadata {
  const description = instructor.headline
    ? `${instructor.name}: ${instructor.headline}. Their video courses on ${siteName}.`
    : `${instructor.name}'s video courses on ${siteName}: ratings, students and prices.`;
  return pageMetadata({
    title: instructorTitle(instructor, page),
    description,
    path: instructorListingHref(instructor.slug, page),
  });
}

/**
 * The title of a page of a course's reviews: 'Reviews of {course}', then ': 4 stars' for the
 * pages of one number of stars, and '(page 2)' past the first.
 */
export function reviewsTitle(course: Course, page: number, stars?: number): string {
  const title = `Reviews of ${course.course_name}${stars === undefined ? '' : `: ${starsLabel(stars)}`}`;
  return page === 1 ? title : `${title} (page ${page})`;
}

/**
 * Metadata of a page of a course's written reviews (`total` of them, of `stars` stars when given): its own canonical URL, the site's link preview,
 * and `noindex, follow`: the course page carries the reviews' rich data and stands for them in
 * search results (these pages are not in the sitemap), while crawlers still follow their links.
 */
export function reviewsMetadata(course: Course, total: number, page: number, stars?: number): Metadata {
  const reviews = `${formatCount(total)}${stars === undefined ? '' : ` ${stars}-star`} written review${total === 1 ? '' : 's'}`;
  return {
    ...pageMetadata({
      title: reviewsTitle(course, page, stars),
      description: `${reviews} of ${course.course_name} by its students, newest first.`,
      path: reviewsHref(course.id, { page, stars }),
    }),
    robots: { index: false, follow: true },
  };
}

/** schema.org `Person` for an instructor's page: name, headline as job title, photo, page URL, and the courses of this page. */
export function instructorJsonLd(instructor: Instructor, courses: readonly Course[], page: number): JsonLdThing {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: instructor.name,
    url: absoluteUrl(instructorHref(instructor.slug)),
    ...(instructor.headline === undefined ? {} : { jobTitle: instructor.headline }),
    ...(instructor.bio[0] === undefined ? {} : { description: instructor.bio[0] }),
    ...(instructor.image === undefined ? {} : { image: absoluteUrl(instructor.image) }),
    mainEntityOfPage: absoluteUrl(instructorListingHref(instructor.slug, page)),
    ...(courses.length === 0
      ? {}
      : {
          owns: courses.map((course) => ({
            '@type': 'Course',
            name: course.course_name,
            url: absoluteUrl(courseHref(course.id)),
          })),
        }),
  };
}

/**
 * Every page the sitemap lists: home, every page of every category in its default order,
 * and every course. Sorted listings (noindex: see categoryMetadata), the cart and search
 * (no content of their own) are left out.
 */
export function sitemapEntries(): SitemapEntry[] {
  return [
    { url: absoluteUrl(homeHref), changeFrequency: 'weekly', priority: 1 },
    ...getCategories().flatMap((category) =>
      Array.from({ length: pageCount(getCoursesByCategory(category).length) }, (_, index) => ({
        url: absoluteUrl(categoryListingHref(category, { page: index + 1 })),
        changeFrequency: 'weekly' as const,
        priority: index === 0 ? 0.8 : 0.5,
      })),
    ),
    ...getCourses().map((course) => ({
      url: absoluteUrl(courseHref(course.id)),
      lastModified: isoMonth(course.updated_date),
      changeFrequency: 'monthly' as const,
      priority: 0.7,
    })),
    ...getInstructors().flatMap((instructor) =>
      Array.from({ length: pageCount(getInstructorCourses(instructor.slug).length) }, (_, index) => ({
        url: absoluteUrl(instructorListingHref(instructor.slug, index + 1)),
        changeFrequency: 'monthly' as const,
        priority: index === 0 ? 0.6 : 0.4,
      })),
    ),
  ];
}

/**
 * JSON for a `<script type="application/ld+json">`. JSON.stringify leaves '<' as is, so a
 * value containing '</script>' would end the script early: '<', '>' and '&' become \u escapes,
 * which JSON parsers read back as the same characters.
 */
export function serializeJsonLd(data: JsonLdThing): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
