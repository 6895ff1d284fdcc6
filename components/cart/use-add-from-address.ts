'use client';

import { useLayoutEffect } from 'react';
import type { AddResult } from '@/lib/browser/saved-list-store';
import { ADD_TO_CART_PARAM, basePath } from '@/lib/routes';

/**
 * Adds the course named in `?add=` (how links and forms add before hydration) once, then
 * replaces the address with `href`, so that a reload adds nothing again.
 */
export function useAddFromAddress(
  add: (courseId: string) => Promise<AddResult>,
  href: string,
  onResult: (result: AddResult) => void,
) {
  // A layout effect, so that on a client-side arrival the list is 'loading' before the first paint.
  useLayoutEffect(() => {
    const courseId = new URLSearchParams(window.location.search).get(ADD_TO_CART_PARAM);
    if (courseId === null) return;
    void add(courseId).then((result) => {
      // Only now: a reload while the course is being checked still adds it.
      window.history.replaceState(null, '', `${basePath}${href}`);
      onResult(result);
    });
    // onResult is read once, with the add.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [add, href]);
}
