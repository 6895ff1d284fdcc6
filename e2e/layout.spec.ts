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

/*
 * A grid's columns come from the stylesheet's media queries alone, which the browser applies
 * again at each size: one load of each page, resized to each width, checks every breakpoint.
 */
const GRIDS = [
  {
    name: 'course grid has',
    path: '/category/python/',
    selector: courseGrid,
    columns: [
      [390, 1],
      [599, 1],
      [600, 2],
      [991, 2],
      [992, 3],
      [1399, 3],
      [1400, 4],
    ],
  },
  {
    name: 'category tiles have',
    path: '/',
    selector: tileGrid,
    columns: [
      [599, 1],
      [600, 2],
      [799, 2],
      [800, 3],
      [991, 3],
      [992, 4],
    ],
  },
] as const;

test.describe('grids at the spec breakpoints', () => {
  for (const grid of GRIDS) {
    const widths = grid.columns.map(([width, expected]) => `${expected} column(s) at ${width}px`).join(', ');
    test(`${grid.name} ${widths}`, async ({ page }) => {
      await page.goto(grid.path);
      for (const [width, expected] of grid.columns) {
        await page.setViewportSize({ width, height: 900 });
        expect(await columns(page, grid.selector), `at ${width}px`).toBe(expected);
      }
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
