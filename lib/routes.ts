/**
 * Every internal URL is built here, so that the trailing slash, percent-encoding
 * and the deploy sub-path (BASE_PATH) are decided in one place.
 */

/** Sub-path the site is deployed under ('' at the root, '/storefront' under a sub-path). */
export const basePath = process.env.NEXT_PUBLIC_BASE_PATH ?? '';

export const homeHref = '/';
export const cartHref = '/cart/';
export const searchHref = '/search/';

/** The query parameter that asks the cart page to add a course: `/cart/?add={id}`. */
export const ADD_TO_CART_PARAM = 'add';

/** The cart page, adding a course on arrival: works as a plain link, before any script runs. */
export function addToCartHref(courseId: string): string {
  return `${cartHref}?${ADD_TO_CART_PARAM}=${encodeURIComponent(courseId)}`;
}

export function courseHref(id: string): string {
  return `/courses/${encodeURIComponent(id)}/`;
}

export function categoryHref(category: string): string {
  return `/category/${encodeURIComponent(category)}/`;
}

/**
 * A file in public/ as the browser must request it. next/link adds basePath to
 * hrefs by itself; plain asset URLs (images, icons) need it added here.
 */
export function assetPath(path: string): string {
  return `${basePath}${path}`;
}
