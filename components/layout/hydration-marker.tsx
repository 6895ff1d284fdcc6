'use client';

import { useEffect } from 'react';

/**
 * Marks <html data-hydrated="true"> once React has hydrated: tests know handlers are attached, and
 * the first-paint script (first-paint-script.tsx) leaves to them what it did until then.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
