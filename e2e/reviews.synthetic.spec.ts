import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REVIEWS_PER_PAGE } from '@/lib/reviews';
import { reviewsHref } from '@/lib/routes';
import type { Course, Review } from '@/lib/types';
import { expect, test } from './fixtures';

/*
 * 'Show all reviews' against the 300-course synthetic build (`npm run build:synthetic` →
 * out-synth/), whose courses have from none to about 40 written reviews each
 * (scripts/tools/synth-catalogue.mjs): the pages a course needs, and what they cost in files.
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
  expect(files.length).toBe(courses.reduce((sum, course) => sum + Math.ceil(countOf(course.id) / REVIEWS_PER_PAGE), 0));
  expect(withReviews).toBeGreaterThan(0);
  expect(files.length / courses.length).toBeLessThanOrEqual(1);
});
