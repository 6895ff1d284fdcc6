import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addToCartHref, categoryHref, courseHref, searchHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { expect, refuseDialogs, test, waitForHydration } from './fixtures';

/*
 * The hostile catalogue (`npm run build:hostile` → out-hostile/, from e2e/fixtures/hostile-courses.json):
 * markup and script in names, creators, descriptions and lists, U+2028, Arabic, Hebrew, CJK,
 * Devanagari, emoji, 'JavaScript: The Good Parts', a 150-character name without a space, a
 * 200-character creator and 100 learning points. Every text must arrive as text, and no page
 * may scroll sideways. The page fixture already fails a test on any CSP violation or console error.
 */

const courses = JSON.parse(readFileSync('e2e/fixtures/hostile-courses.json', 'utf8')) as Course[];
const unbroken = courses.find((course) => course.id === 'unbroken-name')!;
const SCREENSHOTS = 'screenshots/hostile';

/** The first search in a page compiles Pagefind's WebAssembly: seconds on a busy machine. */
const FIRST_SEARCH = { timeout: 15_000 };

/** Every JSON-LD block of the page, parsed (a block that does not parse fails the test). */
async function jsonLd(page: Page): Promise<unknown[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((block) => JSON.parse(block) as unknown);
}

/** Elements the catalogue's markup would have made, had it been parsed as HTML. */
function injectedElements(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      document.querySelectorAll('img[src="x"], [onerror]').length +
      [...document.scripts].filter(
        (script) => script.textContent?.includes('alert(1)') && !script.type.includes('json'),
      ).length,
  );
}

test.describe('every catalogue text renders as text', () => {
  for (const course of courses) {
    test(`course page of ${course.id}`, async ({ page }) => {
      const dialogs = refuseDialogs(page);
      await page.goto(courseHref(course.id));
      await waitForHydration(page);

      const main = page.getByRole('main');
      // textContent, not Playwright's whitespace-normalised text: U+2028 must arrive as it is.
      expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe(course.course_name);
      expect(await main.getByText(course.description, { exact: true }).textContent()).toBe(course.description);
      await expect(main.getByText(course.creator, { exact: true }).first()).toBeVisible();
      const learned = page.getByRole('region', { name: "What you'll learn" }).getByRole('listitem');
      await expect(learned).toHaveCount(course.what_you_will_learn.length);
      expect(await learned.allTextContents()).toEqual(course.what_you_will_learn);

      const blocks = JSON.stringify(await jsonLd(page));
      expect(blocks).not.toBe('[]');
      expect(blocks).toContain(JSON.stringify(course.course_name).slice(1, -1));
      expect(await injectedElements(page)).toBe(0);
      expect(dialogs).toEqual([]);
    });
  }

  test('home lists names as text', async ({ page }) => {
    const dialogs = refuseDialogs(page);
    await page.goto('/');
    await waitForHydration(page);
    const first = courses.filter((course) => course.category === 'python').map((course) => course.course_name);
    expect(await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents()).toEqual(first);
    await jsonLd(page);
    expect(await injectedElements(page)).toBe(0);
    expect(dialogs).toEqual([]);
  });

  for (const category of new Set(courses.map((course) => course.category))) {
    test(`the ${category} page lists its names as text`, async ({ page }) => {
      const dialogs = refuseDialogs(page);
      await page.goto(categoryHref(category));
      await waitForHydration(page);
      const names = await page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
      expect(names).toEqual(
        courses.filter((course) => course.category === category).map((course) => course.course_name),
      );
      expect(await jsonLd(page)).not.toEqual([]);
      expect(await injectedElements(page)).toBe(0);
      expect(dialogs).toEqual([]);
    });
  }

  test('the cart shows a name with markup as text', async ({ page }) => {
    const dialogs = refuseDialogs(page);
    const injected = courses.find((course) => course.id === 'script-injection')!;
    await page.goto(addToCartHref(injected.id));
    await expect(page.getByRole('heading', { name: '1 Course in Cart' })).toBeVisible();
    expect(await page.getByRole('main').getByRole('heading', { level: 3 }).textContent()).toBe(injected.course_name);
    expect(await injectedElements(page)).toBe(0);
    expect(dialogs).toEqual([]);
  });

  test('search finds a course by a word of its Arabic name and lists it as text', async ({ page }) => {
    const arabic = courses.find((course) => course.id === 'arabic-python')!;
    await page.goto(`${searchHref}?q=${encodeURIComponent('بايثون')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('1 result for "بايثون"', FIRST_SEARCH);
    await expect(page.getByRole('main').getByRole('article').getByRole('heading')).toHaveText(arabic.course_name);
  });
});

/** The pages a 150-character name without a space must not widen. */
const WIDE_NAME_PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'course',
    path: courseHref(unbroken.id),
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    name: 'category',
    path: categoryHref(unbroken.category),
    ready: (page) => expect(page.getByRole('heading', { name: unbroken.course_name })).toBeVisible(),
  },
  {
    name: 'cart',
    path: addToCartHref(unbroken.id),
    ready: (page) => expect(page.getByRole('heading', { name: '1 Course in Cart' })).toBeVisible(),
  },
  {
    name: 'search',
    path: `${searchHref}?q=${unbroken.course_name}`,
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toHaveText(/^1 result for /, FIRST_SEARCH),
  },
];

test.describe('a 150-character name without a space', () => {
  for (const width of [390, 1280]) {
    for (const { name, path, ready } of WIDE_NAME_PAGES) {
      test(`does not make the ${name} page scroll sideways at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await waitForHydration(page);
        await ready(page);

        const { scrollWidth, clientWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
        expect(scrollWidth, 'the page is no wider than the window').toBeLessThanOrEqual(clientWidth);
        // The name wraps inside the window rather than being pushed or cut off past its edge.
        const heading = page.getByRole('main').getByRole('heading', { name: unbroken.course_name }).first();
        const box = (await heading.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(clientWidth);

        mkdirSync(SCREENSHOTS, { recursive: true });
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png` });
      });
    }
  }
});
