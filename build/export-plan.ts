import 'server-only';
import {
  getCategories,
  getCategoryImage,
  getCourses,
  getCategoryLabel,
  getInstructors,
  getReviewTotal,
  getReviewsPages,
  type ReviewsPageKey,
  getSortRanks,
} from '@/lib/server/catalogue';
import { formatCardFacts, summarizeCurriculum } from '@/lib/curriculum';
import { courseFilterValues } from '@/lib/filters';
import { INSERTION_ORDER_SORT } from '@/config/filter-bundle.mjs';
import { BANNER_IMAGE as BANNER, IMAGE_WIDTHS } from '@/config/image-variants.mjs';
import { instructorHref, reviewsHref } from '@/lib/routes';
import type { SortKey } from '@/lib/sort';
import type { Course } from '@/lib/types';
import { ogPreviews, type OgPreviews } from './og-previews';

/*
 * Everything the export's steps make besides the pages, computed from the catalogue that
 * lib/server/catalogue.ts has read and checked: the search index's pages, each category's filter records
 * with their sort ranks, the link previews and the images to encode. The build bundles this module
 * (build/index.ts, compiled by scripts/build.mjs) and holds its result in memory for the later steps
 * (build/adapter.ts); no step reads data back out of the rendered HTML.
 */

/**
 * A course as Pagefind's search index takes it: an HTML record for `addHTMLFile`, never shipped.
 * HTML, not `addCustomRecord`: Pagefind weighs words only by `data-pagefind-weight` and headings
 * in HTML; a custom record's content is plain text, every word of one weight.
 */
export type SearchPage = { sourcePath: string; content: string };

/** A course card, as a search result shows it (lib/search.ts, toSearchHit): every value a string. */
export type SearchCard = Record<string, string>;

/**
 * A course in its category's filter index (Pagefind's `addCustomRecord`): no words, its filter
 * values and its place in each sort order. The card rides in the URL's fragment
 * (lib/browser/filter-runtime.ts reads it back): Pagefind indexes the words of the content and of every
 * metadata value, and a search with no term loads all of them (docs/performance.md, 'Figures behind the code').
 */
export type FilterRecord = {
  url: string;
  content: 'course';
  language: 'zz';
  meta: Record<string, never>;
  filters: Record<string, string[]>;
  sort: Record<SortKey, number>;
};

/** One category's filter index: its records in the index's order (INSERTION_ORDER_SORT). */
export type FilterIndex = { category: string; records: FilterRecord[] };

/**
 * A file under public/ that pages show through lib/image-loader.ts, as the catalogue names it: the
 * widths it is made at (config/image-variants.mjs), its slot's shape (width ÷ height) and, for
 * messages, what it is and a page that shows it.
 */
export type PlannedImage = { source: string; widths: number[]; aspect: number; what: string; page: string };

/**
 * The instructors and written reviews the catalogue has. Reading them here checks both optional
 * files once a build (lib/schema.ts), so a bad review fails the build even where no page reads it.
 */
export type PeopleCounts = { instructors: number; instructorRecords: number; reviews: number };

export type ExportPlan = {
  searchPages: SearchPage[];
  filterIndexes: FilterIndex[];
  previews: OgPreviews;
  images: PlannedImage[];
  people: PeopleCounts;
  /**
   * The pages the export makes without Next ('Show all reviews', build/documents.ts):
   * each route and the page it is. The page step leaves them to that step.
   */
  documents: (ReviewsPageKey & { route: string })[];
};

/** The card fields a search result reads from the course's metadata, besides the name and creator. */
const CARD_FIELDS = ['id', 'image', 'rating_star', 'rating_count', 'actual_price', 'discounted_price'] as const;

/** The slots' shapes, as the components draw them (width and height of the <img>). */
const COVER_ASPECT = 480 / 270; // components/course/course-card.tsx, course-detail.tsx
const TILE_ASPECT = 400 / 300; // components/home/category-tiles.tsx
const PHOTO_ASPECT = 1; // components/instructor/instructor-avatar.tsx

/** The home page's banner (components/home/hero-banner.tsx): the one image that is not the catalogue's. */
export const BANNER_IMAGE = { source: BANNER.src, aspect: BANNER.width / BANNER.height } as const;

/** The course page's path in the export, as Pagefind and the filter records name it. */
const coursePath = (course: Course) => `/courses/${course.id}/`;

/** The card a search result or a filtered listing shows for a course. */
export function searchCard(course: Course): SearchCard {
  // The card's facts line, made here: a result carries no curriculum to make it from.
  const facts = formatCardFacts(course.content && summarizeCurriculum(course.content), course.level);
  return {
    ...Object.fromEntries(CARD_FIELDS.map((key) => [key, String(course[key])])),
    ...(facts === undefined ? {} : { facts }),
    title: course.course_name.trim(),
    creator: course.creator.trim(),
  };
}

/** A course's filter values, its category first; groups without a value are left out. */
export function filterValues(course: Course): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries({ category: [course.category], ...courseFilterValues(course) }).filter(
      ([, values]) => values.length > 0,
    ),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A course as the search index reads it: what it is found by, with its weights (the name 10, as
 * the h1 that is Pagefind's title; the creator 5; the category's label, the learning points and
 * the description 1), the card as metadata and the filter values. The record's own layout, not
 * the course page's: what a shop edits most comes last, the name last of all. Pagefind keeps each
 * word's positions in the page, so an edit that adds or drops words moves every word after it, and
 * each index chunk holding one of those is written under a new name (docs/performance.md, 'What
 * one small change uploads'). Search never reads those positions: it ranks by each word's weight
 * and count, shows no excerpt, and reads back only the metadata and the text as a whole
 * (lib/search.ts holdsEveryWord).
 */
export function searchPage(course: Course): SearchPage {
  // The name is Pagefind's `title` (the h1's text) and the creator is tagged where it shows, as on the page.
  const meta = Object.entries(searchCard(course)).filter(([key]) => key !== 'title' && key !== 'creator');
  const filters = Object.entries(filterValues(course)).flatMap(([key, values]) =>
    values.map((value) => `<span data-pagefind-filter="${escapeHtml(`${key}:${value}`)}"></span>`),
  );
  const content =
    `<html><body><div data-pagefind-body data-pagefind-meta="${meta.map(([key]) => `${key}[data-${key}]`).join(', ')}"` +
    meta.map(([key, value]) => ` data-${key}="${escapeHtml(value)}"`).join('') +
    `>${filters.join('')}<a>${escapeHtml(getCategoryLabel(course.category))}</a>` +
    `<p><span data-pagefind-weight="5" data-pagefind-meta="creator">${escapeHtml(course.creator)}</span></p>` +
    `<ul>${course.what_you_will_learn.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` +
    `<p>${escapeHtml(course.description)}</p>` +
    `<h1 data-pagefind-weight="10">${escapeHtml(course.course_name)}</h1></div>` +
    `</body></html>`;
  return { sourcePath: `${coursePath(course).slice(1)}index.html`, content };
}

/** A course's record in its category's filter index. */
export function filterRecord(course: Course): FilterRecord {
  return {
    url: `${coursePath(course)}#${encodeURIComponent(JSON.stringify(searchCard(course)))}`,
    content: 'course',
    language: 'zz',
    meta: {},
    filters: filterValues(course),
    sort: getSortRanks(course.id),
  };
}

/** Each category that has courses, with its filter records in the order of its index. */
export function filterIndexes(courses: readonly Course[] = getCourses()): FilterIndex[] {
  return getCategories().flatMap((category) => {
    const records = courses
      .filter((course) => course.category === category)
      .map(filterRecord)
      .sort((a, b) => a.sort[INSERTION_ORDER_SORT] - b.sort[INSERTION_ORDER_SORT]);
    return records.length ? [{ category, records }] : [];
  });
}

/**
 * Every file the pages show through the image loader, once each: the courses' covers, the
 * categories' tiles and the banner. A file that is several courses' cover names them all.
 */
export function plannedImages(courses: readonly Course[] = getCourses()): PlannedImage[] {
  const covers = new Map<string, Course[]>();
  for (const course of courses) covers.set(course.image, [...(covers.get(course.image) ?? []), course]);
  const widths = [...IMAGE_WIDTHS];
  const images: PlannedImage[] = [...covers].map(([source, [first, ...others]]) => ({
    source,
    widths,
    aspect: COVER_ASPECT,
    what: `the cover of course ${[first!, ...others].map((course) => `"${course.id}"`).join(', ')}`,
    page: `${coursePath(first!).slice(1)}index.html`,
  }));
  const known = new Set(covers.keys());
  for (const category of getCategories()) {
    const source = getCategoryImage(category);
    if (known.has(source)) continue;
    known.add(source);
    images.push({
      source,
      widths,
      aspect: TILE_ASPECT,
      what: `the tile of category "${category}"`,
      page: 'index.html',
    });
  }
  for (const instructor of getInstructors()) {
    if (instructor.image === undefined || known.has(instructor.image)) continue;
    known.add(instructor.image);
    images.push({
      source: instructor.image,
      widths,
      aspect: PHOTO_ASPECT,
      what: `the photo of instructor "${instructor.name}"`,
      page: `${instructorHref(instructor.slug).slice(1)}index.html`,
    });
  }
  if (!known.has(BANNER_IMAGE.source))
    images.push({ ...BANNER_IMAGE, widths, what: 'the home page banner', page: 'index.html' });
  return images;
}

/** How many instructors (with a record in the instructors file) and reviews the catalogue has. */
export function peopleCounts(): PeopleCounts {
  const instructors = getInstructors();
  return {
    instructors: instructors.length,
    instructorRecords: instructors.filter((instructor) => instructor.headline !== undefined).length,
    reviews: getReviewTotal(),
  };
}

/** The export's plan, from the catalogue this build reads (CATALOGUE, or data/courses.json). */
export function exportPlan(): ExportPlan {
  const courses = getCourses();
  return {
    searchPages: courses.map(searchPage),
    filterIndexes: filterIndexes(courses),
    previews: ogPreviews(courses),
    images: plannedImages(courses),
    people: peopleCounts(),
    documents: getReviewsPages().map((key) => ({ ...key, route: reviewsHref(key.id, key) })),
  };
}
