import type { APIRequestContext } from '@playwright/test';
import { getCourses, getInstructors, getReviewsPages } from '@/lib/server/catalogue';
import {
  cartHref,
  categoryHref,
  courseHref,
  homeHref,
  instructorHref,
  reviewsHref,
  searchHref,
  wishlistHref,
} from '@/lib/routes';
import { expect, test, waitForHydration } from './fixtures';

/*
 * The export on Cloudflare Pages' runtime (scripts/tools/cloudflare-pages.mjs): its URL rules, not
 * serve.mjs's. Pages answer at their folder URL ('/x/'); Pages redirects '/x', '/x/index.html' and
 * '/x.html' there (308), and answers an unknown path with the nearest 404.html, status 404.
 */
const reviewsPage = getReviewsPages().find((key) => key.page > 1) ?? getReviewsPages()[0]!;

/** One page of every kind of route. */
const pages = [
  homeHref,
  categoryHref('python'),
  categoryHref('web development'),
  courseHref(getCourses()[0]!.id),
  reviewsHref(reviewsPage.id, reviewsPage),
  instructorHref(getInstructors()[0]!.slug),
  cartHref,
  wishlistHref,
  searchHref,
  '/offline/',
];
/** Files that are not pages: they answer at their own name. */
const files = ['/sitemap.xml', '/robots.txt', '/manifest.webmanifest'];

/** The status and, for a redirect, the path it leads to, without following it (a HEAD request: no body). */
async function answer(request: APIRequestContext, path: string) {
  const response = await request.head(path, { maxRedirects: 0 });
  const location = response.headers()['location'];
  return { status: response.status(), to: location && new URL(location, 'http://host').pathname };
}

test('every kind of page answers 200 at its folder URL, and its other forms redirect there', async ({ request }) => {
  for (const path of pages) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
    for (const other of [`${path}index.html`, ...(path === '/' ? [] : [path.slice(0, -1)])]) {
      expect(await answer(request, other), other).toEqual({ status: 308, to: path });
    }
  }
  for (const path of files) expect(await answer(request, path), path).toEqual({ status: 200, to: undefined });
  // The one page written as NAME.html: Pages serves it at /404 (200), and redirects the file's name there.
  expect(await answer(request, '/404.html')).toEqual({ status: 308, to: '/404' });
});

test('an unknown path answers 404 with the site’s 404 page', async ({ request }) => {
  for (const path of ['/no-such-page/', '/no-such-page', '/courses/no-such-course/', '/_next/static/no-such.js']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('We couldn’t find that page');
  }
});

test.describe('the 404 page in the browser', () => {
  test.use({ allowedConsole: /404|\/no-such-course\// });

  test('hydrates and leads home', async ({ page }) => {
    const response = await page.goto('/courses/no-such-course/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
  });
});

test('the site’s own links, assets, sitemap and service worker never name a redirecting URL', async ({
  page,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const urls = new Set<string>();
  const add = (url: string) => {
    const parsed = new URL(url, origin);
    if (parsed.origin === origin) urls.add(parsed.pathname + parsed.search);
  };
  // Ten pages, then a request for each of a few hundred URLs.
  test.slow();
  for (const path of pages) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const found = await page.evaluate(() => {
      const attributes = [
        ...Array.from(document.querySelectorAll('a[href], link[href]'), (element) => element.getAttribute('href')),
        ...Array.from(document.querySelectorAll('script[src], img[src], source[src]'), (e) => e.getAttribute('src')),
        ...Array.from(document.querySelectorAll('form[action]'), (element) => element.getAttribute('action')),
        ...Array.from(document.querySelectorAll('img[srcset], source[srcset]'), (element) =>
          element
            .getAttribute('srcset')!
            .split(',')
            .map((candidate) => candidate.trim().split(/\s+/)[0]),
        ).flat(),
      ];
      return attributes.filter((value): value is string => !!value && !value.startsWith('#'));
    });
    for (const url of found) add(url);
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) add(new URL(loc!).pathname);
  const worker = await (await request.get('/sw.js')).text();
  for (const [, url] of worker.matchAll(/"url":"([^"]+)"/g)) add(url!);

  expect(urls.size).toBeGreaterThan(50);
  // A few at a time: the local runtime stalls under hundreds of requests at once.
  const queue = [...urls];
  const answers: { url: string; status: number; to: string | undefined }[] = [];
  const next = async (): Promise<void> => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      answers.push({ url, ...(await answer(request, url)) });
    }
  };
  await Promise.all(Array.from({ length: 6 }, next));
  const redirecting = answers.filter(({ status }) => status !== 200);
  expect(redirecting.map(({ url, status, to }) => `${url}: ${status}${to ? ` to ${to}` : ''}`)).toEqual([]);
});
