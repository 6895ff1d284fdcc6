import 'client-only';

import { useSyncExternalStore } from 'react';

/*
 * A query parameter of the current URL, read so that the static HTML and the hydrating
 * render both see "no value" (no hydration mismatch) and the next render sees the real
 * one. Unlike useSearchParams(), it needs no Suspense boundary, so the pre-rendered
 * markup stays in place instead of being replaced by a client-rendered copy.
 */

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

const getSearch = () => window.location.search;
const getServerSearch = () => '';

/** The value of `?name=` in the address bar; null on the server, while hydrating, and when absent. */
export function useQueryParam(name: string): string | null {
  const search = useSyncExternalStore(subscribe, getSearch, getServerSearch);
  return new URLSearchParams(search).get(name);
}
