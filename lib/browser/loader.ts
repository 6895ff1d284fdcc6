import 'client-only';
import { LOADER_LISTS } from './loader-lists';
import { offerUpdates, UPDATE_PROMPT } from './update-prompt';

/** How many times the payload is fetched before the page gives up hydrating: again after 1 s, 2 s, 3 s. */
const ATTEMPTS = 4;

/**
 * Next's queue of payload rows, which its bootstrap script creates before the loader runs, under
 * the name build/next-output.ts gives (__NEXT_PAYLOAD_QUEUE__, folded in at build time).
 */
type NextQueues = Record<string, unknown[]>;

/**
 * The start-up loader, a file every page shares (build/pages.ts writes it): added by the
 * page's stub (lib/browser/loader-stub.ts), it reads its lists from the stub's element.
 *
 * - `data-startup`: Next's scripts, the framework's runtime last: nothing of the framework runs
 *   until it does, and it is added only once the payload is in Next's queue.
 * - `data-payload`: the route's own index.txt (the file Next's router fetches, so stored once),
 *   checked against `data-mark` before it is used.
 *
 * A payload that cannot be fetched is tried again; then the page stays static (every control works
 * before hydration) and says so in the console, unless offline, where that is expected.
 */
export function startLoader(document: Document) {
  const lists = document.querySelector<HTMLScriptElement>(LOADER_LISTS);
  if (!lists) throw new Error(`The start-up loader found no ${LOADER_LISTS} on the page`);
  const { startup = '', payload = '', mark: expected = '' } = lists.dataset;
  const scripts = startup.split(' ').filter(Boolean);
  const runtime = scripts.pop();
  if (!runtime) throw new Error('The start-up loader found no scripts in data-startup');

  const addScript = (src: string) => {
    const script = document.createElement('script');
    script.src = src;
    document.head.appendChild(script);
  };
  // Ordinary async scripts: downloaded and compiled off the main thread, each run (it only
  // registers its modules) in a short task of its own. Each insertion, and the fetch below, is a
  // task of its own: starting a request costs a slow phone's main thread, and seven in one task
  // would block a tap. The runtime is not preloaded: a page whose payload is refused never runs
  // it, and Chromium warns about a preload left unused.
  for (const src of scripts) setTimeout(addScript, 0, src);

  const load = (attempt: number) =>
    fetch(payload)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.arrayBuffer();
      })
      .then((bytes) => payloadMark(bytes).then((mark) => ({ bytes, mark })))
      .then(
        ({ bytes, mark }) => {
          // The payload's URL is not content-hashed: a page from one deploy (kept by the service
          // worker, say) must not hydrate with another's, even when only the catalogue changed and
          // the build id stayed. It stays the static page it is, and offers the new deploy.
          if (mark !== undefined && mark !== expected) return offerNewDeploy(document);
          (self as unknown as NextQueues)[__NEXT_PAYLOAD_QUEUE__]!.push([1, new TextDecoder().decode(bytes)]);
          addScript(runtime);
        },
        (error: unknown) => {
          if (attempt < ATTEMPTS) setTimeout(load, 1e3 * attempt, attempt + 1);
          else if (navigator.onLine)
            console.error(
              `The page stays static: its payload ${payload} could not be loaded in ${ATTEMPTS} attempts (${error})`,
            );
        },
      );
  setTimeout(load, 0, 1);
}

/**
 * A payload's mark as the export writes it (build/page.ts, payloadMark): the first 9
 * bytes of its SHA-256 in base64url, hashed by the browser off the main thread. Undefined where the browser has no crypto.subtle (a page not
 * served over HTTPS or from localhost): no service worker runs there either, so no page is kept
 * from another deploy, and the page hydrates unchecked as it would have before the mark.
 */
export async function payloadMark(bytes: ArrayBuffer): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes), 0, 9);
  return btoa(String.fromCharCode(...digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}

/**
 * On a page that will not hydrate: offers the new deploy's worker, if one is waiting or comes
 * (lib/browser/update-prompt.ts). The listings' payloads are not precached, so a listing kept from
 * an older deploy meets a newer payload.
 */
function offerNewDeploy(document: Document) {
  const prompt = document.querySelector(UPDATE_PROMPT);
  if (!('serviceWorker' in navigator) || !prompt) return;
  navigator.serviceWorker.getRegistration().then(
    (registration) => registration && offerUpdates(registration, prompt),
    (error: unknown) =>
      console.error(`The page cannot offer the new version: no service worker registration (${error})`),
  );
}
