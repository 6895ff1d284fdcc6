import { expect, test } from './fixtures';

/** Number of columns the grid lays out at the current viewport width. */
async function columns(page: import('@playwright/test').Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
}

const courseGrid = 'main ul:has(> li > article)';
const tileGrid = 'section[aria-labelledby="categories-title"] ul';

test.describe('grids at the spec breakpoints', () => {
  for (const [width, expected] of [
    [390, 1],
    [599, 1],
    [600, 2],
    [991, 2],
    [992, 3],
    [1399, 3],
    [1400, 4],
  ] as const) {
    test(`course grid has ${expected} column(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/category/python/');
      expect(await columns(page, courseGrid)).toBe(expected);
    });
  }

  for (const [width, expected] of [
    [599, 1],
    [600, 2],
    [799, 2],
    [800, 3],
    [991, 3],
    [992, 4],
  ] as const) {
    test(`category tiles have ${expected} column(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      expect(await columns(page, tileGrid)).toBe(expected);
    });
  }
});

test.describe('no horizontal scroll', () => {
  for (const path of ['/', '/category/web%20development/', '/courses/web-101/', '/cart/']) {
    test(`${path} fits a 320px screen`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
