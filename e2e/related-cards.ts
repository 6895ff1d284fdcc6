import type { Page } from '@playwright/test';
import { getCategoryLabel } from '@/lib/server/catalogue';
import { courseHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { cardIds, expect } from './fixtures';

const RELATED_COUNT = 4;

/** Opens `course`'s page and checks its 'More in {category}' (expectRelatedOnPage). */
export async function expectRelatedCourses(page: Page, course: Course, catalogue: readonly Course[]) {
  await page.goto(courseHref(course.id));
  return expectRelatedOnPage(page, course, catalogue);
}

/**
 * Checks the open course page's 'More in {category}': up to four other courses of its category
 * from `catalogue` (all of them when it has fewer), never the course itself, each a card whose
 * heading sits under the section's and whose 'See details' leads to that course's page.
 * Returns the ids offered, in order.
 */
export async function expectRelatedOnPage(page: Page, course: Course, catalogue: readonly Course[]) {
  const siblings = catalogue.filter((other) => other.category === course.category && other.id !== course.id);
  const name = `More in ${getCategoryLabel(course.category)}`;
  const section = page.getByRole('region', { name });
  if (siblings.length === 0) {
    await expect(section, `${course.id}: nothing else in its category`).toHaveCount(0);
    return [];
  }
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(name);
  await expect(section.getByRole('article')).toHaveCount(Math.min(RELATED_COUNT, siblings.length));
  const ids = await cardIds(page, section);
  expect(ids, `${course.id} offers itself`).not.toContain(course.id);
  expect(new Set(ids).size, `${course.id}: each course once`).toBe(ids.length);
  for (const id of ids)
    expect(
      siblings.map((other) => other.id),
      `${course.id} offers ${id}, of another category`,
    ).toContain(id);
  for (const [index, id] of ids.entries()) {
    const card = section.getByRole('article').nth(index);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(catalogue.find((c) => c.id === id)!.course_name);
    await expect(card.getByRole('link', { name: /^See details/ })).toHaveAttribute('href', courseHref(id));
  }
  return ids;
}
