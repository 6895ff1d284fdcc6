import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { instructorSlug } from '@/lib/instructors';
import { newestFirst, REVIEWS_SHOWN } from '@/lib/reviews';
import { courseHref, instructorHref } from '@/lib/routes';
import type { Review } from '@/lib/schema';
import type { Course } from '@/lib/types';
import { expect, refuseDialogs, test } from './fixtures';

/*
 * Each course page of the hostile catalogue (out-hostile/) at a phone's width, loaded once for
 * what reviews.hostile.spec.ts and instructors.hostile.spec.ts check of it: its newest reviews and
 * its creator arrive as text, run nothing, and the page never scrolls sideways. Those specs keep
 * the reviews pages and the instructor pages.
 */
const courses = JSON.parse(readFileSync('e2e/fixtures/hostile-courses.json', 'utf8')) as Course[];
const reviews = JSON.parse(readFileSync('e2e/fixtures/hostile-reviews.json', 'utf8')) as Review[];
/** The course page checked for each creator (one course each). */
const creators = new Set(new Map(courses.map((course) => [course.creator, course.id])).values());
const reviewed = new Set(reviews.map((review) => review.course));

test.use({ viewport: { width: 390, height: 844 } });

for (const course of courses.filter(({ id }) => reviewed.has(id) || creators.has(id)))
  test(`${course.id}: its newest reviews and its creator as text, running nothing, never scrolling sideways`, async ({
    page,
  }) => {
    const dialogs = refuseDialogs(page);
    const href = courseHref(course.id);
    await page.goto(href);
    if (reviewed.has(course.id))
      await test.step('its newest reviews, as text', () => expectNewestReviews(page, course));
    if (creators.has(course.id))
      await test.step("its creator, as text, linking to the instructor's page", () => expectCreator(page, course));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${href}: no sideways scroll`).toBeLessThanOrEqual(0);
    expect(dialogs).toEqual([]);
  });

async function expectNewestReviews(page: Page, course: Course) {
  const listed = newestFirst(reviews.filter((review) => review.course === course.id)).slice(0, REVIEWS_SHOWN);
  const items = page.getByRole('region', { name: 'Student feedback' }).locator('li[data-rating]');
  await expect(items).toHaveCount(listed.length);
  for (const review of listed) {
    const item = items.filter({ hasText: review.author.trim() }).first();
    await expect(item, review.author.slice(0, 30)).toBeVisible();
    // What looks like markup is text: no element came of it.
    expect(await item.locator('img, b, a, script').count()).toBe(0);
  }
}

async function expectCreator(page: Page, course: Course) {
  const link = page.getByRole('link', { name: course.creator, exact: true }).first();
  await expect(link).toHaveAttribute('href', instructorHref(instructorSlug(course.creator)));
  // The course page's Instructor section names them as text too, a link to the same page.
  const section = page.getByRole('region', { name: 'Instructor' });
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(course.creator);
  await expect(section.getByRole('link', { name: course.creator, exact: true })).toHaveAttribute(
    'href',
    instructorHref(instructorSlug(course.creator)),
  );
  expect(await section.locator('script, img:not([alt=""]), b').count()).toBe(0);
}
