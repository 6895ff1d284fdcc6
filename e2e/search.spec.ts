import type { Locator, Page } from '@playwright/test';
import { getCategories, getCourses } from '@/lib/server/catalogue';
import { expect, test, waitForHydration } from './fixtures';

/** Pagefind's runtime: nothing of search loads before it. */
const RUNTIME_PATH = '/pagefind/pagefind.js';

function searchField(page: Page): Locator {
  return page.getByRole('banner').getByRole('combobox', { name: 'Search courses' });
}

function resultNames(page: Page): Promise<string[]> {
  return page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
}

test.describe('navbar search form', () => {
  for (const path of ['/', '/category/python/', '/courses/py-101/', '/cart/', '/search/']) {
    test(`is on ${path}: a search landmark that GETs /search/ with a field named q`, async ({ page }) => {
      await page.goto(path);
      const form = page.getByRole('banner').getByRole('search');
      await expect(form).toHaveCount(1);
      await expect(form).toHaveAttribute('method', 'get');
      await expect(form).toHaveAttribute('action', /\/search\/$/);
      await expect(searchField(page)).toHaveAttribute('name', 'q');
      await expect(searchField(page)).toBeVisible();
    });
  }

  test('submits without JavaScript as a plain GET to /search/?q=', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/category/design/');
    await searchField(page).fill('python data');
    await searchField(page).press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=python\+data$/);
    await context.close();
  });

  test('submitting goes to the results page', async ({ page }) => {
    await page.goto('/courses/py-101/');
    await waitForHydration(page);
    await searchField(page).fill('python data');
    await searchField(page).press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=python\+data$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('3 results for "python data"');
  });

  test('loads nothing of Pagefind until the field gets focus, then the runtime once', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.includes('/pagefind/')) requested.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);

    const runtime = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(RUNTIME_PATH));
    await searchField(page).focus();
    expect((await runtime).status()).toBe(200);

    await searchField(page).blur();
    await searchField(page).focus();
    await searchField(page).fill('react');
    await expect(suggestions(page)).toHaveCount(1);
    expect(requested.filter((path) => path.endsWith(RUNTIME_PATH))).toHaveLength(1);
  });

  test('loads the list of broad prefixes with the runtime: none in a 22-course shop', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const list = page.waitForResponse((response) => new URL(response.url()).pathname === '/search-prefixes.json');
    await searchField(page).focus();
    const response = await list;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  test('is valid as a combobox: a text field, not type=search', async ({ page }) => {
    await page.goto('/');
    await expect(searchField(page)).toHaveAttribute('type', 'text');
  });
});

function suggestions(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Suggested courses' }).getByRole('option');
}

test.describe('search suggestions', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/category/aws/');
    await waitForHydration(page);
  });

  test('show up to five courses as the visitor types', async ({ page }) => {
    const field = searchField(page);
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await field.fill('python');
    const listbox = page.getByRole('listbox', { name: 'Suggested courses' });
    await expect(listbox).toBeVisible();
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await expect(field).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? '');
    await expect(listbox.getByRole('option')).toHaveCount(5);
    // Five courses are named for Python: they come before those that only mention it.
    for (const option of await listbox.getByRole('option').all()) await expect(option).toContainText('Python');

    await field.fill('react');
    await expect(listbox.getByRole('option')).toHaveCount(1);
  });

  test('keyboard: ArrowDown twice and Enter opens the second suggestion', async ({ page }) => {
    const field = searchField(page);
    await field.pressSequentially('python');
    const options = suggestions(page);
    await expect(options).toHaveCount(5);
    await expect(field).not.toHaveAttribute('aria-activedescendant');

    await field.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) ?? '');

    await field.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(field).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id')) ?? '');
    await expect(field).toBeFocused();

    const name = (await options.nth(1).locator('span.font-bold').textContent()) ?? '';
    const course = getCourses().find((entry) => entry.course_name === name)!;
    await field.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/courses/${course.id}/$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('keyboard: ArrowUp wraps to the last suggestion', async ({ page }) => {
    const field = searchField(page);
    await field.fill('python');
    const options = suggestions(page);
    await expect(options).toHaveCount(5);
    await field.press('ArrowUp');
    await expect(options.nth(4)).toHaveAttribute('aria-selected', 'true');
    await field.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  });

  test('Escape closes the list, a second Escape clears the field', async ({ page }) => {
    const field = searchField(page);
    await field.fill('python');
    const listbox = page.getByRole('listbox', { name: 'Suggested courses' });
    await expect(listbox).toBeVisible();
    await field.press('ArrowDown');

    await field.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(field).not.toHaveAttribute('aria-activedescendant');
    await expect(field).toHaveValue('python');

    await field.press('Escape');
    await expect(field).toHaveValue('');
  });

  test('Enter with no active suggestion searches', async ({ page }) => {
    const field = searchField(page);
    await field.fill('python');
    await expect(suggestions(page)).toHaveCount(5);
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=python$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('6 results for "python"');
  });

  test('a click on a suggestion opens that course', async ({ page }) => {
    await searchField(page).fill('terraform');
    await suggestions(page).filter({ hasText: 'Infrastructure as Code' }).click();
    await expect(page).toHaveURL(/\/courses\/aws-301\/$/);
  });
});

test.describe('search results page', () => {
  test('lists the matches as course cards under "{n} results for {q}"', async ({ page }) => {
    await page.goto('/search/?q=python');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('6 results for "python"');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(6);
    const [firstName] = await resultNames(page);
    const first = getCourses().find((entry) => entry.course_name === firstName)!;
    expect(first.course_name).toContain('Python');
    await expect(cards.first().getByRole('link', { name: /^See details/ })).toHaveAttribute(
      'href',
      `/courses/${first.id}/`,
    );
    await expect(cards.first().getByRole('link', { name: /^Add to cart/ })).toBeVisible();
  });

  test('every added word narrows the results', async ({ page }) => {
    await page.goto('/search/?q=python');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('6 results for "python"');
    const python = await resultNames(page);

    await page.goto('/search/?q=PYTHON+data');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('3 results for "PYTHON data"');
    const pythonData = await resultNames(page);
    expect(pythonData.length).toBeLessThan(python.length);
    for (const name of pythonData) expect(python).toContain(name);
  });

  test('ranks courses with the words in their name first', async ({ page }) => {
    await page.goto('/search/?q=data');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ results for "data"$/);
    const names = await resultNames(page);
    const named = names.filter((name) => /\bdata\b/i.test(name));
    expect(named.length).toBeGreaterThan(0);
    expect(names.slice(0, named.length)).toEqual(named);
    // Machine Learning (data science, not named for data) comes before Data Visualization in the catalogue.
    expect(names.indexOf('Machine Learning with scikit-learn: A Hands-On Guide')).toBeGreaterThan(
      names.indexOf('Data Visualization that Tells a Story: Matplotlib and Seaborn'),
    );
  });

  test('says when nothing matches and links to the categories', async ({ page }) => {
    await page.goto('/search/?q=zzz');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No courses match "zzz"');
    const links = page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link');
    await expect(links).toHaveCount(6);
    await expect(links.first()).toHaveAttribute('href', '/category/python/');
    await links.filter({ hasText: 'Data Science' }).click();
    await expect(page).toHaveURL(/\/category\/data%20science\/$/);
  });

  test('finds nothing for a word no course has, even when a shorter word begins it ("aaaa" is not "a")', async ({
    page,
  }) => {
    for (const query of ['aaaa', 'axyz', 'pythonzz', 'python aaaa']) {
      await page.goto(`/search/?q=${encodeURIComponent(query)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`No courses match "${query}"`);
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
    }
    await page.goto('/search/?q=pyth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('6 results for "pyth"');
  });

  test('shows the categories for an empty query', async ({ page }) => {
    await page.goto('/search/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search courses');
    await expect(page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link')).toHaveCount(6);
    await expect(page.getByRole('article')).toHaveCount(0);

    await page.goto('/search/?q=%20%20');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search courses');
  });

  test('the pre-rendered page does not claim a result before the query is read', async ({ request }) => {
    const html = await (await request.get('/search/?q=zzz')).text();
    expect(html).not.toContain('No courses match');
    expect(html).not.toContain('results for');
    expect(html).toContain('Search results');
  });

  test('a new search from the navbar replaces the results', async ({ page }) => {
    await page.goto('/search/?q=python');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('6 results for "python"');
    await searchField(page).fill('zzz');
    await searchField(page).press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=zzz$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No courses match "zzz"');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('6 results for "python"');
  });
});

test.describe('search on a narrow screen', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('folds behind a Search button that reveals the field', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const field = searchField(page);
    await expect(field).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    const toggle = page.getByRole('button', { name: 'Search', exact: true });
    const box = await toggle.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(field).toBeVisible();
    await expect(field).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await field.fill('aws');
    await expect(suggestions(page)).toHaveCount(3);
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=aws$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('3 results for "aws"');
    await expect(field).toBeHidden();
  });

  test('Escape on an empty field folds it away and returns focus to the button', async ({ page }) => {
    await page.goto('/cart/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Search', exact: true });
    await toggle.click();
    await expect(searchField(page)).toBeFocused();
    await searchField(page).press('Escape');
    await expect(searchField(page)).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('search ignores accents and case', () => {
  test('"TOMAS herr" suggests the course by Tomás Herrera', async ({ page }) => {
    const course = getCourses().find((entry) => entry.creator === 'Tomás Herrera')!;
    await page.goto('/');
    await waitForHydration(page);
    await searchField(page).pressSequentially('TOMAS herr');
    await expect(suggestions(page)).toHaveCount(1);
    await expect(suggestions(page).first()).toContainText(course.course_name);
  });

  test('"chloe" finds the course by Chloé Dubois on the results page', async ({ page }) => {
    const course = getCourses().find((entry) => entry.creator === 'Chloé Dubois')!;
    await page.goto('/search/?q=chloe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('1 result for "chloe"');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(course.course_name);
  });
});

test.describe('search finds instructors', () => {
  test("an instructor's name finds their page above their courses, which are the results as before", async ({
    page,
  }) => {
    const courses = getCourses().filter((entry) => entry.creator === 'Elena Kovač');
    await page.goto('/search/?q=kovac+elena');
    const count = `${courses.length} ${courses.length === 1 ? 'result' : 'results'}`;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${count} for "kovac elena"`);
    const instructors = page.getByRole('navigation', { name: 'Instructor' });
    await expect(instructors.getByRole('link')).toHaveText(['Elena Kovač']);
    await expect(resultNames(page)).resolves.toEqual(
      expect.arrayContaining(courses.map((course) => course.course_name)),
    );
    await instructors.getByRole('link', { name: 'Elena Kovač' }).click();
    await expect(page).toHaveURL(/\/instructors\/elena-kovac\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Elena Kovač');
  });

  test('a query that names no instructor shows no instructors', async ({ page }) => {
    await page.goto('/search/?q=python');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('6 results for "python"');
    await expect(page.getByRole('navigation', { name: /^Instructors?$/ })).toHaveCount(0);
  });
});

test.describe('on /search/', () => {
  test('the navbar field shows the current query', async ({ page }) => {
    await page.goto('/search/?q=python+data');
    await waitForHydration(page);
    await expect(searchField(page)).toHaveValue('python data');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('3 results for "python data"');
  });

  test('all results fit one page at 22 courses: no "Show more results"', async ({ page }) => {
    await page.goto('/search/?q=python');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('6 results for "python"');
    await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 6 of 6 courses');
    await expect(page.getByRole('button', { name: 'Show more results' })).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/search/ says that search needs JavaScript and links the categories', async ({ page }) => {
    await page.goto('/search/?q=python');
    await expect(page.getByText('Search needs JavaScript. Browse a category instead:')).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link');
    await expect(links).toHaveCount(getCategories().length);
    await expect(links.first()).toHaveAttribute('href', '/category/python/');
    await expect(page.getByText('Searching the courses…')).toBeHidden();
  });

  test.describe('on a narrow screen', () => {
    test.use({ viewport: { width: 390, height: 800 } });

    test('the folded search form opens from the Search link and submits', async ({ page }) => {
      await page.goto('/category/design/');
      await expect(searchField(page)).toBeHidden();
      await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeHidden();
      await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/#site-search$/);
      await expect(searchField(page)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await searchField(page).fill('figma');
      await searchField(page).press('Enter');
      await expect(page).toHaveURL(/\/search\/\?q=figma$/);
    });
  });
});
