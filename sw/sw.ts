/**
 * The service worker, bundled by build/service-worker.ts after `next build`,
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
  type StrategyHandler,
} from 'serwist';
import { cartShardOf } from '../lib/cart-shard';
import { PREFETCH_FRESH_MS, PREFETCH_HEADER } from '../lib/route-prefetch';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const scope = new URL(self.registration.scope);

/**
 * Query parameters that never change what a page's file holds: 'add' (the cart's add link),
 * 'q' (the search query, read in the browser) and Next's cache-busting marker on payloads
 * (__NEXT_RSC_PARAM__, folded in from build/next-output.ts).
 */
const ignoredParams = ['add', 'q', __NEXT_RSC_PARAM__];

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

/** A URL without the named query parameters. */
function urlWithout(href: string, names: string[]): URL {
  const url = new URL(href);
  for (const name of names) url.searchParams.delete(name);
  return url;
}

/** One cache entry per file, whatever the named query parameters say. */
const withoutParams = (names: string[]): SerwistPlugin => ({
  cacheKeyWillBeUsed: async ({ request }) => {
    if (!names.some((name) => new URL(request.url).searchParams.has(name))) return request;
    return new Request(urlWithout(request.url, names).href, {
      headers: request.headers,
      credentials: request.credentials,
    });
  },
});

const withoutIgnoredParams = withoutParams(ignoredParams);

/**
 * The RSC payloads: each page's RSC payload file, which Next's router fetches to navigate and each page's
 * start-up loader fetches to hydrate. Network first, so that a new deploy never mixes old payloads
 * with new chunks (the loader also checks that the payload is the one its page was built with,
 * lib/browser/loader.ts); the cached copy serves offline.
 *
 * One exception: a payload the page prefetched on intent (lib/route-prefetch.ts) is kept, and the
 * router's fetch of it within PREFETCH_FRESH_MS is answered from that copy: the navigation the
 * visitor aimed at needs no network. The times live in the worker's memory; a worker that was
 * stopped since asks the network again.
 */
class Payloads extends NetworkFirst {
  /** When each payload was prefetched, by its URL without the ignored parameters, and whether it was kept. */
  private readonly prefetched = new Map<string, { at: number; kept: Promise<boolean> }>();

  override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const key = urlWithout(request.url, ignoredParams).href;
    const now = Date.now();
    if (request.headers.has(PREFETCH_HEADER)) {
      for (const [url, { at }] of this.prefetched) if (now - at >= PREFETCH_FRESH_MS) this.prefetched.delete(url);
      const response = handler.fetch(request);
      const kept = response.then(
        (fetched) => fetched.status === 200 && handler.cachePut(request, fetched.clone()),
        () => false,
      );
      handler.waitUntil(kept);
      this.prefetched.set(key, { at: now, kept });
      return response;
    }
    const prefetch = this.prefetched.get(key);
    if (prefetch && now - prefetch.at < PREFETCH_FRESH_MS && (await prefetch.kept)) {
      const kept = await handler.cacheMatch(request);
      if (kept) return kept;
    }
    return super._handle(request, handler);
  }
}

const DATA_CACHE = 'data';

/** A course's id from its page's path (percent-decoded, as the cart hashes it), or undefined. */
function courseIdOf(pathname: string): string | undefined {
  const encoded = new RegExp(`^${scope.pathname}courses/([^/]+)/$`).exec(pathname)?.[1];
  if (!encoded) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

/** Whether a cached shard lists the course (false for a file that is not a shard). */
async function listsCourse(response: Response, id: string): Promise<boolean> {
  try {
    const records: unknown = await response.json();
    return typeof records === 'object' && records !== null && Object.hasOwn(records, id);
  } catch {
    return false;
  }
}

/**
 * A course page the visitor has seen brings its cart record into the cache with it, so that
 * the course can be added to the cart offline: the cart takes prices and names only from
 * these records. The record is in its shard's file (/cart-items/{shard}.json, lib/cart-shard.ts,
 * a few kilobytes), shared with other courses: a cached copy that does not list this course
 * (written before the course was added) is fetched again.
 */
const withCartRecord: SerwistPlugin = {
  cacheDidUpdate: async ({ request }) => {
    const id = courseIdOf(new URL(request.url).pathname);
    if (!id) return;
    const url = new URL(`cart-items/${cartShardOf(id)}.json`, scope).href;
    const cache = await caches.open(DATA_CACHE);
    const cached = await cache.match(url);
    if (cached && (await listsCourse(cached, id))) return;
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
      matcher: (options) => inScope(options) && options.url.pathname.endsWith('.txt'),
      // The same file whatever headers the router or the prefetch sent (a host may vary on them).
      handler: new Payloads({
        cacheName: 'rsc',
        plugins: [withoutIgnoredParams, okOnly, bounded(300)],
        matchOptions: { ignoreVary: true },
      }),
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
      // Next's content-hashed files (__NEXT_STATIC_DIR__, folded in from build/next-output.ts):
      // a file under this name never changes.
      matcher: (options) =>
        inScope(options) && options.url.pathname.startsWith(`${scope.pathname}${__NEXT_STATIC_DIR__}/`),
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
      // The cart's records: names and prices come from the network while online, so a shard
      // cached before a deploy added a course or changed a price is never used over the current
      // one; the cached copy serves offline, for the courses seen before.
      matcher: (options) => inScope(options) && options.url.pathname.startsWith(`${scope.pathname}cart-items/`),
      handler: new NetworkFirst({ cacheName: DATA_CACHE, plugins: [okOnly, bounded(500)] }),
    },
    {
      // Other data files (the manifest, the search prefixes).
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
