import 'client-only';

import { startTransition, useEffect, useState } from 'react';

/** The filter panel's module (./listing-filters.tsx), with the Pagefind query it runs. */
export type ListingFilters = typeof import('./listing-filters');

/** After hydration, when the browser is idle: the filters never hold up the page's start. */
function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/**
 * The filter panel, loaded on demand once the page is idle: null until then, and 'failed' when
 * its script cannot be fetched (offline, say). Its rules are among the page's own: they are
 * chosen by the words of the scripts a page may load, on demand too (build/pages.ts).
 */
export function useListingFilters(): ListingFilters | 'failed' | null {
  const [module, setModule] = useState<ListingFilters | 'failed' | null>(null);
  useEffect(
    () =>
      whenIdle(() => {
        // A transition: rendering the panel yields to taps every few milliseconds instead of one long task.
        const settle = (next: ListingFilters | 'failed') => startTransition(() => setModule(next));
        import('./listing-filters').then(settle, () => settle('failed'));
      }),
    [],
  );
  return module;
}
