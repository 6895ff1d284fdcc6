import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { instructorSlug } from '@/lib/instructors';
import { instructorHref, instructorListingHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { cardIds, expect, test, waitForHydration } from './fixtures';

/*
 * Instructor pages against the 300-course synthetic build (`npm run build:synthetic` →
 * out-synth/): one instructor teaches 30 courses (two pages of 24), a third of the instructor
 * records have a photo, and the creators without a record show a monogram.
 */
type InstructorRecord = { name: string; image?: string };
const courses = JSON.parse(readFileSync('.synthetic/courses-300.json', 'utf8')) as Course[];
const records = JSON.parse(readFileSync('.synthetic/courses-300.instructors.json', 'utf8')) as InstructorRecord[];
/** The creator of the most courses: the generator's prolific instructor (PROLIFIC_INSTRUCTOR). */
const taught = new Map<string, number>();
for (const course of courses) taught.set(course.creator, (taught.get(course.creator) ?? 0) + 1);
const PROLIFIC_INSTRUCTOR = [...taught].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
const slug = instructorSlug(PROLIFIC_INSTRUCTOR);
const theirs = courses.filter((course) => course.creator === PROLIFIC_INSTRUCTOR).map((course) => course.id);
const withPhoto = records.find((record) => record.image)!;
const withoutRecord = courses.find((course) => !records.some((record) => record.name === course.creator))!.creator;
const PAGE_SIZE = 24;

test('an instructor with 30 courses lists them on two pages of 24 and 6, in catalogue order, with links between', async ({
  page,
  request,
}) => {
  expect(theirs).toHaveLength(30);
  await page.goto(instructorHref(slug));
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PROLIFIC_INSTRUCTOR);
  expect(await cardIds(page)).toEqual(theirs.slice(0, PAGE_SIZE));
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('link', { name: /2/ }).first().click();
  await expect(page).toHaveURL(instructorListingHref(slug, 2));
  expect(await cardIds(page)).toEqual(theirs.slice(PAGE_SIZE));
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/page\/2\/$/);
  expect((await request.get(instructorListingHref(slug, 3))).status()).toBe(404);
});

test("an instructor's photo comes through the image pipeline, square and loaded; a creator without a record gets a monogram", async ({
  page,
}) => {
  await page.goto(instructorHref(instructorSlug(withPhoto.name)));
  const photo = page.locator('main img').first();
  await expect(photo).toHaveAttribute('srcset', /\/_img\/images\/synthetic\/photo-\d\.jpg\.\d+w\.webp/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = (await photo.boundingBox())!;
  expect(Math.abs(box.width - box.height)).toBeLessThan(1);

  await page.goto(instructorHref(instructorSlug(withoutRecord)));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(withoutRecord);
  const initials = withoutRecord
    .split(' ')
    .map((word) => word[0])
    .join('');
  await expect(page.locator('main [aria-hidden="true"]').filter({ hasText: new RegExp(`^${initials}$`) })).toHaveCount(
    1,
  );
});

test('axe: zero violations on a page with a photo and on a second page', async ({ page }) => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  for (const href of [instructorHref(instructorSlug(withPhoto.name)), instructorListingHref(slug, 2)]) {
    await page.goto(href);
    await waitForHydration(page);
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(
      results.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((n) => n.target) })),
      href,
    ).toEqual([]);
  }
});
