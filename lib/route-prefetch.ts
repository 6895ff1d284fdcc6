/**
 * Prefetching a route on intent, shared by the page (components/layout/client-navigation.tsx)
 * and the service worker (sw/sw.ts): constants only, so the worker's bundle takes nothing else.
 *
 * The export keeps one RSC file per page, its index.txt: the payload Next's router fetches to
 * navigate (as `index.txt?_rsc=<hash>`). Next's per-segment prefetch files are not shipped
 * (three more files per course; docs/performance.md, 'Figures behind the code'). So the page prefetches
 * a route's index.txt itself, marked with this header, and the worker keeps it; the router's
 * fetch for the same file within PREFETCH_FRESH_MS is then answered from that copy.
 */
export const PREFETCH_HEADER = 'x-storefront-prefetch';

/** How long a prefetched payload stands in for the network: as long as Next's router keeps a prefetched static route. */
export const PREFETCH_FRESH_MS = 5 * 60_000;
