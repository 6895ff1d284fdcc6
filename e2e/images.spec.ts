import type { Page } from '@playwright/test';
import { serializeCart } from '@/lib/cart';
import { getCoursesByCategory } from '@/lib/server/catalogue';
import { getCartIndex } from '@/test/helpers/cart-index';
import { cartHref, categoryHref, courseHref } from '@/lib/routes';
import { chosenImage, expect, test, waitForHydration } from './fixtures';

const python = getCoursesByCategory('python');

/** Every image response of the page, by URL, with its content type. */
function imageResponses(page: Page) {
  const types = new Map<string, string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'image')
      types.set(response.url(), response.headers()['content-type'] ?? '');
  });
  return types;
}

for (const device of [
  { name: 'a 390 px phone at 2×', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 },
  { name: 'a 1280 px desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
]) {
  test.describe(device.name, () => {
    test.use({ viewport: device.viewport, deviceScaleFactor: device.deviceScaleFactor });

    for (const [page, path, selector] of [
      ['a category page', categoryHref('python'), 'main article img'],
      ['a course page', courseHref(python[0]!.id), 'aside[aria-label="Purchase"] img'],
    ] as const) {
      test(`gets covers on ${page} as WebP, sized for the slot (0.75–1.5× its device pixels)`, async ({
        page: tab,
      }) => {
        const types = imageResponses(tab);
        await tab.goto(path);
        const image = await chosenImage(tab.locator(selector).first());
        expect(image.url).toMatch(/\/_img\/images\/.+\.\d+w\.webp$/);
        expect(types.get(image.url)).toBe('image/webp');
        expect(image.served / image.slot).toBeGreaterThanOrEqual(0.75);
        expect(image.served / image.slot).toBeLessThanOrEqual(1.5);
        for (const [url, type] of types)
          if (url.includes('/images/')) expect({ url, type }).toEqual({ url, type: 'image/webp' });
      });
    }
  });
}

test.describe("the home page's banner illustration", () => {
  // A phone, and just under the md breakpoint (800px), where the banner has no room for it either.
  for (const width of [390, 790])
    test(`is not downloaded at ${width}px, where it is hidden`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      const types = imageResponses(page);
      await page.goto('/');
      await waitForHydration(page);
      await expect(page.locator('picture img')).toBeHidden();
      expect([...types.keys()].filter((url) => url.includes('banner'))).toEqual([]);
    });

  test('loads at once on a desktop, as WebP sized for its slot, being the largest paint there', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const types = imageResponses(page);
    await page.goto('/');
    const banner = page.locator('picture img');
    await expect(banner).toHaveAttribute('loading', 'eager');
    await expect(banner).toHaveAttribute('fetchpriority', 'high');
    const image = await chosenImage(banner);
    expect(image.url).toMatch(/\/_img\/images\/banner\.svg\.\d+w\.webp$/);
    expect(types.get(image.url)).toBe('image/webp');
    expect(image.served / image.slot).toBeGreaterThanOrEqual(0.75);
    expect(image.served / image.slot).toBeLessThanOrEqual(1.5);
  });
});

test('the cart shows its covers as WebP thumbnails', async ({ page }) => {
  await page.addInitScript(
    (value) => localStorage.setItem('cart', value),
    serializeCart([getCartIndex()[python[0]!.id]!]),
  );
  await page.goto(cartHref);
  await waitForHydration(page);
  const image = await chosenImage(page.locator('main li img').first());
  expect(image.url).toMatch(/\.\d+w\.webp$/);
  expect(image.served / image.slot).toBeLessThanOrEqual(1.5);
});

test('covers that load slowly shift nothing', async ({ page }) => {
  await page.route('**/_img/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    (window as unknown as { __shift: number }).__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        (window as unknown as { __shift: number }).__shift += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(categoryHref('python'));
  await waitForHydration(page);
  await chosenImage(page.locator('main article img').first());
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0);
});
