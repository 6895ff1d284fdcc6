import { readFileSync } from 'node:fs';
import { instructorSlug } from '@/lib/instructors';
import { courseHref, instructorHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { expect, test } from './fixtures';

/*
 * Instructor pages of the hostile catalogue (out-hostile/): creators with markup, right-to-left
 * and CJK scripts, emoji and a 200-character name. Each arrives as text, on a page of its own and
 * in the Instructor section of their courses' pages.
 */
const courses = JSON.parse(readFileSync('e2e/fixtures/hostile-courses.json', 'utf8')) as Course[];
const creators = [...new Map(courses.map((course) => [course.creator, course])).values()];

// A phone's width, where a long name has the least room.
test.use({ viewport: { width: 390, height: 844 } });

test("every creator's name links from its course ('Created by') to an instructor page that shows it as text", async ({
  page,
}) => {
  for (const course of creators) {
    await page.goto(courseHref(course.id));
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
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `${course.id}: no sideways scroll`,
    ).toBeLessThanOrEqual(0);
    await page.goto(instructorHref(instructorSlug(course.creator)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.creator);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${course.creator.slice(0, 40)}: no sideways scroll`).toBeLessThanOrEqual(0);
  }
});
