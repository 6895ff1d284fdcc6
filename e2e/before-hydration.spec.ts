import type { Page } from '@playwright/test';
import { getCategories, getCategoryLabel, getCourses, getCoursesByCategory } from '@/lib/server/catalogue';
import { addToCartHref, cartHref, categoryHref, categoryListingHref, courseHref, searchHref } from '@/lib/routes';
import { sortCourses } from '@/lib/sort';
import { expect, test, waitForHydration } from './fixtures';
import { holdScripts, isHydrated } from './hold-scripts';

/*
 * A slow phone: the page is painted but its scripts have not run yet. Every tap must still
 * work, and the first paint of the cart page must show nothing false.
 */

const firstPython = getCoursesByCategory('python')[0]!;
const other = getCourses().find((course) => course.category !== 'python')!;

async function expectNotHydrated(page: Page) {
  expect(await isHydrated(page)).toBe(false);
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

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
])
  test(`the cart page moves nothing while it loads (no layout shift) at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
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

/*
 * No dead taps: the menu, the home tabs and 'Sort by' work from the first paint, with the page's
 * scripts held back, and the same once hydrated, where hydration adopts what the visitor did.
 */
const menuToggle = (page: Page) => page.getByRole('button', { name: 'Open categories menu' });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Categories' });
const webDevelopment = getCategoryLabel('web development');

/** The ids of the courses the visible tab panel shows. */
async function shownCourseIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('tabpanel')
    .getByRole('link', { name: /^See details/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.replace(/^\/courses\/|\/$/g, ''));
}

async function expectTabShown(page: Page, category: string) {
  await expect(page.getByRole('tab', { selected: true })).toHaveText(getCategoryLabel(category));
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  const ids = await shownCourseIds(page);
  expect(ids.length).toBeGreaterThan(0);
  const ofCategory = new Set(getCoursesByCategory(category).map((course) => course.id));
  expect(ids.filter((id) => !ofCategory.has(id))).toEqual([]);
}

const cardIds = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('link', { name: /^See details/ })
    .evaluateAll((links) => links.map((link) => (link.getAttribute('href') ?? '').replace(/^\/courses\/|\/$/g, '')));

for (const hydrated of [false, true]) {
  test.describe(hydrated ? 'no dead taps: the same, once hydrated' : 'no dead taps: before hydration', () => {
    /** Opens `path` with the scripts held back, or hydrated; returns what releases them. */
    async function open(page: Page, path: string): Promise<() => void> {
      const release = hydrated ? () => {} : await holdScripts(page);
      await page.goto(path, { waitUntil: hydrated ? 'load' : 'domcontentloaded' });
      if (hydrated) await waitForHydration(page);
      else await expectNotHydrated(page);
      return release;
    }

    test('the menu button opens the categories as a modal dialog, and a category link leads there', async ({
      page,
    }) => {
      await open(page, '/');
      await menuToggle(page).click();
      await expect(menu(page)).toBeVisible();
      const links = menu(page).getByRole('link');
      await expect(links).toHaveText(getCategories().map((category) => category.toUpperCase()));
      if (!hydrated) await expectNotHydrated(page);
      await menu(page).getByRole('link', { name: 'DATA SCIENCE' }).click();
      await expect(page).toHaveURL(categoryHref('data science'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Science courses');
      await expect(menu(page)).toBeHidden();
    });

    test('Escape closes the menu and gives the focus back to its button', async ({ page }) => {
      const release = await open(page, '/');
      await menuToggle(page).click();
      await expect(menu(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu(page)).toBeHidden();
      await expect(menuToggle(page)).toBeFocused();
      if (hydrated) {
        await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false');
        return;
      }
      // Opened before hydration and still open when it comes: hydration adopts it.
      await menuToggle(page).click();
      await expect(menu(page)).toBeVisible();
      release();
      await waitForHydration(page);
      await expect(menu(page)).toBeVisible();
      await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'true');
      await menu(page).getByRole('button', { name: 'Close menu' }).click();
      await expect(menu(page)).toBeHidden();
      await expect(menuToggle(page)).toHaveAttribute('aria-expanded', 'false');
    });

    test('a tap on a home tab selects it and shows only its category’s courses', async ({ page }) => {
      const release = await open(page, '/');
      await expectTabShown(page, 'python');
      await page.getByRole('tab', { name: webDevelopment }).click();
      await expectTabShown(page, 'web development');
      release();
      // Hydration keeps the visitor's tab: no jump back to python.
      await waitForHydration(page);
      await expectTabShown(page, 'web development');
      await page.keyboard.press('ArrowRight');
      await expectTabShown(page, 'data science');
      await expect(page.getByRole('tab', { selected: true })).toBeFocused();
      await page.keyboard.press('Home');
      await expectTabShown(page, 'python');
      await page.keyboard.press('End');
      await expectTabShown(page, getCategories().at(-1)!);
    });

    test('choosing ‘Price: low to high’ lands on the sorted static page', async ({ page }) => {
      const release = await open(page, categoryHref('python'));
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
      const sorted = categoryListingHref('python', { sort: 'price-asc' });
      await expect(page).toHaveURL(sorted);
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
      const expected = sortCourses(getCoursesByCategory('python'), 'price-asc').map((course) => course.id);
      await expect.poll(() => cardIds(page)).toEqual(expected);
      release();
      await waitForHydration(page);
      await expect(page).toHaveURL(sorted);
    });
  });
}

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
