'use client';

import { useEffect, useRef } from 'react';
import { offerUpdates } from '@/lib/browser/update-prompt';
import { basePath } from '@/lib/routes';

/**
 * Registers the service worker (sw.js is written by the export adapter, build/service-worker.ts) once the page
 * has loaded, and offers a new deploy's worker to the visitor instead of swapping it under a
 * running page, in the prompt this renders empty (lib/browser/update-prompt.ts fills it, here as
 * on a page the start-up loader leaves static).
 */
export function ServiceWorkerUpdate() {
  const prompt = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // `next dev` has no sw.js.
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;

    const register = async () => {
      const wasControlled = !!container.controller;
      const registration = await container.register(`${basePath}/sw.js`, { scope: `${basePath}/` });
      if (prompt.current) offerUpdates(registration, prompt.current, container);
      if (!wasControlled) {
        // What this first page loaded came before the worker: hand it over to be cached.
        const urls = [location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)];
        (await container.ready).active?.postMessage({
          type: 'CACHE_URLS',
          payload: {
            urlsToCache: urls.map((url) => [url, { headers: { accept: url === location.href ? 'text/html' : '*/*' } }]),
          },
        });
      }
    };
    // In a task of its own: registering takes a few ms that hydration's last task need not carry.
    // A browser may refuse a worker (a private window, a policy, a test harness that blocks them):
    // the site works without one, so that is no failure to report.
    const start = () => void setTimeout(() => void register().catch(() => {}));
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }, []);

  return <div ref={prompt} role="status" className="update-prompt" />;
}
