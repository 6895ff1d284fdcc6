import type { Page } from '@playwright/test';
import { absoluteUrl } from '@/lib/server/seo';
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
const SORTS = Object.keys(PYTHON_ORDER) as SortValue[];

/** The URL of an order of the python category: the plain one for relevance. */
function pythonUrl(sort: SortValue): string {
  return sort === 'relevance' ? '/category/python/' : `/category/python/sort/${sort}/`;
}

/** Course ids in the order the cards show, read from their 'See details' links. */
async function cardOrder(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('main')
    .getByRole('link', { name: /^See details/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/courses\/|\/$/g, ''));
}

/** Course ids in the order a page's raw HTML lists them, before any script runs. */
function htmlOrder(html: string): string[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...new Set([...main.matchAll(/href="\/courses\/([^/"]+)\/"/g)].map((match) => match[1]!))];
}

function sortSelect(page: Page) {
  return page.getByLabel('Sort by');
}

test.describe('sorting a category', () => {
  test('offers the orders in a labelled select, relevance first and by default', async ({ page }) => {
    await page.goto('/category/python/');
    await waitForHydration(page);
    const select = page.getByRole('combobox', { name: 'Sort by' });
    await expect(select).toHaveValue('relevance');
    expect(
      await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(SORTS);
    expect(await cardOrder(page)).toEqual(PYTHON_ORDER.relevance);
  });

  test('changing the select navigates to that order’s URL, in that order', async ({ page }) => {
    await page.goto('/category/python/');
    await waitForHydration(page);
    for (const value of [...SORTS.slice(1), 'relevance' as const]) {
      await sortSelect(page).selectOption(value);
      await expect(page).toHaveURL(new RegExp(`${pythonUrl(value)}$`));
      await expect.poll(() => cardOrder(page)).toEqual(PYTHON_ORDER[value]);
      await expect(sortSelect(page)).toHaveValue(value);
    }
  });

  test('back returns to the previous order', async ({ page }) => {
    await page.goto('/category/python/sort/newest/');
    await waitForHydration(page);
    await sortSelect(page).selectOption('price-asc');
    await expect(page).toHaveURL(/\/category\/python\/sort\/price-asc\/$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/category\/python\/sort\/newest\/$/);
    await expect(sortSelect(page)).toHaveValue('newest');
    await expect.poll(() => cardOrder(page)).toEqual(PYTHON_ORDER.newest);
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
    await expect(page).toHaveURL(/\/sort\/price-desc\/$/);
    await expect.poll(() => cardOrder(page)).toEqual(PYTHON_ORDER['price-desc']);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('a sorted URL loads directly in its order, and again after a reload', async ({ page }) => {
    await page.goto('/category/python/sort/price-asc/');
    await expect(sortSelect(page)).toHaveValue('price-asc');
    expect(await cardOrder(page)).toEqual(PYTHON_ORDER['price-asc']);
    await page.reload();
    await waitForHydration(page);
    await expect(sortSelect(page)).toHaveValue('price-asc');
    expect(await cardOrder(page)).toEqual(PYTHON_ORDER['price-asc']);

    const prices = (
      await page
        .getByRole('main')
        .getByRole('article')
        .getByText(/^Current price/)
        .allTextContents()
    ).map((text) => Number(text.replace(/[^\d.]/g, '')));
    expect(prices).toHaveLength(5);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('the static HTML of every order is already in that order', async ({ request }) => {
    for (const sort of SORTS) {
      const response = await request.get(pythonUrl(sort));
      expect(response.status(), sort).toBe(200);
      const html = await response.text();
      expect(htmlOrder(html), sort).toEqual(PYTHON_ORDER[sort]);
      expect(html, sort).toMatch(new RegExp(`<option value="${sort}"[^>]* selected="">`));
    }
    const web = await (await request.get('/category/web%20development/sort/newest/')).text();
    expect(htmlOrder(web)).toEqual(['web-101', 'web-201', 'web-202', 'web-102', 'web-301']);
  });

  test('sorted pages have their own title and canonical URL, and stay out of the index', async ({ page }) => {
    await page.goto('/category/python/sort/price-desc/');
    await expect(page).toHaveTitle('Python courses (Price: high to low) | Coursely');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      absoluteUrl('/category/python/sort/price-desc/'),
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    await page.goto('/category/python/');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });
});

test.describe('old ?sort= links', () => {
  test('end up on the sorted URL, in that order, without a new history entry', async ({ page }) => {
    await page.goto('/');
    await page.goto('/category/python/?sort=price-asc');
    await expect(page).toHaveURL(/\/category\/python\/sort\/price-asc\/$/);
    await expect(sortSelect(page)).toHaveValue('price-asc');
    await expect.poll(() => cardOrder(page)).toEqual(PYTHON_ORDER['price-asc']);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Save big. Learn big.');
  });

  test('work on another category too', async ({ page }) => {
    await page.goto('/category/web%20development/?sort=newest');
    await expect(page).toHaveURL(/\/category\/web%20development\/sort\/newest\/$/);
    await expect.poll(() => cardOrder(page)).toEqual(['web-101', 'web-201', 'web-202', 'web-102', 'web-301']);
  });

  test('an unknown sort value falls back to relevance', async ({ page }) => {
    await page.goto('/category/python/?sort=cheapest');
    await waitForHydration(page);
    await expect(sortSelect(page)).toHaveValue('relevance');
    await expect(page).toHaveURL(/\/category\/python\/\?sort=cheapest$/);
    expect(await cardOrder(page)).toEqual(PYTHON_ORDER.relevance);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a sorted URL is already in its order', async ({ page }) => {
    for (const sort of ['price-asc', 'rating'] as const) {
      await page.goto(pythonUrl(sort));
      expect(await cardOrder(page)).toEqual(PYTHON_ORDER[sort]);
      await expect(sortSelect(page)).toHaveValue(sort);
    }
  });
});

test.describe('URLs that name no order', () => {
  test.use({ allowedConsole: /404|\/category\/python\/(page|sort)\// });

  for (const path of [
    '/category/python/sort/relevance/',
    '/category/python/sort/cheapest/',
    '/category/python/sort/',
  ]) {
    test(`${path} is a 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
    });
  }
});
