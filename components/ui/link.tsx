/**
 * The site's link. Import it instead of next/link, so that how links prefetch is decided
 * in one place.
 */
export { default as Link } from 'next/link';
