import type { APIRequestContext } from '@playwright/test';
import {
  getCategories,
  getCategoryLabel,
  getCourses,
  getCoursesByCategory,
  getInstructors,
  getReviews,
} from '@/lib/server/catalogue';
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
  // The reason for JPEG over PNG: a preview card is a quarter of the PNG's 200 KB.
  expect(body.length, `${path} stays a small JPEG`).toBeLessThan(80 * 1024);
}

async function expectPng(request: APIRequestContext, path: string, size: { width: number; height: number }) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type'], path).toMatch(/^image\/png/);
  expect(pngSize(await response.body()), path).toEqual(size);
}

test.describe('page metadata', () => {
  for (const { path, title } of pages) {
    test(`${path} has its title, a description, a canonical URL and link-preview tags`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);

      const head = page.locator('head');
      const url = absoluteUrl(path);
      await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /^\S.{19,}$/);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
      await expect(head.locator('meta[property="og:description"]')).toHaveAttribute('content', /\S/);
      await expect(head.locator('meta[property="og:site_name"]')).toHaveAttribute('content', 'Coursely');
      await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', /^(website|article)$/);
      await expect(head.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
      await expect(head.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
      await expect(head.locator('meta[property="og:image:type"]')).toHaveAttribute('content', 'image/jpeg');
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');

      const ogImage = await head.locator('meta[property="og:image"]').getAttribute('content');
      expect(ogImage).toMatch(/^https?:\/\/[^/]+\/.+\.jpg$/);
      await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute('content', ogImage!);
    });
  }

  test('no two pages share a title', async ({ request }) => {
    const titles = await Promise.all(
      pages.map(async ({ path }) => /<title>([^<]*)<\/title>/.exec(await (await request.get(path)).text())?.[1]),
    );
    expect(new Set(titles).size).toBe(pages.length);
  });

  test('a course page shares its own image; other pages share the default one', async ({ page }) => {
    await page.goto(courseHref('py-101'));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      absoluteUrl(ogImagePath('py-101')),
    );
    await page.goto(categoryHref('python'));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', absoluteUrl(ogImagePath()));
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

test.describe('structured data', () => {
  async function jsonLd(page: import('@playwright/test').Page) {
    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const text = (await scripts.textContent()) ?? '';
    expect(text, 'no raw "<" that could close the script').not.toContain('<');
    return JSON.parse(text) as Record<string, unknown>;
  }

  test('each course page describes a Course with its Offer in USD and the site as provider', async ({ page }) => {
    test.slow(); // one page per course
    for (const course of courses) {
      await page.goto(courseHref(course.id));
      const data = await jsonLd(page);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: course.course_name,
        description: course.description,
        url: absoluteUrl(courseHref(course.id)),
        provider: { '@type': 'Organization', name: 'Coursely' },
        offers: { '@type': 'Offer', price: course.discounted_price.toFixed(2), priceCurrency: 'USD' },
      });
      const written = getReviews(course.id).length;
      if (course.rating_breakdown || written > 0)
        expect(data.aggregateRating, course.id).toEqual({
          '@type': 'AggregateRating',
          ratingValue: course.rating_star,
          ratingCount: Math.max(course.rating_count, written),
          ...(written > 0 ? { reviewCount: written } : {}),
        });
      else expect(JSON.stringify(data), `${course.id}: rated without feedback`).not.toMatch(/aggregateRating/i);
      // Its newest five reviews, each one the page shows (structured data only of what a reader sees).
      const reviews = (data.review ?? []) as { author: { name: string }; reviewBody: string }[];
      expect(
        reviews.map((review) => review.author.name),
        course.id,
      ).toEqual(
        getReviews(course.id)
          .slice(0, 5)
          .map((review) => review.author),
      );
      const feedback = page.getByRole('region', { name: 'Student feedback' });
      for (const review of reviews) await expect(feedback.getByText(review.reviewBody)).toBeAttached();
    }
  });

  test('each category page lists its courses as an ItemList', async ({ page }) => {
    test.slow(); // one page per category
    for (const category of categories) {
      await page.goto(categoryHref(category));
      const data = await jsonLd(page);
      const listed = getCoursesByCategory(category);
      expect(data).toMatchObject({ '@type': 'ItemList', numberOfItems: listed.length });
      expect((data.itemListElement as { url: string }[]).map((item) => item.url)).toEqual(
        listed.map((course) => absoluteUrl(courseHref(course.id))),
      );
    }
  });
});

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
