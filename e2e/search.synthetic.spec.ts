import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { tokenize } from '@/lib/search';
import { expect, test, waitForHydration } from './fixtures';
import { searchMatching, SYNTHETIC_CATALOGUE, syntheticCourses } from './synthetic-catalogue';

/*
 * Search at a scale where categories have several pages: the 300-course synthetic catalogue
 * (npm run build:synthetic → out-synth/, python: 120 courses), searched through Pagefind.
 */
const CATALOGUE = SYNTHETIC_CATALOGUE;
const CATEGORY_PAGE_SIZE = 24;
const RESULTS_PAGE_SIZE = 24;

test.beforeAll(() => {
  if (!existsSync('out-synth/index.html') || !existsSync(CATALOGUE)) {
    throw new Error('No synthetic build in out-synth/: run `npm run build:synthetic` first.');
  }
});

const catalogue = syntheticCourses;
const matching = searchMatching;

function searchField(page: Page) {
  return page.getByRole('banner').getByRole('combobox', { name: 'Search courses' });
}

test('a python course that sits only on page 5 of its category is found by its name', async ({ page }) => {
  const python = catalogue().filter((course) => course.category === 'python');
  const course = python[4 * CATEGORY_PAGE_SIZE + 10]!;
  expect(Math.floor(python.indexOf(course) / CATEGORY_PAGE_SIZE) + 1).toBe(5);

  await page.goto('/category/python/');
  await waitForHydration(page);
  await searchField(page).pressSequentially(course.course_name);
  const options = page.getByRole('listbox', { name: 'Suggested courses' }).getByRole('option');
  await expect(options.first()).toContainText(course.course_name);
  await expect(options).toHaveCount(1);
  await searchField(page).press('ArrowDown');
  await searchField(page).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.course_name);
});

test('"Show more results" pages through every match, 24 at a time, names first', async ({ page }) => {
  const query = 'python';
  const expected = matching(catalogue(), query);
  expect(expected.length).toBeGreaterThan(3 * RESULTS_PAGE_SIZE);

  await page.goto(`/search/?q=${query}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${expected.length} results for "${query}"`);
  await expect(searchField(page)).toHaveValue(query);
  const cards = page.getByRole('main').getByRole('article');
  const more = page.getByRole('button', { name: 'Show more results' });
  const status = page.getByRole('status').filter({ hasText: 'Showing' });

  for (let shown = RESULTS_PAGE_SIZE; ; shown += RESULTS_PAGE_SIZE) {
    const count = Math.min(shown, expected.length);
    await expect(cards).toHaveCount(count);
    await expect(status).toHaveText(`Showing ${count} of ${expected.length} courses`);
    if (count === expected.length) break;
    await more.click();
  }
  await expect(more).toHaveCount(0);

  const names = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
  expect(new Set(names).size).toBe(expected.length);
  expect([...names].sort()).toEqual(expected.map((course) => course.course_name).sort());
  const named = names.filter((name) => tokenize(name).some((word) => word.startsWith(query)));
  expect(named.length).toBeGreaterThan(0);
  expect(names.slice(0, named.length)).toEqual(named);
});
