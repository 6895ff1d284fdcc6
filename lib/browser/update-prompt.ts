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
 * one that finishes installing later (Reload then asks the latest); nothing on the first install
 * (no controller yet).
 */
export function offerUpdates(
  registration: ServiceWorkerRegistration,
  prompt: Element,
  container: ServiceWorkerContainer = navigator.serviceWorker,
) {
  let waiting: ServiceWorker | null = null;
  const reload = () => {
    container.addEventListener('controllerchange', () => location.reload(), { once: true });
    if (waiting?.state === 'installed') waiting.postMessage({ type: 'SKIP_WAITING' });
    // Another tab already let the new worker take over.
    else location.reload();
  };
  const offer = (worker: ServiceWorker | null) => {
    if (!worker || !container.controller) return;
    if (!waiting) prompt.append(promptBox(prompt.ownerDocument, reload));
    waiting = worker;
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => installing.state === 'installed' && offer(installing));
  });
}

function promptBox(document: Document, reload: () => void) {
  const box = document.createElement('div');
  const text = document.createElement('p');
  text.textContent = 'A new version is available';
  const button = document.createElement('button');
  button.type = 'button';
  // components/ui/button.tsx's primary button, in its default size.
  button.className = 'btn btn-primary btn-md';
  button.textContent = 'Reload';
  button.addEventListener('click', reload);
  box.append(text, button);
  return box;
}
