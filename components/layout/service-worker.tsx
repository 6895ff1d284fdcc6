'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { basePath } from '@/lib/routes';

/**
 * Registers the service worker (public/sw.js is written by the postbuild step) once the page
 * has loaded, and offers a new deploy's worker to the visitor instead of swapping it under a
 * running page: 'Reload' tells the waiting worker to take over, then reloads on the change.
 */
export function ServiceWorkerUpdate() {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);

  useEffect(() => {
    // `next dev` has no sw.js.
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    const container = navigator.serviceWorker;

    const register = async () => {
      const wasControlled = !!container.controller;
      const registration = await container.register(`${basePath}/sw.js`, { scope: `${basePath}/` });
      // Without a controller this is the first install, not an update.
      const offer = (worker: ServiceWorker | null) => worker && container.controller && setWaiting(worker);
      offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => installing.state === 'installed' && offer(installing));
      });
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
    const start = () => void register().catch(() => {});
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }, []);

  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    if (waiting?.state === 'installed') waiting.postMessage({ type: 'SKIP_WAITING' });
    // Another tab already let the new worker take over.
    else location.reload();
  };

  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4">
      {waiting && (
        <div className="pointer-events-auto flex w-full max-w-md items-center justify-between gap-4 rounded-lg bg-ink px-4 py-3 text-white shadow-lg">
          <p className="text-sm font-bold">A new version is available</p>
          <Button
            onClick={reload}
            className="focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Reload
          </Button>
        </div>
      )}
    </div>
  );
}
