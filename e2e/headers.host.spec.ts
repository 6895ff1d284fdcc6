import { getCourses, getInstructors } from '@/lib/server/catalogue';
import {
  cartHref,
  categoryHref,
  courseHref,
  instructorHref,
  isDocumentOnlyRoute,
  reviewsHref,
  searchHref,
} from '@/lib/routes';
import { expect, expectSecurityHeaders, seedCart, test, waitForHydration } from './fixtures';

/*
 * What Cloudflare Pages makes of the export's _headers (written by build/host-headers.ts):
 * every response carries the security headers, content-hashed files are cached for a year, and
 * everything else is revalidated. Pages' own default for what no rule gives a Cache-Control
 * (`public, max-age=0, must-revalidate`) revalidates as `no-cache` does: _headers leaves the pages
 * to it, since Pages would join a second Cache-Control rule to the first with a comma.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATED = /^(no-cache|public, max-age=0, must-revalidate)$/;
const course = getCourses()[0]!;

test('every kind of page and file carries the security headers, and the right caching', async ({ page, request }) => {
  await page.goto('/');
  const scripts = await page.locator('script[src]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('src')!));
  const stylesheet = await page.request.get('/sw.js').then(async (response) => {
    return /"url":"(\/_next\/static\/[^"]+\.css)"/.exec(await response.text())![1]!;
  });
  const image = (await page.locator('main img[src^="/"]').first().getAttribute('src'))!;
  const expected: Record<string, string | RegExp> = {
    '/': REVALIDATED,
    [courseHref(course.id)]: REVALIDATED,
    [`${courseHref(course.id)}index.txt`]: REVALIDATED,
    [reviewsHref(course.id)]: REVALIDATED,
    [cartHref]: REVALIDATED,
    '/sitemap.xml': REVALIDATED,
    '/robots.txt': REVALIDATED,
    '/manifest.webmanifest': REVALIDATED,
    '/pagefind/pagefind.js': REVALIDATED,
    [image]: REVALIDATED,
    // The update check must reach the host: its own rule says no-cache, not the default.
    '/sw.js': 'no-cache',
    [stylesheet]: IMMUTABLE,
  };
  for (const src of scripts.filter((src) => src.startsWith('/_next/static/'))) expected[src] = IMMUTABLE;
  expect(Object.values(expected)).toContain(IMMUTABLE);

  for (const [path, cacheControl] of Object.entries(expected)) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    // One value each, not two rules' values joined with a comma: the rules of _headers do not overlap.
    expectSecurityHeaders(response.headers(), path);
    expect(response.headers()['cache-control'], path).toMatch(cacheControl);
  }

  const missing = await request.get('/no-such-page/');
  expect(missing.status()).toBe(404);
  expectSecurityHeaders(missing.headers(), '/no-such-page/');
});

test.describe('the pages’ Content-Security-Policy on this host', () => {
  // The fixture fails a test on any CSP violation or console error (e2e/fixtures.ts).
  const pages = [
    '/',
    categoryHref('web development'),
    courseHref(course.id),
    reviewsHref(course.id),
    instructorHref(getInstructors()[0]!.slug),
    `${searchHref}?q=python`,
    '/offline/',
  ];
  for (const path of pages) {
    test(`${path} loads and hydrates with no violation`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'load' });
      // 'Show all reviews' is a plain document, with no React to hydrate.
      if (!isDocumentOnlyRoute(path)) await waitForHydration(page);
      await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveCount(1);
    });
  }

  test('the cart with a course in it loads and hydrates with no violation', async ({ page }) => {
    await seedCart(page, [{ courseID: course.id }]);
    await page.goto(cartHref);
    await waitForHydration(page);
    await expect(page.getByRole('main').getByRole('heading', { name: course.course_name })).toBeVisible();
  });
});
