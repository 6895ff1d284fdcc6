import type { APIRequestContext, Page } from '@playwright/test';
import { absoluteUrl } from '@/lib/server/seo';
import { cardIds, expect, test, waitForHydration } from './fixtures';

/*
 * Against the 300-course synthetic build (`npm run build:synthetic` → out-synth/), where
 * python has 120 courses: 5 pages of 24.
 */
const PYTHON_COURSES = 120;
const PAGE_SIZE = 24;
const LAST_PAGE = 5;

function pythonPage(page: number, sort?: string): string {
  return `/category/python/${sort ? `sort/${sort}/` : ''}${page === 1 ? '' : `page/${page}/`}`;
}

/** The cards of a page's raw HTML, before any script runs: id, price and rating of each. */
function htmlCards(html: string) {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/<article[\s\S]*?<\/article>/g)].map(([card]) => ({
    id: /href="\/courses\/([^/"]+)\/"/.exec(card)?.[1] ?? '',
    price: Number(/Current price <\/span>\$([\d.,]+)/.exec(card)?.[1]?.replace(/,/g, '') ?? NaN),
    rating: Number(/aria-label="Rated ([\d.]+) out of 5"/.exec(card)?.[1] ?? NaN),
  }));
}

/** Every page of an order of python, as raw HTML, one request per page, in page order. */
async function allPages(request: APIRequestContext, sort?: string) {
  const cards = [];
  for (let page = 1; page <= LAST_PAGE; page++) {
    const response = await request.get(pythonPage(page, sort));
    expect(response.status(), pythonPage(page, sort)).toBe(200);
    const onPage = htmlCards(await response.text());
    expect(onPage, pythonPage(page, sort)).toHaveLength(PAGE_SIZE);
    cards.push(...onPage);
  }
  return cards;
}

function pagination(page: Page) {
  return page.getByRole('navigation', { name: 'Pagination' });
}

test.describe('category pagination', () => {
  test('page 1 shows 24 courses and a pagination nav with page 1 current', async ({ page }) => {
    await page.goto(pythonPage(1));
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(PAGE_SIZE);
    await expect(page.getByText(`${PYTHON_COURSES} courses to get you started. Showing 1–24.`)).toBeVisible();
    const nav = pagination(page);
    await expect(nav.getByRole('link', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3', '4', '5']);
    await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current]')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: 'Previous page' })).not.toHaveAttribute('href');
    await expect(nav.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', pythonPage(2));
    await expect(nav.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', pythonPage(3));
  });

  test('page 2 loads directly with its own title, canonical URL, cards and ItemList', async ({ page }) => {
    const response = await page.goto(pythonPage(2));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Python courses (page 2) | Coursely');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Python courses');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absoluteUrl(pythonPage(2)));
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const nav = pagination(page);
    await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', pythonPage(1));
    await expect(nav.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', pythonPage(3));

    const ids = await cardIds(page);
    expect(ids).toHaveLength(PAGE_SIZE);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      numberOfItems: number;
      itemListElement: { position: number; url: string }[];
    };
    expect(data.numberOfItems).toBe(PAGE_SIZE);
    expect(data.itemListElement.map((item) => item.position)).toEqual(ids.map((_, index) => PAGE_SIZE + index + 1));
    expect(data.itemListElement.map((item) => item.url)).toEqual(ids.map((id) => absoluteUrl(`/courses/${id}/`)));

    const first = await (await page.request.get(pythonPage(1))).text();
    expect(ids.filter((id) => htmlCards(first).some((card) => card.id === id))).toEqual([]);
  });

  test('the last page loads directly, with next disabled', async ({ page }) => {
    await page.goto(pythonPage(LAST_PAGE));
    await expect(page).toHaveTitle(`Python courses (page ${LAST_PAGE}) | Coursely`);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(PYTHON_COURSES - PAGE_SIZE * (LAST_PAGE - 1));
    const nav = pagination(page);
    await expect(nav.getByRole('link', { name: `Page ${LAST_PAGE}` })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', pythonPage(LAST_PAGE - 1));
  });

  test('next and a page number navigate in the browser', async ({ page }) => {
    await page.goto(pythonPage(1));
    await waitForHydration(page);
    const firstIds = await cardIds(page);
    await pagination(page).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(new RegExp(`${pythonPage(2)}$`));
    await expect(pagination(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(async () => (await cardIds(page)).some((id) => firstIds.includes(id))).toBe(false);
    await pagination(page)
      .getByRole('link', { name: `Page ${LAST_PAGE}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`${pythonPage(LAST_PAGE)}$`));
    await expect(page).toHaveTitle(`Python courses (page ${LAST_PAGE}) | Coursely`);
  });

  test('the nav fits a 390px screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(pythonPage(3));
    const box = await pagination(page).getByRole('list').boundingBox();
    expect(box?.height).toBeLessThan(48);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('pages that do not exist', () => {
  test.use({ allowedConsole: /404|\/category\/python\/(page|sort)\// });

  for (const path of [
    pythonPage(LAST_PAGE + 1),
    '/category/python/page/1/',
    '/category/python/page/0/',
    '/category/python/page/two/',
    '/category/python/sort/price-asc/page/6/',
  ]) {
    test(`${path} is a 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
    });
  }
});

test.describe('sorting across pages', () => {
  test('each order of the whole category is already in the static HTML, across page boundaries', async ({
    request,
  }) => {
    const relevance = await allPages(request);
    const ids = relevance.map((card) => card.id).toSorted();
    expect(new Set(ids).size).toBe(PYTHON_COURSES);

    const ascending = await allPages(request, 'price-asc');
    const prices = ascending.map((card) => card.price);
    expect(prices.every(Number.isFinite)).toBe(true);
    expect(prices).toEqual(prices.toSorted((a, b) => a - b));
    expect(ascending.map((card) => card.id).toSorted()).toEqual(ids);
    // Sorted as a whole: page 2 starts no lower than where page 1 ends, and the orders differ from relevance.
    expect(prices[PAGE_SIZE]).toBeGreaterThanOrEqual(prices[PAGE_SIZE - 1]!);
    expect(ascending.map((card) => card.id)).not.toEqual(relevance.map((card) => card.id));

    const descending = (await allPages(request, 'price-desc')).map((card) => card.price);
    expect(descending).toEqual(prices.toSorted((a, b) => b - a));

    const ratings = (await allPages(request, 'rating')).map((card) => card.rating);
    expect(ratings).toEqual(ratings.toSorted((a, b) => b - a));
  });

  test('pagination links on a sorted page stay in that order', async ({ page }) => {
    await page.goto(pythonPage(2, 'price-asc'));
    await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
    await expect(page).toHaveTitle('Python courses (Price: low to high, page 2) | Coursely');
    const nav = pagination(page);
    await expect(nav.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', pythonPage(1, 'price-asc'));
    await expect(nav.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', pythonPage(3, 'price-asc'));
    await expect(nav.getByRole('link', { name: `Page ${LAST_PAGE}` })).toHaveAttribute(
      'href',
      pythonPage(LAST_PAGE, 'price-asc'),
    );
  });

  test('choosing an order on a later page goes to page 1 of that order', async ({ page }) => {
    await page.goto(pythonPage(3));
    await waitForHydration(page);
    await page.getByLabel('Sort by').selectOption('price-desc');
    await expect(page).toHaveURL(new RegExp(`${pythonPage(1, 'price-desc')}$`));
    await expect(pagination(page).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('sitemap', () => {
  test('lists every page of the default order and no sorted page', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    for (let page = 1; page <= LAST_PAGE; page++) expect(locs).toContain(absoluteUrl(pythonPage(page)));
    expect(locs).not.toContain(absoluteUrl(pythonPage(LAST_PAGE + 1)));
    expect(locs.filter((loc) => loc.includes('/sort/'))).toEqual([]);
    expect(locs.filter((loc) => loc.includes('/courses/'))).toHaveLength(300);
  });
});

test.describe('home tabs', () => {
  test('show 8 courses of a category and a link to all of them', async ({ page }) => {
    await page.goto('/');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('article')).toHaveCount(8);
    const seeAll = panel.getByRole('link', { name: `See all ${PYTHON_COURSES} Python courses` });
    await expect(seeAll).toHaveAttribute('href', '/category/python/');
    await waitForHydration(page);
    await seeAll.click();
    await expect(page).toHaveURL(/\/category\/python\/$/);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(PAGE_SIZE);
  });
});
