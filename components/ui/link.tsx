'use client';

import NextLink from 'next/link';
// The context next/link itself reads: unlike useRouter(), it is null (not a throw) outside the App
// Router, so the link still renders in unit tests and simply doesn't prefetch there.
import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { useContext, useRef, type ComponentProps } from 'react';

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * The site's link: next/link that prefetches on intent, not on sight (issue #11).
 *
 * next/link prefetches every link that scrolls into view; on the cart page that was ~25 requests
 * in the first 350 ms, on a phone's metered connection, competing with the page's own scripts.
 * Here a link prefetches its route when the pointer enters it, it gets focus or a finger touches
 * it: the payload is usually in by the time the click lands, and nobody pays for routes they
 * never aim at. No link keeps viewport prefetching by default (not even the navbar: its two
 * routes are one tap away like the rest); pass `prefetch` to opt a link back into next/link's own
 * behaviour.
 */
export function Link({ prefetch, href, onPointerEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const router = useContext(AppRouterContext);
  const prefetched = useRef(false);
  const onIntent = () => {
    // Object hrefs and other origins have nothing of ours to prefetch.
    if (prefetched.current || !router || typeof href !== 'string' || !href.startsWith('/')) return;
    prefetched.current = true;
    router.prefetch(href);
  };
  const byIntent = prefetch === undefined;

  return (
    <NextLink
      {...props}
      href={href}
      prefetch={prefetch ?? false}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        if (byIntent) onIntent();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (byIntent) onIntent();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        if (byIntent) onIntent();
      }}
    />
  );
}
