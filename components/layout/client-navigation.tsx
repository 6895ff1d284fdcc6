'use client';

import { useEffect } from 'react';
import { loadFullStylesheet, useNavigate } from '@/lib/browser/full-stylesheet';
import { payloadFileName } from '@/lib/browser/loader-lists';
import { PREFETCH_HEADER } from '@/lib/route-prefetch';
import { basePath, isDocumentOnlyRoute, payloadUrl } from '@/lib/routes';

/**
 * The route a click or an aim at this element leads to, as the router takes it (without the
 * deploy sub-path), or null when it is not a link the router should take: another origin, a
 * new tab or a download, a file rather than a page (every page of the site ends in '/'), a page
 * the export ships without a payload (isDocumentOnlyRoute), or a jump within the page (the skip link).
 */
export function routeOf(target: EventTarget | null, here: { origin: string; pathname: string; search: string }) {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== here.origin || !url.pathname.startsWith(`${basePath}/`) || !url.pathname.endsWith('/'))
    return null;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  const route = url.pathname.slice(basePath.length);
  if (isDocumentOnlyRoute(route)) return null;
  return route + url.search + url.hash;
}

/**
 * Fetches a route's payload for the service worker to keep (lib/route-prefetch.ts), so that the
 * router's navigation to it needs no network. Without a worker in control (its first seconds on a
 * first visit, or a browser without one) there is nowhere to keep it: returns false, prefetching nothing.
 */
export function prefetchRoute(route: string): boolean {
  const file = payloadFileName(document);
  if (!navigator.serviceWorker?.controller || !file) return false;
  fetch(payloadUrl(route, file), { headers: { [PREFETCH_HEADER]: '1' }, priority: 'low' }).catch(() => {
    // A prefetch that fails costs nothing: the navigation fetches the payload itself.
  });
  return true;
}

/**
 * Client-side navigation for every site link (components/ui/link.tsx renders plain anchors), as
 * one listener instead of a client component per link. A plain left click goes through the
 * router; a modifier key, or a handler that called preventDefault, leaves it alone. The click
 * listener is on the window, which an event reaches last, so that React's handlers and the
 * document-level ones (the wishlist hearts') decide first. Pointing at a link, focusing it or
 * touching it prefetches its route once (`prefetchRoute`), and starts loading the rest of the
 * stylesheet (lib/browser/full-stylesheet.ts) that the next page needs. Links with a query (the cart's `?add=`) and `data-prefetch="false"`
 * are not prefetched: the first would fetch the same route again for every card.
 */
export function ClientNavigation() {
  const router = useNavigate();
  useEffect(() => {
    const prefetched = new Set<string>();
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const route = routeOf(event.target, location);
      if (route === null) return;
      event.preventDefault();
      router.push(route);
    };
    const onIntent = (event: Event) => {
      const route = routeOf(event.target, location);
      if (route === null) return;
      void loadFullStylesheet();
      if (route.includes('?') || prefetched.has(route)) return;
      if ((event.target as Element).closest<HTMLElement>('a[href]')?.dataset.prefetch === 'false') return;
      if (prefetchRoute(route)) prefetched.add(route);
    };
    const intents = ['pointerover', 'focusin', 'touchstart'] as const;
    window.addEventListener('click', onClick);
    for (const type of intents) document.addEventListener(type, onIntent, { passive: true });
    return () => {
      window.removeEventListener('click', onClick);
      for (const type of intents) document.removeEventListener(type, onIntent);
    };
  }, [router]);
  return null;
}
