import { readFileSync } from 'node:fs';
import { courseHref, reviewsHref } from '@/lib/routes';
import { newestFirst } from '@/lib/reviews';
import type { Review } from '@/lib/schema';
import { expect, refuseDialogs, test } from './fixtures';

/*
 * Reviews of the hostile catalogue (out-hostile/): markup and script in authors and texts,
 * right-to-left and CJK scripts, emoji, a 200-character word and a 5,000-character review. Each
 * arrives as text, runs nothing, wraps inside the page and, when long, is clamped behind 'Show more',
 * on 'Show all reviews' and, for the newest, on the course page.
 */
const reviews = JSON.parse(readFileSync('e2e/fixtures/hostile-reviews.json', 'utf8')) as Review[];
const courses = [...new Set(reviews.map((review) => review.course))];
const longest = reviews.reduce((a, b) => (b.text.length > a.text.length ? b : a));

test.use({ viewport: { width: 390, height: 844 } });

// The newest of them on each course page: e2e/course-page.hostile.spec.ts, with its creator.
test("every review shows its author and text as text on 'Show all reviews', runs nothing, and never scrolls the page sideways", async ({
  page,
}) => {
  const dialogs = refuseDialogs(page);
  const items = page.getByRole('region', { name: 'Reviews' }).locator(':scope > ul > li');
  for (const course of courses) {
    const href = reviewsHref(course);
    const listed = newestFirst(reviews.filter((review) => review.course === course));
    await page.goto(href);
    await expect(items).toHaveCount(listed.length);
    for (const review of listed) {
      const item = items.filter({ hasText: review.author.trim() }).first();
      await expect(item, `${href}: ${review.author.slice(0, 30)}`).toBeVisible();
      // What looks like markup is text: no element came of it.
      expect(await item.locator('img, b, a, script').count()).toBe(0);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${href}: no sideways scroll`).toBeLessThanOrEqual(0);
  }
  expect(dialogs).toEqual([]);
});

test('a right-to-left review reads right to left', async ({ page }) => {
  const arabic = reviews.find((review) => review.course === 'arabic-python')!;
  await page.goto(reviewsHref(arabic.course));
  const text = page.getByText(arabic.text.trim().slice(0, 20), { exact: false }).first();
  await expect(text).toHaveAttribute('dir', 'auto');
  expect(await text.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
});

test("the 5,000-character review is clamped, and 'Show more' shows all of it", async ({ page }) => {
  await page.goto(reviewsHref(longest.course));
  const item = page.locator('li[data-rating]').filter({ hasText: longest.author });
  const text = item.locator('p[dir="auto"]').last();
  const clamped = await text.evaluate((element) => element.getBoundingClientRect().height);
  expect(clamped).toBeLessThan(200);
  await item.getByText('Show more').click();
  await expect(item.getByText('Show less')).toBeVisible();
  const open = await text.evaluate((element) => element.getBoundingClientRect().height);
  expect(open).toBeGreaterThan(clamped * 5);
});

test("a hostile course's 'Student feedback' leads to its reviews", async ({ page }) => {
  const course = courses[0]!;
  await page.goto(courseHref(course));
  const feedback = page.getByRole('region', { name: 'Student feedback' });
  const own = reviews.filter((review) => review.course === course).length;
  await feedback.getByRole('link', { name: `Show all reviews (${own})` }).click();
  await expect(page).toHaveURL(reviewsHref(course));
});
