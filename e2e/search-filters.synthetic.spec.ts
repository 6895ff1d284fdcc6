import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { filterMatching, searchMatching, syntheticCourses, type Choice } from './synthetic-catalogue';

/*
 * Filters on /search/, against the 300-course synthetic build: the counts and totals are the
 * catalogue's own, computed here with search's rule and the filters' bands.
 */
const QUERY = 'python';
const found = searchMatching(syntheticCourses(), QUERY);

const heading = (count: number) => `${count} ${count === 1 ? 'result' : 'results'} for "${QUERY}"`;

function option(page: Page, group: string, label: string) {
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`);
  return page.getByRole('group', { name: group }).getByRole(group === 'Rating' ? 'radio' : 'checkbox', { name });
}

async function openSearch(page: Page, search = '') {
  await page.goto(`/search/?q=${QUERY}${search}`);
  await waitForHydration(page);
  await expect(page.getByRole('group', { name: 'Language' })).toBeVisible();
}

const matching = (choice: Choice) => filterMatching(found, choice);

test.describe('search filters', () => {
  test('each option counts the results it would leave, and choices narrow the results', async ({ page }) => {
    await openSearch(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(found.length));
    await expect(option(page, 'Language', 'Spanish')).toHaveAccessibleName(
      `Spanish (${matching({ lang: ['Spanish'] }).length})`,
    );
    await option(page, 'Language', 'Spanish').check();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(matching({ lang: ['Spanish'] }).length));
    await expect(page).toHaveURL(/\/search\/\?q=python&lang=Spanish$/);
    await expect(option(page, 'Language', 'Spanish')).toBeFocused();

    await option(page, 'Rating', '4.5 & up').check();
    const both = matching({ lang: ['Spanish'], rating: ['4.5'] });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(both.length));
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(Math.min(both.length, 24));

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(found.length));
    await expect(page).toHaveURL(/\/search\/\?q=python$/);
  });

  test('"Show more results" pages through the filtered results; a reload keeps them', async ({ page }) => {
    const expected = matching({ rating: ['4.0'] });
    expect(expected.length).toBeGreaterThan(24);
    await openSearch(page, '&rating=4.0');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(expected.length));
    await expect(option(page, 'Rating', '4.0 & up')).toBeChecked();
    await page.getByRole('button', { name: 'Show more results' }).click();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(Math.min(expected.length, 48));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(expected.length));
  });

  test('a malformed filter lists every result', async ({ page }) => {
    await openSearch(page, '&rating=nine');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(found.length));
  });

  test('axe: no violations with the panel', async ({ page }) => {
    await openSearch(page, '&lang=Spanish');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(matching({ lang: ['Spanish'] }).length));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
