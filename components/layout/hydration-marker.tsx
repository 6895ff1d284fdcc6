'use client';

import { useEffect } from 'react';

/** Marks <html data-hydrated="true"> once React has hydrated, so tests know handlers are attached. */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
