import { getCategories, getCategoryLabel, getCourses, getCoursesByCategory } from '@/lib/server/catalogue';
import { toSections } from '@/lib/curriculum';
import { categoryHref, courseHref } from '@/lib/routes';
import { expect, test, waitForHydration } from './fixtures';

const courses = getCourses();
const categories = getCategories();

// The banner, the tabs, the cards' fields and the category tiles as first loaded: e2e/every-page.spec.ts.
test.describe('home page', () => {
  test('clicking a tab shows that category’s courses', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    for (const category of categories) {
      await page.getByRole('tab', { name: getCategoryLabel(category) }).click();
      await expect(page.getByRole('tab', { name: getCategoryLabel(category) })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText(
        getCoursesByCategory(category).map((course) => course.course_name),
      );
    }
  });
});

// Every field of a card, and the stars of each rating: e2e/every-page.spec.ts.
test.describe('course card', () => {
  test('See details opens the course page by client-side navigation', async ({ page }) => {
    const course = courses[1]!;
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
    await page.getByRole('link', { name: `See details: ${course.course_name}` }).click();
    await expect(page).toHaveURL(courseHref(course.id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.course_name);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
  });
});

// Each course page loaded directly with every detail, and each category page with its courses: e2e/every-page.spec.ts.
test.describe('category pages', () => {
  test('a category with a space in its name is reached by client-side navigation', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('region', { name: 'Top Categories' }).getByRole('link', { name: 'Web Development' }).click();
    await expect(page).toHaveURL('/category/web%20development/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Web Development courses');
    await expect(page.getByRole('article')).toHaveCount(getCoursesByCategory('web development').length);
  });
});

test.describe('category pages past the end', () => {
  test.use({ allowedConsole: /404|\/category\/python\/(page|sort)\// });

  for (const path of [
    '/category/python/page/2/',
    '/category/python/page/1/',
    '/category/python/page/0/',
    '/category/python/page/x/',
  ]) {
    test(`${path} answers 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
    });
  }
});

test.describe('sidebar', () => {
  test('opens from the right, lists the categories in upper case, and closes', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open categories menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('dialog')).toBeHidden();

    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Categories' });
    await expect(dialog).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = dialog.getByRole('link');
    await expect(links).toHaveText(categories.map((category) => category.toUpperCase()));
    for (const [index, category] of categories.entries()) {
      await expect(links.nth(index)).toHaveAttribute('href', categoryHref(category));
    }
    // Once it has slid in (the page gives up its scrollbar's room as it opens).
    const viewport = page.viewportSize()!;
    await expect.poll(async () => (await dialog.boundingBox())!.width).toBe(300);
    await expect.poll(async () => (await dialog.boundingBox())!.x + 300).toBe(viewport.width);

    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('following a category link navigates there and closes the sidebar', async ({ page }) => {
    await page.goto('/courses/py-101/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open categories menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'DATA SCIENCE' }).click();
    await expect(page).toHaveURL('/category/data%20science/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Data Science courses');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

test.describe('not found', () => {
  test.use({ allowedConsole: /404|\/no-such-(course|category)\// });

  for (const path of ['/courses/no-such-course/', '/category/no-such-category/']) {
    test(`${path} answers 404 with a way back home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Back to the home page' }).click();
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Save big. Learn big.');
    });
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('course content is in the HTML', async ({ page }) => {
    const course = courses[7]!;
    await page.goto(courseHref(course.id));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.course_name);
    await expect(page.getByText(course.description)).toBeVisible();
    for (const item of course.what_you_will_learn) await expect(page.getByText(item)).toBeVisible();
    for (const { title } of toSections(course.content)) {
      await expect(page.getByText(title, { exact: true })).toBeVisible();
    }
  });

  test('home and category pages list their courses', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('article')).toHaveCount(getCoursesByCategory('python').length);
    await page.goto(categoryHref('aws'));
    await expect(page.getByRole('article')).toHaveCount(getCoursesByCategory('aws').length);
  });
});
