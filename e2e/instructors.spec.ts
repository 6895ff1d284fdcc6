import type { Page } from '@playwright/test';
import {
  getCourse,
  getInstructor,
  getInstructorCourses,
  getInstructors,
  getInstructorTotals,
} from '@/lib/server/catalogue';
import { formatCount } from '@/lib/format';
import { courseHref, instructorHref } from '@/lib/routes';
import { cardIds, expect, test, waitForHydration } from './fixtures';

/*
 * Instructors on the shipped catalogue: every creator has a page at /instructors/{slug}/ with
 * their totals, bio and courses, reached from 'Created by' and the course page's 'Instructor'.
 */
const maya = getInstructor('maya-lindqvist')!;

test('"Created by" on a course page leads to its instructor, whose page lists their courses with their totals', async ({
  page,
}) => {
  const course = getCourse('py-101')!;
  await page.goto(courseHref(course.id));
  await waitForHydration(page);
  await page.getByRole('link', { name: course.creator, exact: true }).first().click();
  await expect(page).toHaveURL(instructorHref(maya.slug));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(maya.name);
  await expect(page.getByText(maya.headline!, { exact: true })).toBeVisible();
  const totals = getInstructorTotals(maya.slug);
  for (const text of [
    `${formatCount(totals.courses)} course${totals.courses === 1 ? '' : 's'}`,
    `${formatCount(totals.students)} students`,
    `${formatCount(totals.ratings)} ratings`,
  ])
    await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^${text}$`) })).toBeVisible();
  expect(await cardIds(page)).toEqual(getInstructorCourses(maya.slug).map((c) => c.id));
  await expect(page).toHaveTitle(`${maya.name} | Coursely`);
});

test("the course page's Instructor section shows the instructor, their totals and bio, and leads to their page", async ({
  page,
}) => {
  await page.goto(courseHref('py-101'));
  const section = page.getByRole('region', { name: 'Instructor' });
  await expect(section.getByRole('heading', { level: 3 })).toHaveText(maya.name);
  await expect(section.getByText(maya.headline!, { exact: true })).toBeVisible();
  const totals = getInstructorTotals(maya.slug);
  await expect(section.getByRole('listitem')).toHaveText([
    `${formatCount(totals.courses)} course${totals.courses === 1 ? '' : 's'}`,
    `${formatCount(totals.students)} students`,
    `${formatCount(totals.ratings)} ratings`,
  ]);
  for (const paragraph of maya.bio) await expect(section.getByText(paragraph)).toBeAttached();
  await section.getByRole('link', { name: maya.name }).click();
  await expect(page).toHaveURL(instructorHref(maya.slug));
});

// Each instructor page's Person in JSON-LD and its canonical URL: e2e/every-page.spec.ts.
test('every instructor page is in the sitemap', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const instructor of getInstructors()) {
    expect(sitemap).toContain(`/instructors/${instructor.slug}/</loc>`);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const [where, href] of [
    ['their page', instructorHref(maya.slug)],
    ["a course page's Instructor section", courseHref('py-101')],
  ] as const)
    test(`'Show more' shows the whole bio on ${where}, and 'Show less' clamps it again`, async ({ page }) => {
      await page.goto(href);
      await expectBioOpens(page);
    });
});

/** The bio is clamped; 'Show more' shows all of it, 'Show less' clamps it again. */
async function expectBioOpens(page: Page) {
  const bio = page.locator('p', { hasText: maya.bio[0]!.slice(0, 40) }).locator('..');
  // The bio and its 'Show more' (a course page has others, under long reviews).
  const box = bio.locator('..');
  const clamped = (await bio.boundingBox())!.height;
  await box.getByText('Show more', { exact: true }).click();
  await expect(box.getByText('Show less', { exact: true })).toBeVisible();
  await expect.poll(async () => (await bio.boundingBox())!.height).toBeGreaterThan(clamped + 20);
  await box.getByText('Show less', { exact: true }).click();
  await expect.poll(async () => (await bio.boundingBox())!.height).toBe(clamped);
}

test('an unknown instructor or page is the 404 page', async ({ request }) => {
  for (const path of [
    '/instructors/nobody/',
    `${instructorHref(maya.slug)}page/1/`,
    `${instructorHref(maya.slug)}page/2/`,
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
