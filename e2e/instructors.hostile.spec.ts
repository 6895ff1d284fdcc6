import { readFileSync } from 'node:fs';
import { instructorSlug } from '@/lib/instructors';
import { courseHref, instructorHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { expect, test } from './fixtures';

/*
 * Instructor pages of the hostile catalogue (out-hostile/): creators with markup, right-to-left
 * and CJK scripts, emoji and a 200-character name. Each arrives as text, on a page of its own.
 */
const courses = JSON.parse(readFileSync('e2e/fixtures/hostile-courses.json', 'utf8')) as Course[];
const creators = [...new Map(courses.map((course) => [course.creator, course])).values()];

test("every creator's name links from its course ('Created by') to an instructor page that shows it as text", async ({
  page,
}) => {
  for (const course of creators) {
    await page.goto(courseHref(course.id));
    const link = page.getByRole('link', { name: course.creator, exact: true }).first();
    await expect(link).toHaveAttribute('href', instructorHref(instructorSlug(course.creator)));
    await page.goto(instructorHref(instructorSlug(course.creator)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.creator);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${course.creator.slice(0, 40)}: no sideways scroll`).toBeLessThanOrEqual(0);
  }
});
