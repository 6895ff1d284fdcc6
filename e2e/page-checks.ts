import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/*
 * Checks shared by the specs that load a page once for many checks (e2e/every-page.spec.ts) and
 * those that check one state of a page (a11y.spec.ts, first-paint.spec.ts).
 */

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe finds no violation of WCAG 2.2 AA or its best practices on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/**
 * Records every transition and animation that starts, from the next page load on (call before
 * `goto`). A transition started by hydration runs frames and events on the main thread just as
 * the page becomes interactive (the badges' colour change did, on every page).
 */
export async function recordTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const started: string[] = ((window as unknown as { started: string[] }).started = []);
    for (const type of ['transitionrun', 'animationstart'])
      addEventListener(
        type,
        (event) => started.push(`${type} ${(event.target as Element).outerHTML.slice(0, 120)}`),
        true,
      );
  });
}

/**
 * Once hydrated, the page reads the saved lists (both empty) and no transition or animation
 * starts, then or in the half second after (deliberately a wait: nothing must happen in it).
 */
export async function expectQuietHydration(page: Page): Promise<void> {
  // The badges show the count once storage is read, in the tasks after hydration.
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { started: string[] }).started)).toEqual([]);
}
