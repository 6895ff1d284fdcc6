import 'client-only';

import { useEffect, useState } from 'react';
import { loadFullStylesheet } from '@/lib/full-stylesheet';

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
 * its script or the stylesheet cannot be fetched (offline, say). The page inlines only the rules
 * of what it renders at start (scripts/export/inline-css.mjs), so the panel waits for the whole
 * sheet.
 */
export function useListingFilters(): ListingFilters | 'failed' | null {
  const [module, setModule] = useState<ListingFilters | 'failed' | null>(null);
  useEffect(
    () =>
      whenIdle(() => {
        Promise.all([import('./listing-filters'), loadFullStylesheet()]).then(
          ([loaded, styled]) => setModule(styled ? loaded : 'failed'),
          () => setModule('failed'),
        );
      }),
    [],
  );
  return module;
}
