/**
 * The service worker, bundled by scripts/export/service-worker.mjs after `next build`,
 * which also injects the precache manifest (the app shell) in place of `self.__SW_MANIFEST`.
 *
 * URLs are resolved against the registration scope, so the same source works at the site
 * root and under BASE_PATH.
 */
import {
  CacheableResponsePlugin,
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type RouteMatchCallbackOptions,
  type SerwistPlugin,
} from 'serwist';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const scope = new URL(self.registration.scope);

/**
 * Query parameters that never change what a page's file holds: 'add' (the cart's add link),
 * 'q' (the search query, read in the browser) and '_rsc' (Next's cache-busting marker).
 */
const ignoredParams = ['add', 'q', '_rsc'];

/**
 * Video, audio and their captions: no rule answers them, so the worker never calls
 * respondWith for them and the browser fetches them itself. A preview is never cached (its
 * megabytes would crowd out pages), and its Range requests reach the server as the player
 * sent them, so seeking and partial responses (206) work as they do without a worker.
 */
const MEDIA_FILE = /\.(?:mp4|m4v|webm|ogv|mov|mp3|m4a|oga|ogg|wav|vtt)$/i;

function isMedia({ url, request }: RouteMatchCallbackOptions): boolean {
  return (
    request.destination === 'video' ||
    request.destination === 'audio' ||
    request.destination === 'track' ||
    request.headers.has('range') ||
    MEDIA_FILE.test(url.pathname)
  );
}

function inScope(options: RouteMatchCallbackOptions): boolean {
  return options.sameOrigin && !isMedia(options) && options.url.pathname.startsWith(scope.pathname);
}

/** One cache entry per file, whatever the named query parameters say. */
const withoutParams = (names: string[]): SerwistPlugin => ({
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    if (!names.some((name) => url.searchParams.has(name))) return request;
    for (const name of names) url.searchParams.delete(name);
    return new Request(url.href, { headers: request.headers, credentials: request.credentials });
  },
});

const withoutIgnoredParams = withoutParams(ignoredParams);

const DATA_CACHE = 'data';

/**
 * A course page the visitor has seen brings its cart record (/cart-items/{id}.json, a few
 * hundred bytes) into the cache with it, so that the course can be added to the cart offline:
 * the cart takes prices and names only from these records.
 */
const withCartRecord: SerwistPlugin = {
  cacheDidUpdate: async ({ request }) => {
    const id = new RegExp(`^${scope.pathname}courses/([^/]+)/$`).exec(new URL(request.url).pathname)?.[1];
    if (!id) return;
    const url = new URL(`cart-items/${id}.json`, scope).href;
    const cache = await caches.open(DATA_CACHE);
    if (await cache.match(url)) return;
    const response = await fetch(url);
    if (response.ok) await cache.put(url, response);
  },
};

const okOnly = new CacheableResponsePlugin({ statuses: [200] });
const bounded = (maxEntries: number) => new ExpirationPlugin({ maxEntries, purgeOnQuotaError: true });

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    // Serwist's defaults (campaign tags) and ours.
    ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, ...ignoredParams.map((name) => new RegExp(`^${name}$`))],
  },
  // A new worker waits until the visitor accepts the update prompt (it posts SKIP_WAITING,
  // which Serwist handles): pages never run old chunks against a new worker's caches.
  skipWaiting: false,
  // Only takes effect on the first install (no worker yet) or after the visitor accepted.
  clientsClaim: true,
  runtimeCaching: [
    {
      // RSC payloads (the router's, and each page's index.txt its start-up loader fetches) go
      // network-first, so that a new deploy never mixes old payloads with new chunks; the loader
      // also checks the payload for the build id its page was built with (scripts/export/loader.mjs).
      matcher: (options) => inScope(options) && options.url.pathname.endsWith('.txt'),
      handler: new NetworkFirst({ cacheName: 'rsc', plugins: [withoutIgnoredParams, okOnly, bounded(300)] }),
    },
    {
      matcher: (options) =>
        inScope(options) &&
        (options.request.mode === 'navigate' || (options.request.headers.get('accept') ?? '').includes('text/html')),
      handler: new StaleWhileRevalidate({
        cacheName: 'pages',
        plugins: [withoutIgnoredParams, okOnly, bounded(200), withCartRecord],
      }),
    },
    {
      // Content-hashed: a file under this name never changes.
      matcher: (options) => inScope(options) && options.url.pathname.startsWith(`${scope.pathname}_next/static/`),
      handler: new CacheFirst({ cacheName: 'static', plugins: [okOnly, bounded(200)] }),
    },
    {
      // Pagefind's entry file names the current index fragments: the network decides while online.
      // Pagefind asks for it as pagefind-entry.json?ts=<now>, so the key drops 'ts': offline, a
      // search the visitor has made before finds its files.
      matcher: (options) => inScope(options) && options.url.pathname.startsWith(`${scope.pathname}pagefind/`),
      handler: new NetworkFirst({ cacheName: 'search', plugins: [withoutParams(['ts']), okOnly, bounded(300)] }),
    },
    {
      matcher: (options) => inScope(options) && /\.(?:avif|gif|ico|jpe?g|png|svg|webp)$/i.test(options.url.pathname),
      handler: new StaleWhileRevalidate({ cacheName: 'images', plugins: [okOnly, bounded(300)] }),
    },
    {
      // The cart's per-course records and other data files: the cart works offline for seen courses.
      matcher: (options) => inScope(options) && /\.(?:json|webmanifest)$/i.test(options.url.pathname),
      handler: new StaleWhileRevalidate({ cacheName: DATA_CACHE, plugins: [okOnly, bounded(500)] }),
    },
  ],
  fallbacks: {
    // A page never visited, offline: the offline page instead of the browser's error page.
    entries: [
      {
        url: new URL('offline/', scope).href,
        matcher: ({ request }) => request.mode === 'navigate' || request.destination === 'document',
      },
    ],
  },
});

serwist.addEventListeners();
