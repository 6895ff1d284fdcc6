import type { Page } from '@playwright/test';
import { serializeCart } from '@/lib/cart';
import { getCoursesByCategory } from '@/lib/server/catalogue';
import { getCartIndex } from '@/test/helpers/cart-index';
import { cartHref, courseHref, homeHref, wishlistHref } from '@/lib/routes';
import { expect, test, waitForHydration } from './fixtures';
import { holdScripts, isHydrated } from './hold-scripts';

/*
 * What a visitor with a saved cart and wishlist sees before the page's scripts have run (a slow
 * phone): the navbar's counts and the hearts' pressed state are true from the first paint, and
 * hydration changes them only where storage names courses the catalogue lacks.
 */

const index = getCartIndex();
const [first, second, third] = getCoursesByCategory('python');
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const wishlistLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Wishlist/ });
const badge = (link: ReturnType<typeof cartLink>) => link.locator('[data-count-badge]');

/** Seeds storage once per test (not again on the reloads and navigations that follow). */
async function seed(page: Page, cart: string, wishlist: string) {
  await page.addInitScript(
    ([cart, wishlist]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('cart', cart!);
      localStorage.setItem('wishlist', wishlist!);
    },
    [cart, wishlist],
  );
}

/** Records the layout shifts of the page's banner (the navbar) from the page's start. */
async function recordBannerShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: string[] = ((window as unknown as { bannerShifts: string[] }).bannerShifts = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { sources: { node?: Node | null }[] }[])
        for (const { node } of entry.sources) {
          const element = node instanceof Element ? node : node?.parentElement;
          if (element?.closest('header')) shifts.push(element.outerHTML.slice(0, 160));
        }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test.describe('with the page’s scripts held back', () => {
  for (const path of [homeHref, courseHref(second!.id), '/category/python/', wishlistHref, '/404.html']) {
    test(`${path}: a saved cart and wishlist show their counts by load`, async ({ page }) => {
      await seed(page, serializeCart([index[first!.id]!, index[second!.id]!]), JSON.stringify([second!.id]));
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: 'load' });
      expect(await isHydrated(page)).toBe(false);
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
      await expect(badge(cartLink(page))).toHaveText('2');
      await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 1 item');
      await expect(badge(wishlistLink(page))).toHaveText('1');
      release();
      await waitForHydration(page);
      await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
      await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 1 item');
    });
  }

  test('a saved course’s heart is pressed from the first paint, on cards and on the course page', async ({ page }) => {
    await seed(page, '[]', JSON.stringify([second!.id, third!.id]));
    const release = await holdScripts(page);
    await page.goto(homeHref, { waitUntil: 'load' });
    const panel = page.getByRole('tabpanel');
    const saved = panel.locator(`a[data-wish="${second!.id}"]`);
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(saved).toHaveAttribute('role', 'button');
    // A course not saved keeps the link that saves it.
    await expect(panel.getByRole('link', { name: `Add to wishlist: ${first!.course_name}` })).toBeVisible();
    expect(await isHydrated(page)).toBe(false);
    release();
    await waitForHydration(page);
    await expect(panel.getByRole('button', { name: `Remove from wishlist: ${second!.course_name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const again = await holdScripts(page);
    await page.goto(courseHref(third!.id), { waitUntil: 'load' });
    await expect(page.getByRole('main').locator(`a[data-wish="${third!.id}"]`)).toHaveAttribute('aria-pressed', 'true');
    expect(await isHydrated(page)).toBe(false);
    again();
  });
});

test.describe(() => {
  // The catalogue's answer for the ids it lacks.
  test.use({ allowedConsole: /\/cart-items\/[0-9a-f]{2}\.json$|status of 404 \(Not Found\)/ });

  test('ids the catalogue lacks: the cart page corrects the count once it has checked, shifting nothing in the navbar', async ({
    page,
  }) => {
    // Entries in the saved form, so the navbar counts them until the cart page checks them.
    const ghost = { ...index[third!.id]!, courseID: 'no-such-course', course_name: 'Ghost' };
    const ghostId = 'no-such-id';
    await seed(
      page,
      serializeCart([index[first!.id]!, ghost, index[second!.id]!]),
      JSON.stringify([first!.id, ghostId]),
    );
    await recordBannerShifts(page);
    const release = await holdScripts(page);
    await page.goto(cartHref, { waitUntil: 'load' });
    await expect(badge(cartLink(page))).toHaveText('3');
    await expect(page.getByText('No items found in the cart.')).toBeHidden();
    const before = await badge(cartLink(page)).boundingBox();
    release();
    await waitForHydration(page);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    await expect(badge(cartLink(page))).toHaveText('2');
    expect(await badge(cartLink(page)).boundingBox()).toEqual(before);
    await expect(page.getByRole('heading', { name: '2 Course in Cart' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { bannerShifts: string[] }).bannerShifts)).toEqual([]);

    await page.goto(wishlistHref);
    await waitForHydration(page);
    await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 1 item');
  });
});

test('with nothing saved, the first paint shows 0 in both badges and the cart’s empty message', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(cartHref, { waitUntil: 'load' });
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  await expect(wishlistLink(page)).toHaveAccessibleName('Wishlist, 0 items');
  await expect(page.getByText('No items found in the cart.')).toBeVisible();
  release();
});
