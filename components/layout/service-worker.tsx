'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { basePath } from '@/lib/routes';

/**
 * Registers the service worker (sw.js is written by the export adapter, scripts/export/service-worker.mjs) once the page
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
    // In a task of its own: registering takes a few ms that hydration's last task need not carry.
    const start = () => void setTimeout(() => void register().catch(() => {}));
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }, []);

  const reload = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    if (waiting?.state === 'installed') waiting.postMessage({ type: 'SKIP_WAITING' });
    // Another tab already let the new worker take over.
    else location.reload();
  };

  // The same markup the start-up loader builds on a page that cannot hydrate (scripts/export/loader.mjs).
  return (
    <div role="status" className="update-prompt">
      {waiting && (
        <div>
          <p>A new version is available</p>
          <Button onClick={reload}>Reload</Button>
        </div>
      )}
    </div>
  );
}
