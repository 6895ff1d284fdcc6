import type { Page } from '@playwright/test';
import { getCoursesByCategory } from '@/lib/catalogue';
import { categoryHref, courseHref } from '@/lib/routes';
import { expect, test, waitForHydration } from './fixtures';

/*
 * Each page inlines only the stylesheet rules it can use (scripts/export/inline-css.mjs); the
 * whole sheet is fetched before a client-side navigation renders another page
 * (lib/full-stylesheet.ts). A page reached either way must look the same.
 */
const course = getCoursesByCategory('python')[0]!;

/** The computed styles that make a page's layout, for every element of its <main>. */
function layoutOf(page: Page) {
  return page.locator('main').evaluate((main) =>
    [main, ...main.querySelectorAll('*')].map((element) => {
      const style = getComputedStyle(element);
      return [
        element.tagName,
        ...['display', 'position', 'padding', 'margin', 'font-size', 'font-weight', 'color', 'background-color'].map(
          (property) => style.getPropertyValue(property),
        ),
        style.getPropertyValue('grid-template-columns') === 'none' ? '' : 'grid',
      ].join(' ');
    }),
  );
}

const cssRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') urls.push(request.url());
  });
  return urls;
};

test('a page loaded on its own fetches no stylesheet', async ({ page }) => {
  const css = cssRequests(page);
  await page.goto(categoryHref('python'));
  await waitForHydration(page);
  await page.waitForTimeout(500);
  expect(css).toEqual([]);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])
  test(`at ${viewport.width} px, a course page reached by a client-side navigation looks as when loaded on its own`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(courseHref(course.id));
    await waitForHydration(page);
    const direct = await layoutOf(page);

    const css = cssRequests(page);
    await page.goto(categoryHref('python'));
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('link', { name: `See details: ${course.course_name}` }).click();
    await expect(page).toHaveURL(courseHref(course.id));
    await expect(page.getByRole('heading', { level: 1, name: course.course_name })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'a client-side navigation').toBe(
      true,
    );
    expect(css, 'the whole sheet, once').toHaveLength(1);
    expect(await layoutOf(page)).toEqual(direct);
  });

test.describe('when the whole stylesheet cannot load', () => {
  test.use({ allowedRequestFailures: /\.css net::ERR_FAILED/, allowedConsole: /Failed to load resource: net::ERR_FAILED/ });

  test('a link still opens its page, loaded by the browser with its own rules', async ({ page }) => {
    await page.route('**/*.css', (route) => route.abort('failed'));
    await page.goto(categoryHref('python'));
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('link', { name: `See details: ${course.course_name}` }).click();
    await expect(page).toHaveURL(courseHref(course.id));
    await expect(page.getByRole('heading', { level: 1, name: course.course_name })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
  });
});
