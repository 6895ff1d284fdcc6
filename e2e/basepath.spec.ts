import type { Page } from '@playwright/test';
import { getCourse, getCoursesByCategory } from '@/lib/server/catalogue';
import { expect, test, waitForHydration, requireSubpathBuild } from './fixtures';

/*
 * Smoke run of the sub-path deploy: the BASE_PATH=/storefront export (npm run build:subpath,
 * in out-storefront/) served under /storefront, as on a GitHub Pages project site. Every
 * page, asset and link must stay under the sub-path; the fixture fails any request that
 * answers 404 (an asset or chunk requested from the root) and any console error.
 */
const base = '/storefront';
const webDev = getCoursesByCategory('web development');
const py101 = getCourse('py-101')!;

test.beforeAll(requireSubpathBuild);

/**
 * Every <img> on the page has loaded (not broken) once scrolled into view, from under the sub-path:
 * the file the browser chose, whether from the image's own srcset or from a <picture> source.
 */
async function expectImagesLoaded(page: Page) {
  const images = page.locator('main img:visible');
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const chosen = new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc));
    expect(chosen.pathname).toMatch(new RegExp(`^${base}/`));
  }
}

test('the home page renders under the sub-path with its assets', async ({ page }) => {
  await page.goto(`${base}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Save big. Learn big.' })).toBeVisible();
  await expectImagesLoaded(page);
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', new RegExp(`^${base}/`));
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', new RegExp(`^${base}/`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https?://[^/]+${base}/$`));
  const ogImage = page.locator('meta[property="og:image"]');
  await expect(ogImage).toHaveAttribute('content', new RegExp(`${base}/og/default\\.jpg$`));
  const ogImageResponse = await page.request.get(new URL((await ogImage.getAttribute('content'))!).pathname);
  expect(ogImageResponse.status()).toBe(200);
  expect(ogImageResponse.headers()['content-type']).toMatch(/^image\/jpeg/);
  const scripts = await page
    .locator('script[src]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src')!));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) expect(src).toMatch(new RegExp(`^${base}/_next/`));
});

test('the web app manifest starts and finds its icons under the sub-path', async ({ page }) => {
  await page.goto(`${base}/`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ start_url: `${base}/`, scope: `${base}/` });
  for (const icon of manifest.icons as { src: string }[]) {
    expect(icon.src).toMatch(new RegExp(`^${base}/`));
    expect((await page.request.get(icon.src)).status(), icon.src).toBe(200);
  }
});

test('the site root sends visitors to the sub-path', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(`${base}/`);
});

test('a category whose name has a space opens under the sub-path', async ({ page }) => {
  await page.goto(`${base}/category/web%20development/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Web Development courses' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    webDev.map((course) => course.course_name),
  );
  await expectImagesLoaded(page);
});

test('a course page opens directly, with its structured data and image under the sub-path', async ({ page }) => {
  await page.goto(`${base}/courses/py-101/`);
  await expect(page.getByRole('heading', { level: 1, name: py101.course_name })).toBeVisible();
  await expectImagesLoaded(page);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(data.url).toMatch(new RegExp(`${base}/courses/py-101/$`));
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  const response = await page.request.get(new URL(ogImage!).pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\/jpeg/);
});

test("a course page's reviews and instructor are under the sub-path: a bar, 'Show all reviews', the name", async ({
  page,
}) => {
  await page.goto(`${base}/courses/py-101/`);
  const feedback = page.getByRole('region', { name: 'Student feedback' });
  await feedback.getByRole('list', { name: 'Ratings by stars' }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${base}/courses/py-101/reviews/#stars-5$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reviews of ${py101.course_name}`);
  await page.goBack();
  await feedback.getByRole('link', { name: /^Show all reviews/ }).click();
  await expect(page).toHaveURL(`${base}/courses/py-101/reviews/`);
  await page.goBack();
  await page.getByRole('region', { name: 'Instructor' }).getByRole('link', { name: py101.creator }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(py101.creator);
  expect(new URL(page.url()).pathname.startsWith(`${base}/instructors/`)).toBe(true);
});

test('navigation stays under the sub-path: tile → category → course → cart', async ({ page }) => {
  await page.goto(`${base}/`);
  await waitForHydration(page);

  await page.getByRole('region', { name: 'Top Categories' }).getByRole('link', { name: 'Web Development' }).click();
  await expect(page).toHaveURL(`${base}/category/web%20development/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Web Development courses' })).toBeVisible();

  const first = webDev[0]!;
  await page.getByRole('link', { name: `See details: ${first.course_name}` }).click();
  await expect(page).toHaveURL(`${base}/courses/${first.id}/`);
  await expect(page.getByRole('heading', { level: 1, name: first.course_name })).toBeVisible();

  await waitForHydration(page);
  await page.getByRole('button', { name: /Add to cart/ }).click();
  await expect(page).toHaveURL(`${base}/cart/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { name: first.course_name })).toBeVisible();
  await expectImagesLoaded(page);

  await page.getByRole('banner').getByRole('link', { name: 'Coursely' }).click();
  await expect(page).toHaveURL(`${base}/`);
});

test.describe('unknown addresses', () => {
  test.use({ allowedConsole: /404|\/no-such-page\// });

  test('get the 404 page of the sub-path build', async ({ page }) => {
    const response = await page.goto(`${base}/no-such-page/`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
  });
});

test.describe('offline', () => {
  // Offline, requests that reach past the worker fail (prefetches, revalidation): only those.
  test.use({
    serviceWorkers: 'allow',
    allowedRequestFailures: /^http:\/\/127\.0\.0\.1:\d+\/storefront\/\S* net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$/,
    allowedConsole: /^Failed to load resource: net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$/,
  });

  test('the service worker works under the sub-path: scope, cached pages, the offline page', async ({
    page,
    context,
  }) => {
    await page.goto(`${base}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe(`${base}/`);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Save big. Learn big.' })).toBeVisible();
    await page.goto(`${base}/category/web%20development/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Web Development courses' })).toBeVisible();
    await page.goto(`${base}/courses/py-101/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re offline');
    await expect(page.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', `${base}/cart/`);
  });
});

test('search loads Pagefind from the sub-path and links results under it', async ({ page }) => {
  const runtime: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/pagefind/pagefind.js')) runtime.push(new URL(request.url()).pathname);
  });
  await page.goto(`${base}/category/aws/`);
  await waitForHydration(page);
  const field = page.getByRole('banner').getByRole('combobox', { name: 'Search courses' });
  await field.pressSequentially('terraform');
  const option = page.getByRole('listbox', { name: 'Suggested courses' }).getByRole('option');
  await expect(option).toHaveCount(1);
  expect(runtime).toEqual([`${base}/pagefind/pagefind.js`]);
  await field.press('Enter');
  await expect(page).toHaveURL(`${base}/search/?q=terraform`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('1 result for "terraform"');
  const course = getCourse('aws-301')!;
  const card = page.getByRole('main').getByRole('article');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(course.course_name);
  await expect(card.getByRole('link', { name: /^See details/ })).toHaveAttribute('href', `${base}/courses/aws-301/`);
  await expectImagesLoaded(page);
});
