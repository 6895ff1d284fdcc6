import type { Page } from '@playwright/test';

/**
 * A slow phone: holds every script under `_next/static/` (the framework, the page's chunks) until
 * `release()` is called, so the page stays as painted, before hydration, for as long as a test
 * needs; later requests pass at once. Inline scripts (the loader, the first-paint script) run.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/**/*.js', async (route) => {
    if (route.request().resourceType() === 'script') await released;
    // A navigation may have cancelled the request meanwhile.
    await route.continue().catch(() => {});
  });
  return release;
}

export async function isHydrated(page: Page): Promise<boolean> {
  return (await page.evaluate(() => document.documentElement.dataset.hydrated)) === 'true';
}
