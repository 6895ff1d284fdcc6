import { hasStarPages } from './reviews';
import { DEFAULT_SORT, isSortKey, type SortKey } from './sort';

/**
 * Every internal URL is built here, so that the trailing slash, percent-encoding
 * and the deploy sub-path (BASE_PATH) are decided in one place.
 */

/** Sub-path the site is deployed under ('' at the root, '/storefront' under a sub-path). */
export const basePath = process.env.NEXT_PUBLIC_BASE_PATH ?? '';

export const homeHref = '/';
export const cartHref = '/cart/';
export const searchHref = '/search/';
/** The query parameter of /search/ (the search form's field name). */
export const SEARCH_PARAM = 'q';

/** The query parameter that asks the cart page to add a course: `/cart/?add={id}`. */
export const ADD_TO_CART_PARAM = 'add';

/** The cart page, adding a course on arrival: works as a plain link, before any script runs. */
export function addToCartHref(courseId: string): string {
  return `${cartHref}?${ADD_TO_CART_PARAM}=${encodeURIComponent(courseId)}`;
}

export const wishlistHref = '/wishlist/';

/** The wishlist page, adding a course on arrival (the same `?add=` as the cart's). */
export function addToWishlistHref(courseId: string): string {
  return `${wishlistHref}?${ADD_TO_CART_PARAM}=${encodeURIComponent(courseId)}`;
}

/**
 * The payload of a route of the site ('/courses/py-101/': without the deploy sub-path, and ending
 * in '/', as every page's does), as Next's router fetches it from a static export: the route's
 * folder and the payload's file name (`file`, which the export writes on every page's loader,
 * lib/browser/loader.ts). Its query and fragment do not change the file.
 */
export function payloadUrl(route: string, file: string): string {
  return `${basePath}${route.replace(/[?#].*$/, '')}${file}`;
}

export function courseHref(id: string): string {
  return `/courses/${encodeURIComponent(id)}/`;
}

/**
 * 'Show all reviews' of a course: every written review, newest first, REVIEWS_PER_PAGE a page
 * (page 1 is the plain URL, later ones `{n}/`); with `stars`, the reviews of that many stars only,
 * in pages of their own (`stars-5/`, `stars-5/2/`), which only a course with more than one page
 * has (starReviewsHref).
 */
export function reviewsHref(id: string, { page = 1, stars }: { page?: number; stars?: number } = {}): string {
  return `${courseHref(id)}reviews/${stars === undefined ? '' : `stars-${stars}/`}${page === 1 ? '' : `${page}/`}`;
}

/**
 * Where a course's reviews of `stars` stars are, when it has `total` written reviews. All on one
 * page: that page, filtered by the fragment (`#stars-5`, CSS :target, no script), and no file
 * more. On more pages: the pages of that star's reviews (reviewsHref with stars), every one of
 * them, not those of one page.
 */
export function starReviewsHref(id: string, stars: number, total: number): string {
  return hasStarPages(total) ? reviewsHref(id, { stars }) : `${reviewsHref(id)}#stars-${stars}`;
}

/**
 * Whether a route is loaded only as a document, never by the router: 'Show all reviews', whose
 * pages the export makes without Next (build/documents.ts), with no payload for the
 * router to fetch. A link to one is followed as a plain link (components/layout/client-navigation.tsx).
 * Its query and fragment do not change the answer.
 */
export function isDocumentOnlyRoute(route: string): boolean {
  return /^\/courses\/[^/]+\/reviews\//.test(route.replace(/[?#].*$/, ''));
}

/** An instructor's page: their first page of courses. */
export function instructorHref(slug: string): string {
  return `/instructors/${encodeURIComponent(slug)}/`;
}

/** A page of an instructor's courses, in catalogue order: page 1 is the plain URL, later ones `page/{n}/`. */
export function instructorListingHref(slug: string, page = 1): string {
  return page === 1 ? instructorHref(slug) : `${instructorHref(slug)}page/${page}/`;
}

/** Which slice of a category a listing page shows: an order and a 1-based page number. */
export type ListingView = { sort: SortKey; page: number };

/** A category's page: its first page, in the default order. */
export function categoryHref(category: string): string {
  return `/category/${encodeURIComponent(category)}/`;
}

/**
 * A page of a category listing. The default order's page 1 is the plain category URL; other
 * orders live under `sort/{key}/` and later pages under `page/{n}/`, so each (order, page)
 * is its own static file, already in that order.
 */
export function categoryListingHref(category: string, view: Partial<ListingView>): string {
  const segments = listingSegments({ sort: view.sort ?? DEFAULT_SORT, page: view.page ?? 1 });
  return `${categoryHref(category)}${segments.map((segment) => `${segment}/`).join('')}`;
}

/** The path segments after `/category/{c}/` for a view: [], ['page', '2'], ['sort', 'newest', 'page', '2']… */
export function listingSegments({ sort, page }: ListingView): string[] {
  return [...(sort === DEFAULT_SORT ? [] : ['sort', sort]), ...(page === 1 ? [] : ['page', String(page)])];
}

/**
 * The view named by the segments after `/category/{c}/`, or undefined when they name none.
 * Only the one spelling listingSegments() writes is accepted: no `sort/relevance/`, no
 * `page/1/`, no '02', so that every view has exactly one URL.
 */
export function parseListingSegments(segments: readonly string[] = []): ListingView | undefined {
  let rest = segments;
  let sort: SortKey = DEFAULT_SORT;
  if (rest[0] === 'sort') {
    if (!isSortKey(rest[1]) || rest[1] === DEFAULT_SORT) return undefined;
    sort = rest[1];
    rest = rest.slice(2);
  }
  let page = 1;
  if (rest[0] === 'page') {
    if (!/^[1-9]\d{0,8}$/.test(rest[1] ?? '') || rest[1] === '1') return undefined;
    page = Number(rest[1]);
    rest = rest.slice(2);
  }
  return rest.length === 0 ? { sort, page } : undefined;
}

/**
 * A file in public/ as the browser must request it. next/link adds basePath to
 * hrefs by itself; plain asset URLs (images, icons) need it added here.
 */
export function assetPath(path: string): string {
  return `${basePath}${path}`;
}
