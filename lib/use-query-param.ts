import { useSyncExternalStore } from 'react';

/*
 * A query parameter of the current URL, read so that the static HTML and the hydrating
 * render both see "no value" (no hydration mismatch) and the next render sees the real
 * one. Unlike useSearchParams(), it needs no Suspense boundary, so the pre-rendered
 * markup stays in place instead of being replaced by a client-rendered copy.
 */

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const getSearch = () => window.location.search;
const getServerSearch = () => '';

/** The value of `?name=` in the address bar; null on the server, while hydrating, and when absent. */
export function useQueryParam(name: string): string | null {
  const search = useSyncExternalStore(subscribe, getSearch, getServerSearch);
  return new URLSearchParams(search).get(name);
}

/**
 * Sets (or, with null, removes) `?name=` in place: no new history entry, no navigation,
 * no scroll. Next.js picks up the native replaceState, so its router stays in sync.
 */
export function replaceQueryParam(name: string, value: string | null): void {
  const url = new URL(window.location.href);
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  window.history.replaceState(null, '', url);
  for (const listener of listeners) listener();
}
