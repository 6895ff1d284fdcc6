import type { Page } from '@playwright/test';
import { getCategories, getCourses, getCoursesByCategory } from '@/lib/catalogue';
import { addToCartHref, cartHref, courseHref, searchHref } from '@/lib/routes';
import { expect, test, waitForHydration } from './fixtures';

/*
 * A slow phone: the page is painted but its scripts have not run yet. Every tap must still
 * work, and the first paint of the cart page must show nothing false.
 */

const firstPython = getCoursesByCategory('python')[0]!;
const other = getCourses().find((course) => course.category !== 'python')!;

/** Holds every script chunk until `release()` is called; later requests pass at once. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    if (route.request().resourceType() === 'script') await released;
    // A navigation may have cancelled the request meanwhile.
    await route.continue().catch(() => {});
  });
  return release;
}

async function expectNotHydrated(page: Page) {
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
}

const addLink = (page: Page) =>
  page
    .getByRole('tabpanel')
    .getByRole('link', { name: new RegExp(`^Add to cart.*${escapeRegExp(firstPython.course_name)}`) })
    .first();
const rows = (page: Page) => page.getByRole('main').getByRole('listitem');
const savedIds = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('cart') ?? '[]') as { courseID: string }[]).map((i) => i.courseID),
  );

async function expectCartOf(page: Page, names: string[]) {
  await expect(page).toHaveURL(cartHref);
  await expect(page.getByRole('heading', { name: `${names.length} Course in Cart` })).toBeVisible();
  await expect(rows(page).getByRole('heading')).toHaveText(names);
}

test('a card’s Add to cart, tapped before hydration, puts the course in the cart exactly once', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const add = addLink(page);
  await expect(add).toBeVisible();
  await expectNotHydrated(page);
  await add.click();
  await expect(page).toHaveURL(/\/cart\//);
  release();

  await expectCartOf(page, [firstPython.course_name]);
  expect(await savedIds(page)).toEqual([firstPython.id]);

  // The same tap again, before hydration: still once.
  const again = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expectNotHydrated(page);
  await addLink(page).click();
  await expect(page).toHaveURL(/\/cart\//);
  again();
  await waitForHydration(page);
  await expectCartOf(page, [firstPython.course_name]);
  expect(await savedIds(page)).toEqual([firstPython.id]);
});

test('the detail page’s Add to cart button, pressed before hydration, puts the course in the cart exactly once', async ({
  page,
}) => {
  for (let round = 0; round < 2; round++) {
    const release = await holdScripts(page);
    await page.goto(courseHref(other.id), { waitUntil: 'domcontentloaded' });
    await expectNotHydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/cart\/\?add=/);
    release();
    await expectCartOf(page, [other.course_name]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
  expect(await savedIds(page)).toEqual([other.id]);
});

test('the cart’s first paint, before any script runs, is already the empty message when nothing is saved', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(cartHref, { waitUntil: 'domcontentloaded' });
  await expectNotHydrated(page);
  await expect(page.getByText('No items found in the cart.')).toBeVisible();
  release();
  await waitForHydration(page);
  await expect(page.getByText('No items found in the cart.')).toBeVisible();
});

test('search without a query: the first paint, before any script runs, is already the intro hydration renders', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(searchHref, { waitUntil: 'domcontentloaded' });
  await expectNotHydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search courses');
  await expect(page.getByText('Searching the courses…')).toBeHidden();
  const categories = page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link');
  await expect(categories).toHaveCount(getCategories().length);
  const before = await page.getByRole('heading', { level: 1 }).boundingBox();
  release();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search courses');
  expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(before);
  await expect(categories).toHaveCount(getCategories().length);
});

test('search with a query: the first paint says it is searching, never the intro', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(`${searchHref}?q=python`, { waitUntil: 'domcontentloaded' });
  await expectNotHydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results');
  await expect(page.getByText('Searching the courses…')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/results? for "python"$/);
});

test('with a saved cart, the first paint shows the title and never the empty message', async ({ page }) => {
  await page.addInitScript((id) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('cart', JSON.stringify([{ courseID: id }]));
    }
  }, other.id);
  const release = await holdScripts(page);
  await page.goto(cartHref, { waitUntil: 'domcontentloaded' });
  await expectNotHydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByText('No items found in the cart.')).toBeHidden();
  release();
  await expectCartOf(page, [other.course_name]);
});

test('the cart page moves nothing while it loads (no layout shift)', async ({ page }) => {
  await page.addInitScript(
    (ids) => {
      localStorage.setItem('cart', JSON.stringify(ids.map((courseID) => ({ courseID }))));
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    },
    getCourses()
      .slice(0, 3)
      .map((course) => course.id),
  );
  await page.goto(cartHref);
  await expect(rows(page)).toHaveCount(3);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a card’s Add to cart still reaches the cart page', async ({ page }) => {
    await page.goto('/');
    const add = addLink(page);
    await expect(add).toHaveAttribute('href', addToCartHref(firstPython.id));
    await add.click();
    await expect(page).toHaveURL(addToCartHref(firstPython.id));
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeAttached();
  });

  test('the detail page’s Add to cart button still reaches the cart page', async ({ page }) => {
    await page.goto(courseHref(other.id));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(addToCartHref(other.id));
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
