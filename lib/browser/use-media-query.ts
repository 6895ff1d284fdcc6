import 'client-only';

import { useSyncExternalStore } from 'react';

/**
 * Whether the window matches a media query: false in the static HTML and while hydrating (no
 * mismatch), then the truth, kept up to date as the window changes. For parts of a page that only
 * one layout shows, which need not be rendered at all in the other.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    // Where a window cannot say (a test's DOM), it matches: the part renders, as it did before this hook.
    () => window.matchMedia?.(query).matches ?? true,
    () => false,
  );
}
