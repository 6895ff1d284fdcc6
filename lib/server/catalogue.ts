import 'server-only';

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeJsonError } from '../json-error';
import {
  CatalogueError,
  decodePath,
  MAX_CATALOGUE_BYTES,
  MAX_REVIEWS_BYTES,
  parseCatalogue,
  parseCoupons,
  parseInstructors,
  parseReviews,
  type Catalogue,
  type Category,
  type CategoryInfo,
  type CheckoutIdProvider,
  type Course,
  type Review,
} from '../schema';
import type { CartItem } from '../types';
import { SORT_OPTIONS, sortCourses, type SortKey } from '../sort';
import { groupIntoShards } from '../cart-shard';
import { couponsFile, instructorsFile, readEnv, reviewsFile, type CompanionFile } from '@/config/env.mjs';
import type { CouponRule } from '../coupons';
import { shopMoney } from '../money';
import { toCouponRules } from './coupons';
import { instructorSlug, instructorTotals, type InstructorTotals } from '../instructors';
import { countByStars, hasStarPages, latestReviewDate, newestFirst, REVIEWS_PER_PAGE, STARS } from '../reviews';

/*
 * The one access layer for the catalogue (server and build only: it reads files). The data
 * is data/courses.json and data/categories.json, or CATALOGUE=path/to/courses.json, checked
 * by lib/schema.ts the first time anything asks for it. A bad record throws a CatalogueError
 * there, which stops `next build` with every problem listed. Instructors and reviews come from
 * their own optional files (INSTRUCTORS, REVIEWS: config/env.mjs), read the same way.
 */

const root = process.cwd();
const PUBLIC_DIR = path.join(root, 'public');

/** The courses file a build reads: CATALOGUE, or data/courses.json (relative to the project). */
export const catalogueFile = (): string => readEnv().CATALOGUE;

/** The provider whose id every course needs (CHECKOUT_PROVIDER paddle or shopify), or undefined. */
export function checkoutIdProvider(): CheckoutIdProvider | undefined {
  const provider = readEnv().CHECKOUT_PROVIDER;
  return provider === 'paddle' || provider === 'shopify' ? provider : undefined;
}

/** Categories stay with the site (labels, tiles, tab order): another catalogue reuses them. */
const CATEGORIES_FILE = 'data/categories.json';

function readJson(file: string, { maxBytes = MAX_CATALOGUE_BYTES, what = 'a catalogue file' } = {}): unknown {
  let text: string;
  try {
    const absolute = path.resolve(root, file);
    // Checked before reading: a runaway export fails here, not as an out-of-memory build.
    const { size } = statSync(absolute);
    if (size > maxBytes) {
      throw new CatalogueError([`${file}: is ${megabytes(size)}, more than the ${megabytes(maxBytes)} ${what} may be`]);
    }
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    if (error instanceof CatalogueError) throw error;
    throw new CatalogueError([`${file}: cannot read the file (${(error as Error).message})`]);
  }
  // A byte-order mark, as some Windows editors save, is not part of the JSON.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CatalogueError([`${file}: is not valid JSON (${describeJsonError(text, error as Error)})`]);
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

function publicFileExists(publicPath: string): boolean {
  const relative = decodePath(publicPath);
  if (relative === undefined) return false;
  const absolute = path.join(PUBLIC_DIR, relative);
  if (!absolute.startsWith(PUBLIC_DIR + path.sep)) return false;
  try {
    return statSync(absolute).isFile();
  } catch {
    return false;
  }
}

type Indexed = Catalogue & {
  /** The optional files beside it, as the environment named them when the catalogue was read. */
  file: string;
  companions: { instructors?: CompanionFile; reviews?: CompanionFile; coupons?: CompanionFile };
  byId: Map<string, Course>;
  byCategory: Map<Category, Course[]>;
  categoryByName: Map<Category, CategoryInfo>;
};

let loaded: Indexed | undefined;

function catalogue(): Indexed {
  if (loaded) return loaded;
  const env = readEnv();
  const file = env.CATALOGUE;
  const { courses, categories } = parseCatalogue({
    courses: { file, data: readJson(file) },
    categories: { file: CATEGORIES_FILE, data: readJson(CATEGORIES_FILE) },
    publicFileExists,
    checkoutIds: checkoutIdProvider(),
  });
  const byCategory = new Map<Category, Course[]>(categories.map((category) => [category.name, []]));
  for (const course of courses) byCategory.get(course.category)?.push(course);
  loaded = {
    courses,
    categories,
    file,
    companions: { instructors: instructorsFile(env), reviews: reviewsFile(env), coupons: couponsFile(env) },
    byId: new Map(courses.map((course) => [course.id, course])),
    byCategory,
    categoryByName: new Map(categories.map((category) => [category.name, category])),
  };
  return loaded;
}

/** Every course, in catalogue order (the file's order: 'Most relevant'). */
export function getCourses(): readonly Course[] {
  return catalogue().courses;
}

/** The course with this id, or undefined when there is none. */
export function getCourse(id: string): Course | undefined {
  return catalogue().byId.get(id);
}

/** Every category name, in the order of their `position` (tabs, tiles, menu). */
export function getCategories(): Category[] {
  return catalogue().categories.map((category) => category.name);
}

/** Courses of one category, in catalogue order; empty for an unknown category. */
export function getCoursesByCategory(category: string): readonly Course[] {
  return catalogue().byCategory.get(category) ?? [];
}

/** Whether a category of this name is in data/categories.json. */
export function isCategory(value: string): boolean {
  return catalogue().categoryByName.has(value);
}

/** The tile image of a category, as a path under public/. */
export function getCategoryImage(category: Category): string {
  return categoryInfo(category).image;
}

/** A category's name for headings and tabs ('AWS', 'Web Development'). */
export function getCategoryLabel(category: Category): string {
  return categoryInfo(category).label;
}

function categoryInfo(category: Category): CategoryInfo {
  const info = catalogue().categoryByName.get(category);
  if (!info) throw new Error(`Unknown category "${category}"`);
  return info;
}

let sortRanks: Map<string, Record<SortKey, number>> | undefined;

/**
 * A course's place (0-based) among its category's courses in each sort order, ties in catalogue
 * order as sortCourses() leaves them. Any subset of the category keeps its courses in rank order,
 * so the category's filter index orders filtered matches exactly as the static listing does. Within
 * its category only: a new price moves the ranks of its own category's filter index, not every
 * category's (what a deploy uploads).
 */
export function getSortRanks(id: string): Record<SortKey, number> {
  if (!sortRanks) {
    const ranks = new Map<string, Record<SortKey, number>>(
      getCourses().map((course) => [course.id, {} as Record<SortKey, number>]),
    );
    for (const category of new Set(getCourses().map((course) => course.category))) {
      const courses = getCourses().filter((course) => course.category === category);
      for (const { value } of SORT_OPTIONS)
        sortCourses(courses, value).forEach((course, rank) => (ranks.get(course.id)![value] = rank));
    }
    sortRanks = ranks;
  }
  const ranks = sortRanks.get(id);
  if (!ranks) throw new Error(`Unknown course "${id}"`);
  return ranks;
}

/** The cart's copy of a course (SPEC §3): what the cart re-derives every stored item from. */
export function toCartItem(course: Course): CartItem {
  return {
    courseID: course.id,
    image: course.image,
    course_name: course.course_name,
    creator: course.creator,
    discounted_price: course.discounted_price,
    category: course.category,
  };
}

let cartShards: ReadonlyMap<string, Readonly<Record<string, CartItem>>> | undefined;

/**
 * The cart's records as the build writes them (app/cart-items/[file]/route.ts): by shard
 * (lib/cart-shard.ts), in shard order, each shard's courses by id in catalogue order. Only
 * shards that hold a course are here.
 */
export function getCartShards(): ReadonlyMap<string, Readonly<Record<string, CartItem>>> {
  const provider = checkoutIdProvider();
  cartShards ??= groupIntoShards(
    getCourses().map((course) => {
      const item = toCartItem(course);
      // A build that sells through Paddle or Shopify hands off the provider's id, which the cart reads here.
      return [course.id, provider ? { ...item, checkoutId: course.checkout?.[provider] } : item] as const;
    }),
  );
  return cartShards;
}

/** One shard's records by course id, or undefined when no course hashes to it. */
export function getCartShard(shard: string): Readonly<Record<string, CartItem>> | undefined {
  return getCartShards().get(shard);
}

/*
 * Instructors and reviews: optional files beside the catalogue (config/env.mjs), named
 * when it is read and each read and checked against it the first time something asks, so that a
 * build that shows neither never reads them.
 */

/** An optional file's parsed JSON, or undefined when it may be missing and is. */
function readOptionalJson(companion: CompanionFile | undefined, limit?: { maxBytes: number; what: string }): unknown {
  if (!companion) return undefined;
  if (companion.optional && !existsSync(path.resolve(root, companion.file))) return undefined;
  return readJson(companion.file, limit);
}

/** An instructor as pages show them: every distinct creator has one, with or without a record. */
export type Instructor = {
  /** The course's `creator`, exactly. */
  name: string;
  /** The URL segment of /instructors/{slug}/ (instructorSlug). */
  slug: string;
  /** From the instructors file; undefined when it has no record for this creator. */
  headline?: string;
  /** Paragraphs; empty when there is no record. */
  bio: readonly string[];
  /** A photo under public/; undefined shows a monogram. */
  image?: string;
};

type InstructorIndex = {
  all: Instructor[];
  bySlug: Map<string, Instructor>;
  byName: Map<string, Instructor>;
  courses: Map<string, Course[]>;
};

let instructorIndex: InstructorIndex | undefined;

function instructors(): InstructorIndex {
  if (instructorIndex) return instructorIndex;
  const courses = getCourses();
  const source = catalogue().companions.instructors;
  const data = readOptionalJson(source);
  const records =
    data === undefined || !source
      ? []
      : parseInstructors({ file: source.file, data }, { courseFile: catalogue().file, courses, publicFileExists });
  const recordByName = new Map(records.map((record) => [record.name, record]));
  const byCourses = new Map<string, Course[]>();
  for (const course of courses) {
    const list = byCourses.get(course.creator);
    if (list) list.push(course);
    else byCourses.set(course.creator, [course]);
  }
  // Creators' slugs are unique: parseCatalogue has checked them.
  const all = [...byCourses.keys()].map((name): Instructor => {
    const record = recordByName.get(name);
    return {
      name,
      slug: instructorSlug(name),
      ...(record && { headline: record.headline }),
      bio: record?.bio ?? [],
      ...(record?.image !== undefined && { image: record.image }),
    };
  });
  instructorIndex = {
    all,
    bySlug: new Map(all.map((instructor) => [instructor.slug, instructor])),
    byName: new Map(all.map((instructor) => [instructor.name, instructor])),
    courses: new Map(all.map((instructor) => [instructor.slug, byCourses.get(instructor.name)!])),
  };
  return instructorIndex;
}

/** Every distinct creator of the catalogue as an instructor, in the order of their first course. */
export function getInstructors(): readonly Instructor[] {
  return instructors().all;
}

/** The instructor of /instructors/{slug}/, or undefined when no creator has that slug. */
export function getInstructor(slug: string): Instructor | undefined {
  return instructors().bySlug.get(slug);
}

/** The instructor of a course: its `creator`. */
export function getCourseInstructor(course: Pick<Course, 'creator'>): Instructor {
  const instructor = instructors().byName.get(course.creator);
  if (!instructor) throw new Error(`Unknown creator "${course.creator}"`);
  return instructor;
}

/** An instructor's courses, in catalogue order; empty for an unknown slug. */
export function getInstructorCourses(slug: string): readonly Course[] {
  return instructors().courses.get(slug) ?? [];
}

/** An instructor's totals over the catalogue (courses, students, ratings); zeros for an unknown slug. */
export function getInstructorTotals(slug: string): InstructorTotals {
  return instructorTotals(getInstructorCourses(slug));
}

let reviewsByCourse: Map<string, Review[]> | undefined;

function reviews(): Map<string, Review[]> {
  if (reviewsByCourse) return reviewsByCourse;
  const source = catalogue().companions.reviews;
  const data = readOptionalJson(source, { maxBytes: MAX_REVIEWS_BYTES, what: 'a reviews file' });
  const all =
    data === undefined || !source
      ? []
      : parseReviews(
          { file: source.file, data },
          { courseFile: catalogue().file, courseIds: new Set(catalogue().byId.keys()), latestDate: latestReviewDate() },
        );
  const byCourse = new Map<string, Review[]>();
  for (const review of all) {
    const list = byCourse.get(review.course);
    if (list) list.push(review);
    else byCourse.set(review.course, [review]);
  }
  for (const [course, list] of byCourse) byCourse.set(course, newestFirst(list));
  reviewsByCourse = byCourse;
  return byCourse;
}

/**
 * What this thread has read and checked of the catalogue, the instructors and the reviews, as
 * structured-clone data: a worker thread of the same build takes it (adoptCatalogue) instead of
 * reading and checking the files again. One clone keeps the courses shared between its indexes.
 */
export type CatalogueState = { catalogue: Indexed; instructors: InstructorIndex; reviews: Map<string, Review[]> };

export function catalogueState(): CatalogueState {
  return { catalogue: catalogue(), instructors: instructors(), reviews: reviews() };
}

/** Takes `state` (catalogueState, from another thread of this build) as this thread's catalogue. */
export function adoptCatalogue(state: CatalogueState): void {
  if (loaded === state.catalogue) return;
  if (loaded) throw new Error('adoptCatalogue: this thread has read a catalogue already');
  loaded = state.catalogue;
  instructorIndex = state.instructors;
  reviewsByCourse = state.reviews;
}

/** A course's written reviews, newest first (one day's in file order); empty when it has none. */
export function getReviews(courseId: string): readonly Review[] {
  return reviews().get(courseId) ?? [];
}

/** A page of 'Show all reviews' (lib/routes.ts, reviewsHref): of a course, of its reviews of `stars` stars or all. */
export type ReviewsPageKey = { id: string; page: number; stars?: number };

/**
 * Every page of 'Show all reviews', in catalogue order: each course with at least one written
 * review, and its pages (REVIEWS_PER_PAGE reviews a page). A course with more than one page also
 * has the pages of each number of stars it has reviews of (its one page otherwise filters itself:
 * starReviewsHref), so that a filter shows every review of those stars. Most courses have one page:
 * one file for all their reviews.
 */
export function getReviewsPages(): ReviewsPageKey[] {
  return getCourses().flatMap((course) => {
    const reviews = getReviews(course.id);
    const pages = (count: number, stars?: number) =>
      Array.from({ length: Math.ceil(count / REVIEWS_PER_PAGE) }, (_, index) => ({
        id: course.id,
        page: index + 1,
        ...(stars === undefined ? {} : { stars }),
      }));
    if (!hasStarPages(reviews.length)) return pages(reviews.length);
    const counts = countByStars(reviews);
    return [...pages(reviews.length), ...STARS.flatMap((stars, index) => pages(counts[index]!, stars))];
  });
}

/** How many written reviews the catalogue has, over all courses. */
export function getReviewTotal(): number {
  let total = 0;
  for (const list of reviews().values()) total += list.length;
  return total;
}

let couponRules: CouponRule[] | undefined;

/**
 * The coupons file (COUPONS, else data/coupons.json), checked against the catalogue and the
 * shop's currency, as the rules the export ships: hashes of the codes, never the codes. Empty
 * when the shop has none.
 */
export function getCouponRules(): readonly CouponRule[] {
  if (couponRules) return couponRules;
  const source = catalogue().companions.coupons;
  const data = readOptionalJson(source);
  const { currency, digits } = shopMoney();
  couponRules =
    data === undefined || !source
      ? []
      : toCouponRules(
          parseCoupons(
            { file: source.file, data },
            {
              courseFile: catalogue().file,
              courseIds: new Set(catalogue().byId.keys()),
              currency: { code: currency, digits },
            },
          ),
          digits,
        );
  return couponRules;
}
