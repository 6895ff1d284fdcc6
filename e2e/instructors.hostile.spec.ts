import { readFileSync } from 'node:fs';
import { instructorSlug } from '@/lib/instructors';
import { instructorHref } from '@/lib/routes';
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

// Its course's 'Created by' and Instructor section link here: e2e/course-page.hostile.spec.ts.
test('every creator has an instructor page that shows their name as text and never scrolls sideways', async ({
  page,
}) => {
  for (const course of creators) {
    await page.goto(instructorHref(instructorSlug(course.creator)));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.creator);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${course.creator.slice(0, 40)}: no sideways scroll`).toBeLessThanOrEqual(0);
  }
});
