import type { ComponentProps } from 'react';
import { basePath } from '@/lib/routes';

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** A path of the site without the deploy sub-path ('/courses/py-101/'), as lib/routes.ts builds it. */
  href: string;
  /** `false`: never prefetched (the offline page's links: there is no network to prefetch from). */
  prefetch?: false;
};

/**
 * The site's link: a plain <a>, so that a page of links hydrates as markup and no link is a
 * client component of its own (a listing has dozens; each next/link instance added its hooks,
 * effects and observer to hydration on a slow phone). Once the page has hydrated, one listener
 * (components/layout/client-navigation.tsx) turns a click on any site link into a client-side
 * navigation, and prefetches a route when a pointer, focus or finger aims at its link. Before
 * that, or without JavaScript, it is an ordinary link.
 */
export function Link({ href, prefetch, ...props }: LinkProps) {
  return <a href={`${basePath}${href}`} data-prefetch={prefetch === false ? 'false' : undefined} {...props} />;
}
