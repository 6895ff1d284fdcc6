import type { Page } from '@playwright/test';
import { serializeCart } from '@/lib/cart';
import { getCoursesByCategory } from '@/lib/server/catalogue';
import { getCartIndex } from '@/test/helpers/cart-index';
import { cartHref, categoryHref, courseHref, homeHref, reviewsHref, searchHref, wishlistHref } from '@/lib/routes';
import { pageEntry, readManifest } from '../build/manifest';
import { expect, test, waitForHydration } from './fixtures';

/*
 * Each page inlines only the stylesheet rules it can use (build/inline-css.ts); the
 * whole sheet is fetched before a client-side navigation renders another page
 * (lib/browser/full-stylesheet.ts). A page reached either way must look the same.
 */
const course = getCoursesByCategory('python')[0]!;

/**
 * The style of every element under `root`, and of its ::before, over the properties that make how
 * it looks.
 */
function stylesOf(page: Page, root: 'body' | 'main') {
  return page.locator(root).evaluate((rootElement) => {
    const properties = [
      'display',
      'position',
      'inset',
      'width',
      'height',
      'margin',
      'padding',
      'border',
      'border-radius',
      'font',
      'color',
      'background',
      'box-shadow',
      'opacity',
      'visibility',
      'overflow',
      'gap',
      'grid-template-columns',
      'flex-direction',
      'align-items',
      'justify-content',
      'text-decoration',
      'transform',
      'mask-image',
      'content',
      'outline-style',
      'outline-width',
    ];
    return [...rootElement.querySelectorAll('*')].map((element, index) => {
      const own = getComputedStyle(element);
      const before = getComputedStyle(element, '::before');
      return `${index} ${element.tagName} ${properties.map((p) => own.getPropertyValue(p)).join('|')} ::before ${properties.map((p) => before.getPropertyValue(p)).join('|')}`;
    });
  });
}

/**
 * From the python category, follows the course's 'See details' to its page; true when that was a
 * client-side navigation (the document stayed), false when the browser loaded the page.
 */
async function openCourseFromCategory(page: Page): Promise<boolean> {
  await page.goto(categoryHref('python'));
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('link', { name: `See details: ${course.course_name}` }).click();
  await expect(page).toHaveURL(courseHref(course.id));
  await expect(page.getByRole('heading', { level: 1, name: course.course_name })).toBeVisible();
  return (await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)) === true;
}

const cssRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') urls.push(request.url());
  });
  return urls;
};

const python = getCoursesByCategory('python');
const saved = serializeCart(python.slice(0, 2).map((course) => getCartIndex()[course.id]!));

test.describe('each page', () => {
  // The 404 page is answered with status 404, which the console reports.
  test.use({ allowedConsole: /\/no-such-page\/|status of 404/ });

  for (const [name, path] of [
    ['home', homeHref],
    ['a category', categoryHref('python')],
    ['a course', courseHref(course.id)],
    ['the cart with courses', cartHref],
    ['the wishlist with courses', wishlistHref],
    ['search results', `${searchHref}?q=python`],
    ['the 404 page', '/no-such-page/'],
    ["'Show all reviews', made without Next", reviewsHref(course.id)],
  ] as const)
    test(`${name}: its own rules style every element as the whole stylesheet does`, async ({ page }) => {
      await page.addInitScript((value) => {
        localStorage.setItem('cart', value);
        localStorage.setItem('wishlist', value);
      }, saved);
      const response = await page.goto(path);
      expect(response!.status()).toBe(path.startsWith('/no-such') ? 404 : 200);
      // A page made without Next never hydrates, and has no stylesheet link: the test adds the manifest's.
      const withoutNext = path === reviewsHref(course.id);
      if (!withoutNext) await waitForHydration(page);
      if (path.startsWith(searchHref)) await expect(page.locator('main article').first()).toBeVisible();
      await page.waitForTimeout(300);
      const own = await stylesOf(page, 'body');
      const whole = withoutNext ? `/${pageEntry(readManifest('out'), `${path.slice(1)}index.html`).stylesheets[0]}` : '';
      await page.evaluate(
        (href) =>
          new Promise((resolve) => {
            let link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
            if (href) {
              link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
              document.head.append(link);
            }
            link!.addEventListener('load', resolve, { once: true });
            link!.disabled = false;
          }),
        whole,
      );
      expect(await stylesOf(page, 'body')).toEqual(own);
    });
});

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
    const direct = await stylesOf(page, 'main');

    const css = cssRequests(page);
    expect(await openCourseFromCategory(page), 'a client-side navigation').toBe(true);
    expect(css, 'the whole sheet, once').toHaveLength(1);
    expect(await stylesOf(page, 'main')).toEqual(direct);
  });

test.describe('when the whole stylesheet cannot load', () => {
  test.use({
    allowedRequestFailures: /\.css net::ERR_FAILED/,
    allowedConsole: /Failed to load resource: net::ERR_FAILED/,
  });

  test('a link still opens its page, loaded by the browser with its own rules', async ({ page }) => {
    await page.route('**/*.css', (route) => route.abort('failed'));
    expect(await openCourseFromCategory(page), 'a page loaded by the browser').toBe(false);
  });
});
