import 'client-only';

import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { basePath } from '@/lib/routes';

/*
 * A page carries inline only the stylesheet rules it can use (build/inline-css.ts); the
 * whole sheet's <link> stays in its head, disabled. Another page reached by a client-side
 * navigation needs the rest, so the sheet is enabled before the router renders one: it is
 * fetched (precached by the service worker, cached for good by the browser) and applied after
 * the page's rules, in the sheet's own order. Pointing at a link starts it early; a navigation
 * waits for it. A page that loads nothing but itself never pays for the rest.
 */

/** Each sheet this module enabled, with whether it loaded. */
const sheets = new WeakMap<HTMLLinkElement, Promise<boolean>>();

function enable(link: HTMLLinkElement): Promise<boolean> {
  let loaded = sheets.get(link);
  if (!loaded) {
    loaded = new Promise<boolean>((resolve) => {
      link.addEventListener('load', () => resolve(true), { once: true });
      link.addEventListener('error', () => resolve(false), { once: true });
    });
    sheets.set(link, loaded);
    link.disabled = false;
  }
  return loaded;
}

/** Enables the page's disabled stylesheets, once each; resolves true when all have loaded, false if one failed. */
export function loadFullStylesheet(): Promise<boolean> {
  const links = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).filter(
    (link) => link.disabled || sheets.has(link),
  );
  return Promise.all(links.map(enable)).then((loaded) => loaded.every(Boolean));
}

type Options = { scroll?: boolean };

/**
 * The router's push and replace, once the whole stylesheet is in. Should it fail to load (say,
 * offline before the service worker has it), the browser loads the page instead: a page loaded
 * whole carries its own rules.
 */
export function useNavigate() {
  const router = useRouter();
  return useMemo(() => {
    const go =
      (method: 'push' | 'replace') =>
      (href: string, ...options: [Options?]) =>
        void loadFullStylesheet().then((loaded) => {
          if (loaded) router[method](href, ...options);
          // The fallback is the browser's own navigation, on purpose: it brings the page's own rules.
          // eslint-disable-next-line @next/next/no-location-assign-relative-destination
          else if (method === 'push') location.assign(`${basePath}${href}`);
          else location.replace(`${basePath}${href}`);
        });
    return { push: go('push'), replace: go('replace') };
  }, [router]);
}
