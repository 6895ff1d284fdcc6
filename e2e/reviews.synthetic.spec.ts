import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { REVIEWS_PER_PAGE, starsLabel } from '@/lib/reviews';
import { courseHref, reviewsHref } from '@/lib/routes';
import type { Course, Review } from '@/lib/types';
import { expect, test } from './fixtures';

/*
 * 'Show all reviews' against the 300-course synthetic build (`npm run build:synthetic` →
 * out-synth/), whose courses have no written review (a fifth), 1 to 45, or, one in 50, 60 to 140
 * (scripts/tools/synth-catalogue.mjs): the pages a course needs, a star's own pages when there
 * are more than one, and what they cost in files.
 */
const courses = JSON.parse(readFileSync('.synthetic/courses-300.json', 'utf8')) as Course[];
const reviews = JSON.parse(readFileSync('.synthetic/courses-300.reviews.json', 'utf8')) as Review[];
const countOf = (id: string) => reviews.filter((review) => review.course === id).length;
const most = courses.reduce((best, course) => (countOf(course.id) > countOf(best.id) ? course : best));

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

test('the course with the most reviews has as many pages as they fill, the first holding up to 50', async ({
  page,
  request,
}) => {
  const total = countOf(most.id);
  const pages = Math.ceil(total / REVIEWS_PER_PAGE);
  await page.goto(reviewsHref(most.id));
  await expect(page.getByText(`${total} written reviews`, { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reviews' }).locator(':scope > ul > li')).toHaveCount(
    Math.min(total, REVIEWS_PER_PAGE),
  );
  if (pages > 1) {
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    expect((await request.get(reviewsHref(most.id, { page: 2 }))).status()).toBe(200);
  }
  expect((await request.get(reviewsHref(most.id, { page: pages + 1 }))).status()).toBe(404);
});

test("all of the courses' reviews cost at most one export file per course on average", () => {
  const files = courses.flatMap((course) => filesUnder(path.join('out-synth/courses', course.id, 'reviews')));
  const withReviews = courses.filter((course) => countOf(course.id) > 0).length;
  expect(
    files.every((file) => file.endsWith('index.html')),
    files.join('\n'),
  ).toBe(true);
  // Its pages, and for a course with more than one, each number of stars' own.
  const pagesOf = (count: number) => Math.ceil(count / REVIEWS_PER_PAGE);
  const expected = courses.reduce((sum, course) => {
    const own = reviews.filter((review) => review.course === course.id);
    const starPages =
      own.length > REVIEWS_PER_PAGE
        ? [5, 4, 3, 2, 1].reduce((pages, stars) => pages + pagesOf(own.filter((r) => r.rating === stars).length), 0)
        : 0;
    return sum + pagesOf(own.length) + starPages;
  }, 0);
  expect(files.length).toBe(expected);
  expect(withReviews).toBeGreaterThan(0);
  expect(files.length / courses.length).toBeLessThanOrEqual(1);
});

/** The most reviewed course's bar of `stars` leads to every review of those stars, in pages of their own. */
async function expectStarPages(page: Page, stars: number) {
  const own = reviews
    .filter((review) => review.course === most.id && review.rating === stars)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  await page.goto(courseHref(most.id));
  await page
    .getByRole('list', { name: 'Ratings by stars' })
    .getByRole('link', { name: new RegExp(`^${starsLabel(stars)} \\d+%$`) })
    .click();
  await expect(page).toHaveURL(reviewsHref(most.id, { stars }));
  await expect(page.getByText(`${own.length} with ${starsLabel(stars)}`, { exact: false })).toBeVisible();
  const items = page.getByRole('region', { name: 'Reviews' }).locator(':scope > ul > li');
  await expect(items).toHaveCount(Math.min(own.length, REVIEWS_PER_PAGE));
  for (const item of await items.all()) await expect(item).toHaveAttribute('data-rating', String(stars));
  await expect(
    page
      .getByRole('navigation', { name: 'Filter reviews by stars' })
      .getByRole('link', { name: /\(\d+\)$/ })
      .first(),
  ).toHaveText(`All (${countOf(most.id)})`);
  await expect(page.getByRole('link', { name: `${starsLabel(stars)} (${own.length})` })).toHaveAttribute(
    'aria-current',
    'page',
  );
  if (own.length > REVIEWS_PER_PAGE) {
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(reviewsHref(most.id, { stars, page: 2 }));
    await expect(items).toHaveCount(Math.min(own.length - REVIEWS_PER_PAGE, REVIEWS_PER_PAGE));
    for (const item of await items.all()) await expect(item).toHaveAttribute('data-rating', String(stars));
  }
}

test.describe("a course with more than a page of reviews: each star's own pages", () => {
  test.beforeAll(() => {
    expect(countOf(most.id), 'the synthetic catalogue has a course with more than a page of reviews').toBeGreaterThan(
      REVIEWS_PER_PAGE,
    );
  });

  test('a bar leads to every review of its stars, paged among themselves', async ({ page }) => {
    await expectStarPages(page, 5);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('a bar leads to every review of its stars, paged among themselves', async ({ page }) => {
      await expectStarPages(page, 5);
    });
  });

  test("axe: zero violations on a star's page", async ({ page }) => {
    await page.goto(reviewsHref(most.id, { stars: 5 }));
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('a star page that does not exist is the 404 page', async ({ request }) => {
    const single = courses.find((course) => countOf(course.id) > 0 && countOf(course.id) <= REVIEWS_PER_PAGE)!;
    const missing = [5, 4, 3, 2, 1].find((stars) => !reviews.some((r) => r.course === most.id && r.rating === stars));
    for (const path of [
      // One page of reviews filters itself by its fragment: no star pages.
      reviewsHref(single.id, { stars: 5 }),
      `${reviewsHref(most.id)}stars-6/`,
      `${reviewsHref(most.id, { stars: 5 })}1/`,
      ...(missing === undefined ? [] : [reviewsHref(most.id, { stars: missing })]),
    ])
      expect((await request.get(path)).status(), path).toBe(404);
  });
});
