import { getCategories, getCategoryLabel, getCourses, getCoursesByCategory } from '@/lib/server/catalogue';
import { formatCount, formatLanguages, toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { toSections } from '@/lib/curriculum';
import { formatRating } from '@/lib/rating';
import { categoryHref, courseHref } from '@/lib/routes';
import { expect, test, waitForHydration } from './fixtures';

const courses = getCourses();
const categories = getCategories();

test.describe('home page', () => {
  test('shows the banner, the tabbed selection and the category tiles', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Coursely/);
    await expect(page.getByRole('heading', { level: 1, name: 'Save big. Learn big.' })).toBeVisible();
    const banner = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
    await expect(banner).toContainText('$9.99');
    await expect(banner).toContainText('Aug. 31');
    await expect(banner).toContainText('204,000');
    await expect(page.getByRole('heading', { level: 2, name: 'A broad selection of courses' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Top Categories' })).toBeVisible();
  });

  test('has one tab per category in the spec order, python selected at start', async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(categories.map(getCategoryLabel));
    expect(categories).toEqual(['python', 'web development', 'data science', 'aws', 'design', 'marketing']);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 3 })).toHaveText(
      getCoursesByCategory('python').map((course) => course.course_name),
    );
  });

  test('every tab shows all its courses of the shipped catalogue, with no "See all" link', async ({ page }) => {
    await page.goto('/');
    const panels = page.locator('[role="tabpanel"]');
    await expect(panels).toHaveCount(categories.length);
    for (const [index, category] of categories.entries()) {
      await expect(panels.nth(index).locator('article')).toHaveCount(getCoursesByCategory(category).length);
    }
    await expect(page.locator('[role="tabpanel"] a', { hasText: /^See all/ })).toHaveCount(0);
  });

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

  test('category tiles show an image and the name and link to the category page', async ({ page }) => {
    await page.goto('/');
    const tiles = page.getByRole('region', { name: 'Top Categories' }).getByRole('link');
    await expect(tiles).toHaveCount(categories.length);
    for (const [index, category] of categories.entries()) {
      const tile = tiles.nth(index);
      await expect(tile).toHaveText(getCategoryLabel(category));
      await expect(tile).toHaveAttribute('href', categoryHref(category));
      const image = tile.locator('img');
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
  });
});

test.describe('course card', () => {
  test('shows every field of the spec', async ({ page }) => {
    await page.goto('/');
    for (const course of getCoursesByCategory('python')) {
      const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: course.course_name }) });
      await expect(card).toContainText(course.creator);
      await expect(card.getByRole('img', { name: `Rated ${formatRating(course.rating_star)} out of 5` })).toBeVisible();
      await expect(card.locator('[data-stars]')).toHaveCount(1);
      await expect(card).toContainText(`(${formatCount(course.rating_count)} ratings)`);
      await expect(card).toContainText(formatPrice(toMinorUnits(course.discounted_price)));
      await expect(card.locator('del')).toContainText(formatPrice(toMinorUnits(course.actual_price)));
      await expect(card.getByRole('link', { name: /^See details/ })).toHaveAttribute('href', courseHref(course.id));
      await expect(card.getByRole('link', { name: /^Add to cart/ })).toBeVisible();
      const image = card.locator('img');
      await expect(image).toHaveAttribute('width', '480');
      await expect(image).toHaveAttribute('height', '270');
    }
  });

  // SPEC §9, worked out by hand rather than with lib/rating: a star is full at or above its
  // number, half from half a star below it. The ratings are the fixture's (data/courses.json).
  const STARS: [id: string, category: string, rating: string, icons: string[]][] = [
    ['mkt-102', 'marketing', '5.0', ['full', 'full', 'full', 'full', 'full']],
    ['py-301', 'python', '4.8', ['full', 'full', 'full', 'full', 'half']],
    ['py-102', 'python', '4.5', ['full', 'full', 'full', 'full', 'half']],
    ['web-102', 'web development', '4.4', ['full', 'full', 'full', 'full', 'empty']],
    ['ds-202', 'data science', '4.0', ['full', 'full', 'full', 'full', 'empty']],
    ['py-202', 'python', '3.9', ['full', 'full', 'full', 'half', 'empty']],
  ];
  for (const [id, category, rating, icons] of STARS) {
    test(`a ${rating} rating shows ${icons.join(', ')} (${id})`, async ({ page }) => {
      await page.goto(categoryHref(category));
      const card = page.getByRole('article').filter({ has: page.locator(`a[href$="/courses/${id}/"]`) });
      await expect(card).toHaveCount(1);
      await expect(card.getByRole('img', { name: `Rated ${rating} out of 5` })).toBeVisible();
      // The five icons are one element: outlines across, filled stars cut to the stars shown.
      const stars = card.locator('[data-stars]');
      await expect(stars).toHaveCount(1);
      const shown = icons.filter((icon) => icon === 'full').length + icons.filter((icon) => icon === 'half').length / 2;
      await expect(stars).toHaveAttribute('data-stars', String(shown));
      const painted = await stars.evaluate((element) => ({
        outlines: getComputedStyle(element, '::before').width,
        filled: getComputedStyle(element, '::after').width,
        icon: getComputedStyle(element).height,
      }));
      expect(painted).toEqual({ outlines: '70px', filled: `${shown * 14}px`, icon: '14px' });
    });
  }

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

test.describe('course pages', () => {
  for (const course of courses) {
    test(`${course.id} loads directly with every detail`, async ({ page }) => {
      const response = await page.goto(courseHref(course.id));
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(course.course_name)}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.course_name);
      const header = page.locator('main > div').first();
      await expect(header.getByRole('link', { name: getCategoryLabel(course.category), exact: true })).toBeVisible();
      await expect(header).toContainText(course.description);
      await expect(
        header.getByRole('img', { name: `Rated ${formatRating(course.rating_star)} out of 5` }),
      ).toBeVisible();
      await expect(header).toContainText(`${formatCount(course.students)} students`);
      await expect(header).toContainText(`Created by ${course.creator}`);
      await expect(header).toContainText(`Last updated ${course.updated_date}`);
      await expect(header).toContainText(formatLanguages(course.lang));
      await expect(header).toContainText('[Auto]');
      await expect(header).toContainText(formatPrice(toMinorUnits(course.discounted_price)));
      await expect(header.locator('del')).toContainText(formatPrice(toMinorUnits(course.actual_price)));
      await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
      const learn = page.getByRole('region', { name: "What you'll learn", exact: true });
      await expect(learn.getByRole('listitem')).toHaveText([...course.what_you_will_learn]);
      const content = page.getByRole('region', { name: 'Course content' });
      // Each section's row starts with its number and title (its lectures follow when listed).
      await expect(content.locator(':scope > ol > li')).toHaveText(
        toSections(course.content).map(
          ({ title }, index) => new RegExp(`^Section ${index + 1}${escapeRegExp(title)}(\\d|$)`),
        ),
      );
    });
  }
});

test.describe('category pages', () => {
  for (const category of categories) {
    test(`${category} loads directly and lists its courses`, async ({ page }) => {
      const response = await page.goto(categoryHref(category));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${getCategoryLabel(category)} courses`);
      await expect(page).toHaveTitle(new RegExp(getCategoryLabel(category)));
      await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(
        getCoursesByCategory(category).map((course) => course.course_name),
      );
    });
  }

  test('with at most 24 courses, a category is one page: no pagination nav', async ({ page }) => {
    await page.goto(categoryHref('python'));
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(getCoursesByCategory('python').length);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    await expect(page.getByText(`${getCoursesByCategory('python').length} courses to get you started.`)).toBeVisible();
  });

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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
