import 'client-only';

/**
 * Where the prompt goes: an empty `role="status"` element with this class, which every page
 * renders (components/layout/service-worker.tsx) and app/globals.css styles.
 */
export const UPDATE_PROMPT = '.update-prompt';

/**
 * Offers a new deploy's service worker in `prompt` instead of swapping it under a running page:
 * 'A new version is available' with 'Reload', which tells the waiting worker to take over and
 * reloads once it has. The one source of the prompt, for both the hydrated page
 * (components/layout/service-worker.tsx) and a page the start-up loader leaves static because its
 * payload belongs to another deploy (lib/browser/loader.ts). Offers the worker that waits now or
 * one that finishes installing later; nothing on the first install (no controller yet), and
 * nothing twice.
 */
export function offerUpdates(
  registration: ServiceWorkerRegistration,
  prompt: Element,
  container: ServiceWorkerContainer = navigator.serviceWorker,
) {
  const offer = (worker: ServiceWorker | null) => {
    if (!worker || !container.controller || prompt.firstChild) return;
    const document = prompt.ownerDocument;
    const box = document.createElement('div');
    const text = document.createElement('p');
    text.textContent = 'A new version is available';
    const reload = document.createElement('button');
    reload.type = 'button';
    // components/ui/button.tsx's primary button, in its default size.
    reload.className = 'btn btn-primary btn-md';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => {
      container.addEventListener('controllerchange', () => location.reload(), { once: true });
      if (worker.state === 'installed') worker.postMessage({ type: 'SKIP_WAITING' });
      // Another tab already let the new worker take over.
      else location.reload();
    });
    box.append(text, reload);
    prompt.append(box);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => installing.state === 'installed' && offer(installing));
  });
}
