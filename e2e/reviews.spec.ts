import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { getCourse, getCourses, getReviews } from '@/lib/server/catalogue';
import { formatCount } from '@/lib/format';
import { formatRating } from '@/lib/rating';
import { countByStars, formatReviewDate, relativeAge, REVIEW_CLAMP_AFTER, REVIEWS_SHOWN, STARS } from '@/lib/reviews';
import { courseHref, reviewsHref, starReviewsHref } from '@/lib/routes';
import { serializeCart } from '@/lib/cart';
import { getCartIndex } from '@/test/helpers/cart-index';
import { expect, test } from './fixtures';

/*
 * 'Show all reviews' on the shipped catalogue: /courses/{id}/reviews/ lists every written review
 * of a course, newest first, and filters them by stars through the URL's fragment (CSS :target),
 * with or without JavaScript.
 */
const course = getCourse('py-101')!;
const reviews = getReviews(course.id);
const withoutReviews = getCourses().find((other) => getReviews(other.id).length === 0)!;

const items = (page: Page) => page.getByRole('region', { name: 'Reviews' }).locator(':scope > ul > li');
const filter = (page: Page) => page.getByRole('navigation', { name: 'Filter reviews by stars' });
const starsLabel = (stars: number, count: number) => `${stars} star${stars === 1 ? '' : 's'} (${formatCount(count)})`;

async function expectEveryReviewNewestFirst(page: Page) {
  await expect(items(page)).toHaveCount(reviews.length);
  for (const [index, review] of reviews.entries()) {
    const item = items(page).nth(index);
    await expect(item).toContainText(review.author);
    await expect(item.locator('time')).toHaveAttribute('datetime', review.date);
  }
  // Newest first: the dates never rise down the list.
  const dates = await items(page)
    .locator('time')
    .evaluateAll((times) => times.map((t) => t.getAttribute('datetime')!));
  expect(dates).toEqual([...dates].sort().reverse());
}

/** Clicks a star filter and checks that only the reviews of those stars remain visible. */
async function expectFilterShows(page: Page, stars: number) {
  const count = reviews.filter((review) => review.rating === stars).length;
  await filter(page)
    .getByRole('link', { name: starsLabel(stars, count) })
    .click();
  await expect(page).toHaveURL(starReviewsHref(course.id, stars, reviews.length));
  await expect(items(page).filter({ visible: true })).toHaveCount(count);
  for (const item of await items(page).all())
    if (await item.isVisible()) await expect(item).toHaveAttribute('data-rating', String(stars));
}

test('lists every written review of a course, newest first, with the count, a way back and its own title', async ({
  page,
}) => {
  await page.goto(reviewsHref(course.id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reviews of ${course.course_name}`);
  await expect(page.getByText(`${formatCount(reviews.length)} written reviews`, { exact: true })).toBeVisible();
  await expectEveryReviewNewestFirst(page);
  await expect(page).toHaveTitle(`Reviews of ${course.course_name} | Coursely`);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/courses\/py-101\/reviews\/$/);
  // One page: no pagination.
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

  await page.getByRole('link', { name: course.course_name, exact: true }).click();
  await expect(page).toHaveURL(courseHref(course.id));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.course_name);
});

test('offers a filter for each number of stars the reviews have, with its count, and filters by it', async ({
  page,
}) => {
  await page.goto(reviewsHref(course.id));
  const counts = countByStars(reviews);
  const offered = STARS.filter((_, index) => counts[index]! > 0);
  await expect(filter(page).getByRole('link')).toHaveText([
    `All (${reviews.length})`,
    ...offered.map((stars) => starsLabel(stars, counts[STARS.indexOf(stars)]!)),
  ]);
  for (const stars of offered) await expectFilterShows(page, stars);
  await filter(page).getByRole('link', { name: /^All/ }).click();
  await expect(page).toHaveURL(reviewsHref(course.id));
  await expect(items(page).filter({ visible: true })).toHaveCount(reviews.length);
});

/** The course page's 'Student feedback' leads to the reviews: a bar to its star's, the button to all. */
async function expectFeedbackLeadsToReviews(page: Page) {
  await page.goto(courseHref(course.id));
  const feedback = page.getByRole('region', { name: 'Student feedback' });
  await expect(feedback.getByText('Course Rating')).toBeVisible();
  const counts = countByStars(reviews);
  const stars = reviews[0]!.rating as (typeof STARS)[number];
  const bars = feedback.getByRole('list', { name: 'Ratings by stars' }).getByRole('listitem');
  await expect(bars).toHaveCount(5);
  // A bar is a link exactly when its star has written reviews.
  await expect(feedback.getByRole('list', { name: 'Ratings by stars' }).getByRole('link')).toHaveCount(
    counts.filter((count) => count > 0).length,
  );
  await bars.nth(STARS.indexOf(stars)).getByRole('link').click();
  await expect(page).toHaveURL(starReviewsHref(course.id, stars, reviews.length));
  await expect(items(page).filter({ visible: true })).toHaveCount(counts[STARS.indexOf(stars)]!);
  await page.goBack();
  await feedback.getByRole('link', { name: `Show all reviews (${reviews.length})` }).click();
  await expect(page).toHaveURL(reviewsHref(course.id));
  await expect(items(page)).toHaveCount(reviews.length);
}

/**
 * The course page shows the newest REVIEWS_SHOWN reviews, each with its author, stars, age and
 * text; a long one is clamped until 'Show more', and 'Show less' clamps it again.
 */
async function expectNewestReviews(page: Page) {
  // The first course whose newest reviews hold a long one (web-201 in the shipped catalogue).
  const clamped = getCourses().find((other) =>
    getReviews(other.id)
      .slice(0, REVIEWS_SHOWN)
      .some((review) => review.text.length > REVIEW_CLAMP_AFTER),
  )!;
  for (const shownOn of [course, clamped]) {
    await page.goto(courseHref(shownOn.id));
    const newest = page.getByRole('region', { name: 'Student feedback' }).locator('li[data-rating]');
    const shown = getReviews(shownOn.id).slice(0, REVIEWS_SHOWN);
    await expect(newest).toHaveCount(shown.length);
    for (const [index, review] of shown.entries()) {
      const item = newest.nth(index);
      await expect(item).toContainText(review.author);
      await expect(item.getByRole('img', { name: `Rated ${formatRating(review.rating)} out of 5` })).toBeVisible();
      await expect(item.locator('time')).toHaveAttribute('datetime', review.date);
      await expect(item.getByText(review.text)).toBeAttached();
      // 'Show more' only under a text long enough to be clamped.
      await expect(item.getByText('Show more', { exact: true })).toHaveCount(
        review.text.length > REVIEW_CLAMP_AFTER ? 1 : 0,
      );
    }
  }
  const long = newestLong(clamped.id);
  const item = page.getByRole('region', { name: 'Student feedback' }).locator('li[data-rating]').nth(long.index);
  const text = item.getByText(long.review.text);
  const height = (await text.boundingBox())!.height;
  await item.getByText('Show more', { exact: true }).click();
  await expect.poll(async () => (await text.boundingBox())!.height).toBeGreaterThan(height + 20);
  await item.getByText('Show less', { exact: true }).click();
  await expect.poll(async () => (await text.boundingBox())!.height).toBe(height);
}

/** The first long review among a course's newest, and where it is in them. */
function newestLong(id: string) {
  const shown = getReviews(id).slice(0, REVIEWS_SHOWN);
  const index = shown.findIndex((review) => review.text.length > REVIEW_CLAMP_AFTER);
  return { index, review: shown[index]! };
}

test("the course page's 'Student feedback' leads to a star's reviews and to all of them", async ({ page }) => {
  await expectFeedbackLeadsToReviews(page);
});

test("the course page shows the newest reviews, a long one behind 'Show more'", async ({ page }) => {
  await expectNewestReviews(page);
});

test('a course without written reviews shows its bars with no link to reviews it lacks', async ({ page }) => {
  await page.goto(courseHref(withoutReviews.id));
  const feedback = page.getByRole('region', { name: 'Student feedback' });
  await expect(feedback.getByRole('list', { name: 'Ratings by stars' }).getByRole('listitem')).toHaveCount(5);
  await expect(feedback.getByRole('link')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("the course page's 'Student feedback' leads to the reviews", async ({ page }) => {
    await expectFeedbackLeadsToReviews(page);
  });

  test("the course page shows the newest reviews, a long one behind 'Show more'", async ({ page }) => {
    await expectNewestReviews(page);
  });

  test('the page lists every review and the star filter works', async ({ page }) => {
    await page.goto(reviewsHref(course.id));
    await expectEveryReviewNewestFirst(page);
    const stars = reviews[0]!.rating;
    await expectFilterShows(page, stars);
    // Opened with the fragment, the page shows the filtered list at once.
    await page.goto(starReviewsHref(course.id, stars, reviews.length));
    await expect(items(page).filter({ visible: true })).toHaveCount(reviews.filter((r) => r.rating === stars).length);
  });
});

test('is a page made without Next: no script but its inline ones, no payload, and nothing asked for it', async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script' || r.url().includes('.txt')) scripts.push(r.url());
  });
  await page.goto(reviewsHref(course.id), { waitUntil: 'networkidle' });
  expect(scripts).toEqual([]);
  await expect(page.locator('script[src]')).toHaveCount(0);
  // The first-paint script and, after the list, the reviews' ages.
  await expect(page.locator('script:not([type])')).toHaveCount(2);
  // It never hydrates: what the navigation bar does there, the first-paint script does.
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  expect((await request.get(`${reviewsHref(course.id)}index.txt`)).status()).toBe(404);
});

test("says how long ago each review was from the reader's today, on the reviews page and the course page, the date in full as its title", async ({
  page,
}) => {
  // The HTML was built on another day: what it says is the date in full, whatever the day.
  const today = new Date('2027-02-03T10:00:00Z');
  await page.clock.setFixedTime(today);
  for (const url of [reviewsHref(course.id), courseHref(course.id)]) {
    await page.goto(url);
    for (const [index, review] of reviews.slice(0, REVIEWS_SHOWN).entries()) {
      const time = page.locator('.review time').nth(index);
      await expect(time).toHaveText(relativeAge(review.date, today));
      await expect(time).toHaveAttribute('title', formatReviewDate(review.date));
    }
  }
});

test('its navigation bar works from the first-paint script: counts, the categories menu and search', async ({
  page,
}) => {
  const index = getCartIndex();
  await page.addInitScript((cart) => localStorage.setItem('cart', cart), serializeCart([index[course.id]!]));
  await page.goto(reviewsHref(course.id));
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await banner.getByRole('button', { name: 'Open categories menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Python' }).click();
  await expect(page).toHaveURL('/category/python/');
  await page.goto(reviewsHref(course.id));
  const search = banner.getByRole('combobox');
  await search.fill('python');
  await search.press('Enter');
  await expect(page).toHaveURL('/search/?q=python');
});

test.describe('unknown reviews pages', () => {
  test.use({ allowedConsole: /404|\/no-such-course\/reviews\// });

  test('an unknown course, a course without reviews or a page past the end is the 404 page', async ({
    page,
    request,
  }) => {
    for (const path of [
      reviewsHref('no-such-course'),
      reviewsHref(withoutReviews.id),
      reviewsHref(course.id, { page: 2 }),
      `${reviewsHref(course.id)}1/`,
    ])
      expect((await request.get(path)).status(), path).toBe(404);
    await page.goto(reviewsHref('no-such-course'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/couldn.t find that page/);
  });
});

test('axe: zero violations, unfiltered and filtered', async ({ page }) => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  for (const href of [reviewsHref(course.id), starReviewsHref(course.id, reviews[0]!.rating, reviews.length)]) {
    await page.goto(href);
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(
      results.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((n) => n.target) })),
    ).toEqual([]);
  }
});
