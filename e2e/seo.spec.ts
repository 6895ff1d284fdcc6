import type { APIRequestContext } from '@playwright/test';
import { getCategories, getCategoryLabel, getCourses, getInstructors } from '@/lib/server/catalogue';
import { cartHref, categoryHref, courseHref, homeHref, instructorHref, searchHref } from '@/lib/routes';
import { absoluteUrl, ogImagePath } from '@/lib/server/seo';
import { siteUrl } from '@/lib/server/site';
import { expect, test, waitForHydration } from './fixtures';

const courses = getCourses();
const categories = getCategories();

/** Every indexable page of the export, with the title it must have (/search/ is noindex). */
const pages = [
  { path: homeHref, title: 'Coursely | Online video courses' },
  ...categories.map((category) => ({
    path: categoryHref(category),
    title: `${getCategoryLabel(category)} courses | Coursely`,
  })),
  ...courses.map((course) => ({ path: courseHref(course.id), title: `${course.course_name} | Coursely` })),
  ...getInstructors().map((instructor) => ({
    path: instructorHref(instructor.slug),
    title: `${instructor.name} | Coursely`,
  })),
  { path: cartHref, title: 'Shopping Cart | Coursely' },
];

/** Absolute URLs name the deployed origin (SITE_URL); fetch them from the server under test. */
function servedPath(url: string): string {
  expect(url.startsWith(`${siteUrl}/`), `${url} is an absolute URL on ${siteUrl}`).toBe(true);
  return new URL(url).pathname;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

/** Width and height from a baseline or progressive JPEG's start-of-frame segment. */
function jpegSize(body: Buffer): { width: number; height: number } {
  expect(body.readUInt16BE(0), 'JPEG start-of-image marker').toBe(0xffd8);
  for (let at = 2; at + 9 < body.length; at += 2 + body.readUInt16BE(at + 2)) {
    const marker = body.readUInt16BE(at);
    if (marker === 0xffc0 || marker === 0xffc2) {
      return { width: body.readUInt16BE(at + 7), height: body.readUInt16BE(at + 5) };
    }
  }
  throw new Error('no start-of-frame segment');
}

async function expectJpeg(request: APIRequestContext, path: string, size: { width: number; height: number }) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toMatch(/^image\/jpeg/);
  const body = await response.body();
  expect(jpegSize(body), path).toEqual(size);
  // The reason for JPEG over PNG: a far smaller card (docs/performance.md, 'Figures behind the code').
  expect(body.length, `${path} stays a small JPEG`).toBeLessThan(80 * 1024);
}

async function expectPng(request: APIRequestContext, path: string, size: { width: number; height: number }) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toMatch(/^image\/png/);
  expect(pngSize(await response.body()), path).toEqual(size);
}

test.describe('page metadata', () => {
  // Each page's title, description, canonical URL, link-preview tags and image: e2e/every-page.spec.ts.
  test('no two pages share a title', async ({ request }) => {
    const titles = await Promise.all(
      pages.map(async ({ path }) => /<title>([^<]*)<\/title>/.exec(await (await request.get(path)).text())?.[1]),
    );
    expect(new Set(titles).size).toBe(pages.length);
  });

  test('every og:image answers 200 with a 1200×630 JPEG', async ({ request }) => {
    for (const path of [ogImagePath(), ...courses.map((course) => ogImagePath(course.id))]) {
      await expectJpeg(request, servedPath(absoluteUrl(path)), { width: 1200, height: 630 });
    }
  });

  test('the search page has its metadata but is kept out of the index', async ({ page }) => {
    await page.goto(searchHref);
    await expect(page).toHaveTitle('Search | Coursely');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absoluteUrl(searchHref));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', absoluteUrl(ogImagePath()));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('the 404 page is kept out of the index', async ({ request }) => {
    const html = await (await request.get('/404.html')).text();
    expect(html).toMatch(/<meta name="robots" content="noindex, ?follow"\/>/);
    expect(html).not.toContain('rel="canonical"');
  });
});

// Each course page's Course and each category page's ItemList in JSON-LD: e2e/every-page.spec.ts.

test.describe('crawler files', () => {
  test('sitemap.xml lists every page with content of its own, with an absolute URL', async ({ request }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const listed = pages.filter(({ path }) => path !== cartHref).map(({ path }) => absoluteUrl(path));
    expect(locs.toSorted()).toEqual(listed.toSorted());
    // The spec's fixture: home, 6 categories of one page each, 22 courses, 22 instructors of one page each.
    expect(locs).toHaveLength(1 + 6 + 22 + 22);
    expect(locs).not.toContain(absoluteUrl(cartHref));
    expect(locs).not.toContain(absoluteUrl(searchHref));
  });

  test('robots.txt allows crawling and points to the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-Agent: \*$/m);
    expect(text).toContain(`Sitemap: ${absoluteUrl('/sitemap.xml')}`);
  });
});

test.describe('installable', () => {
  test('a page other than home gets its manifest and icon links once hydrated, not in its first response', async ({
    page,
  }) => {
    // They stay out of the first response so that their requests come after the first paint.
    const html = await (await page.request.get('/cart/')).text();
    expect(html).not.toMatch(/<link rel="(icon|manifest)"/);
    await page.goto('/cart/');
    await waitForHydration(page);
    const head = page.locator('head');
    await expect(head.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(head.locator('link[rel="icon"]')).toHaveCount(2);
  });

  test('the manifest, favicon, apple-touch-icon and theme colour are linked and load', async ({ page, request }) => {
    await page.goto(homeHref);
    const head = page.locator('head');
    await expect(head.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#5624d0');

    const manifestHref = await head.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Coursely'),
      short_name: 'Coursely',
      start_url: '/',
      display: 'standalone',
    });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const [width, height] = icon.sizes.split('x').map(Number);
      await expectPng(request, icon.src, { width: width!, height: height! });
    }
    expect((manifest.icons as { sizes: string }[]).map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );

    const appleIcon = await head.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    await expectPng(request, appleIcon!, { width: 180, height: 180 });
    const icons = await head
      .locator('link[rel="icon"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    // A sharp icon for high-density tabs, as a PNG: a browser draws an SVG favicon by building a
    // document on the page's main thread, a long task on every load.
    expect(icons.filter((href) => /\.svg(\?|$)/.test(href))).toEqual([]);
    const png = icons.find((href) => /\/icon\.png(\?|$)/.test(href));
    await expectPng(request, png!, { width: 96, height: 96 });
    for (const href of icons) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-type'], href).toMatch(/^image\//);
    }
  });
});
