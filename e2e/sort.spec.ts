import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

/** The python category in each order, worked out by hand from the catalogue. */
const PYTHON_ORDER = {
  relevance: ['py-101', 'py-102', 'py-201', 'py-202', 'py-301'],
  popular: ['py-101', 'py-102', 'py-201', 'py-301', 'py-202'],
  rating: ['py-301', 'py-101', 'py-102', 'py-201', 'py-202'],
  newest: ['py-301', 'py-101', 'py-102', 'py-201', 'py-202'],
  'price-asc': ['py-202', 'py-102', 'py-201', 'py-101', 'py-301'],
  'price-desc': ['py-301', 'py-101', 'py-201', 'py-102', 'py-202'],
} as const;

type SortValue = keyof typeof PYTHON_ORDER;

/** Course ids in the order the cards show, read from their 'See details' links. */
async function cardOrder(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('main')
    .getByRole('link', { name: /^See details/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/courses\/|\/$/g, ''));
}

function sortSelect(page: Page) {
  return page.getByLabel('Sort by');
}

test.describe('sorting a category', () => {
  test('offers the orders in a labelled select, relevance first and by default', async ({ page }) => {
    await page.goto('/category/python/');
    await waitForHydration(page);
    const select = sortSelect(page);
    await expect(select).toHaveValue('relevance');
    expect(
      await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(Object.keys(PYTHON_ORDER));
    expect(await cardOrder(page)).toEqual(PYTHON_ORDER.relevance);
  });

  test('changing the select reorders the cards and records the order in the URL', async ({ page }) => {
    await page.goto('/category/python/');
    await waitForHydration(page);
    for (const value of Object.keys(PYTHON_ORDER) as SortValue[]) {
      await sortSelect(page).selectOption(value);
      if (value === 'relevance') await expect(page).toHaveURL(/\/category\/python\/$/);
      else await expect(page).toHaveURL(new RegExp(`/category/python/\\?sort=${value}$`));
      await expect.poll(() => cardOrder(page)).toEqual(PYTHON_ORDER[value]);
    }
  });

  test('keeps the scroll position when the order changes', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/category/python/');
    await waitForHydration(page);
    await sortSelect(page).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await sortSelect(page).selectOption('price-desc');
    await expect(page).toHaveURL(/\?sort=price-desc$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('applies ?sort= from the URL on first load, and again after a reload', async ({ page }) => {
    await page.goto('/category/python/?sort=price-asc');
    await expect(sortSelect(page)).toHaveValue('price-asc');
    await expect.poll(() => cardOrder(page)).toEqual(PYTHON_ORDER['price-asc']);

    await page.reload();
    await expect(sortSelect(page)).toHaveValue('price-asc');
    await expect.poll(() => cardOrder(page)).toEqual(PYTHON_ORDER['price-asc']);

    const prices = (
      await page
        .getByRole('main')
        .getByRole('article')
        .locator('span.font-bold', { hasText: /^Current price/ })
        .allTextContents()
    ).map((text) => Number(text.replace(/[^\d.]/g, '')));
    expect(prices).toHaveLength(5);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('a shared link with a sort opens in that order on another category too', async ({ page }) => {
    await page.goto('/category/web%20development/?sort=newest');
    await expect(sortSelect(page)).toHaveValue('newest');
    await expect.poll(() => cardOrder(page)).toEqual(['web-101', 'web-201', 'web-202', 'web-102', 'web-301']);
  });

  test('an unknown sort value falls back to relevance', async ({ page }) => {
    await page.goto('/category/python/?sort=cheapest');
    await waitForHydration(page);
    await expect(sortSelect(page)).toHaveValue('relevance');
    expect(await cardOrder(page)).toEqual(PYTHON_ORDER.relevance);
  });

  test('the pre-rendered HTML lists the cards in catalogue order', async ({ page }) => {
    const response = await page.request.get('/category/python/?sort=price-asc');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const ids = [...html.matchAll(/href="\/courses\/([^/"]+)\/"/g)].map((match) => match[1]);
    expect([...new Set(ids)]).toEqual(PYTHON_ORDER.relevance);
    expect(html).toMatch(/<option value="relevance" selected="">/);
  });
});
