import type { Page } from '@playwright/test';
import {
  getCategories,
  getCategoryLabel,
  getCourses,
  getCoursesByCategory,
  getInstructors,
  getReviews,
  type Instructor,
} from '@/lib/server/catalogue';
import { formatCount, formatLanguages, toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import {
  formatCardFacts,
  formatCurriculumSummary,
  formatDuration,
  formatSectionLength,
  summarizeCurriculum,
  toSections,
} from '@/lib/curriculum';
import { formatRating } from '@/lib/rating';
import { cartHref, categoryHref, courseHref, homeHref, instructorHref } from '@/lib/routes';
import { absoluteUrl, ogImagePath } from '@/lib/server/seo';
import type { Course } from '@/lib/types';
import { expect, test, waitForHydration } from './fixtures';
import { expectNoAxeViolations, expectQuietHydration, recordTransitions } from './page-checks';
import { expectRelatedOnPage } from './related-cards';

/*
 * Every page of the shipped catalogue, loaded once, with all that is checked of it as a visitor
 * first gets it: its metadata (was seo.spec.ts), its content (pages.spec.ts), its structured data
 * (seo.spec.ts), a course's 'More in {category}' (related.spec.ts), no player without a preview and
 * py-101's curriculum figures (course-page.spec.ts), axe (a11y.spec.ts), and on a few pages the
 * landmarks and skip link (a11y.spec.ts) and a quiet hydration (first-paint.spec.ts).
 * Each page was loaded by up to five tests; a load and its hydration cost more than the checks.
 * Pages in another state (a filled cart, an open menu, another tab) have their own tests.
 */
const courses = getCourses();
const categories = getCategories();

/** The shipped course with a preview, whose curriculum and level are checked figure by figure. */
const PREVIEWED = courses.find((course) => course.id === 'py-101')!;
/** Pages checked for landmarks, a skip link and one h1. */
const STRUCTURE = new Set(['/', '/category/aws/', '/courses/des-101/', '/cart/']);
/** Pages checked for a hydration with no transition or animation running (the rest: first-paint.spec.ts). */
const QUIET_HYDRATION = new Set(['/', '/category/python/', '/courses/py-101/', '/cart/']);

// SPEC §9, worked out by hand rather than with lib/rating: a star is full at or above its
// number, half from half a star below it. The ratings are the fixture's (data/courses.json).
const STARS: [id: string, category: string, rating: string, icons: string[]][] = [
  ['mkt-102', 'marketing', '5.0', ['full', 'full', 'full', 'full', 'full']],
  ['py-301', 'python', '4.8', ['full', 'full', 'full', 'full', 'half']],
  ['py-102', 'python', '4.5', ['full', 'full', 'full', 'full', 'half']],
  ['web-102', 'web development', '4.4', ['full', 'full', 'full', 'full', 'empty']],
  ['ds-202', 'data science', '4.0', ['full', 'full', 'full', 'full', 'empty']],
  ['py-202', 'python', '3.9', ['full', 'full', 'full', 'half', 'empty']],
];

test.describe('home page', () => {
  test(`${homeHref}: banner, tabs, cards and tiles, its metadata, a quiet hydration, no axe violation, landmarks and a skip link`, async ({
    page,
  }) => {
    await load(page, homeHref);
    await test.step('metadata', () => expectMetadata(page, homeHref, 'Coursely | Online video courses'));
    await test.step('the banner, the tabbed selection and the category tiles', async () => {
      await expect(page).toHaveTitle(/Coursely/);
      await expect(page.getByRole('heading', { level: 1, name: 'Save big. Learn big.' })).toBeVisible();
      const banner = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
      await expect(banner).toContainText('$9.99');
      await expect(banner).toContainText('Aug. 31');
      await expect(banner).toContainText('204,000');
      await expect(page.getByRole('heading', { level: 2, name: 'A broad selection of courses' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Top Categories' })).toBeVisible();
    });
    await test.step('one tab per category in the spec order, python selected at start', async () => {
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveText(categories.map(getCategoryLabel));
      expect(categories).toEqual(['python', 'web development', 'data science', 'aws', 'design', 'marketing']);
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('heading', { level: 3 })).toHaveText(
        getCoursesByCategory('python').map((course) => course.course_name),
      );
    });
    await test.step('every tab holds all its courses of the shipped catalogue, with no "See all" link', async () => {
      const panels = page.locator('[role="tabpanel"]');
      await expect(panels).toHaveCount(categories.length);
      for (const [index, category] of categories.entries()) {
        await expect(panels.nth(index).locator('article')).toHaveCount(getCoursesByCategory(category).length);
      }
      await expect(page.locator('[role="tabpanel"] a', { hasText: /^See all/ })).toHaveCount(0);
    });
    await test.step('a course card shows every field of the spec', async () => {
      for (const course of getCoursesByCategory('python')) {
        const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: course.course_name }) });
        await expect(card).toContainText(course.creator);
        await expect(
          card.getByRole('img', { name: `Rated ${formatRating(course.rating_star)} out of 5` }),
        ).toBeVisible();
        await expect(card.locator('[data-stars]')).toHaveCount(1);
        await expect(card).toContainText(`(${formatCount(course.rating_count)} ratings)`);
        await expect(card).toContainText(formatPrice(toMinorUnits(course.discounted_price)));
        await expect(card.locator('del')).toContainText(formatPrice(toMinorUnits(course.actual_price)));
        await expect(card.getByRole('link', { name: /^See details/ })).toHaveAttribute('href', courseHref(course.id));
        await expect(card.getByRole('link', { name: /^Add to cart/ })).toBeVisible();
        const image = card.locator('img');
        await expect(image).toHaveAttribute('width', '480');
        await expect(image).toHaveAttribute('height', '270');
      }
    });
    await test.step(`${PREVIEWED.id}'s card shows its length, lectures and level`, async () => {
      const summary = summarizeCurriculum(PREVIEWED.content)!;
      const card = page.getByRole('tabpanel').getByRole('article').filter({ hasText: PREVIEWED.course_name });
      await expect(card).toContainText(formatCardFacts(summary, PREVIEWED.level)!);
      await expect(card).toContainText('5.5 hours · 37 lectures · Beginner');
    });
    await finish(page, homeHref);
    await test.step('category tiles show an image and the name and link to the category page', async () => {
      const tiles = page.getByRole('region', { name: 'Top Categories' }).getByRole('link');
      await expect(tiles).toHaveCount(categories.length);
      for (const [index, category] of categories.entries()) {
        const tile = tiles.nth(index);
        await expect(tile).toHaveText(getCategoryLabel(category));
        await expect(tile).toHaveAttribute('href', categoryHref(category));
        const image = tile.locator('img');
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
      }
    });
  });
});

test.describe('category pages', () => {
  for (const category of categories) {
    const path = categoryHref(category);
    test(`${path}: loads directly and lists its courses, its metadata and ItemList, its cards' stars, no axe violation`, async ({
      page,
    }) => {
      const response = await load(page, path);
      expect(response?.status()).toBe(200);
      await test.step('metadata', () => expectMetadata(page, path, `${getCategoryLabel(category)} courses | Coursely`));
      await test.step('lists its courses', async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${getCategoryLabel(category)} courses`);
        await expect(page).toHaveTitle(new RegExp(getCategoryLabel(category)));
        await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(
          getCoursesByCategory(category).map((course) => course.course_name),
        );
      });
      await test.step('its courses as an ItemList in JSON-LD', async () => {
        const data = await jsonLd(page);
        const listed = getCoursesByCategory(category);
        expect(data).toMatchObject({ '@type': 'ItemList', numberOfItems: listed.length });
        expect((data.itemListElement as { url: string }[]).map((item) => item.url)).toEqual(
          listed.map((course) => absoluteUrl(courseHref(course.id))),
        );
      });
      for (const [id, , rating, icons] of STARS.filter((entry) => entry[1] === category))
        await test.step(`a ${rating} rating shows ${icons.join(', ')} (${id})`, () =>
          expectStars(page, id, rating, icons));
      if (category === 'python')
        await test.step('with at most 24 courses, a category is one page: no pagination nav', async () => {
          await expect(page.getByRole('main').getByRole('article')).toHaveCount(getCoursesByCategory('python').length);
          await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
          await expect(
            page.getByText(`${getCoursesByCategory('python').length} courses to get you started.`),
          ).toBeVisible();
        });
      await finish(page, path);
    });
  }
});

test.describe('course pages', () => {
  for (const course of courses) {
    const path = courseHref(course.id);
    test(`${path}: loads directly with every detail, its metadata and Course JSON-LD, more of its category, no axe violation`, async ({
      page,
    }) => {
      const response = await load(page, path);
      expect(response?.status()).toBe(200);
      await test.step('metadata', () => expectMetadata(page, path, `${course.course_name} | Coursely`, course.id));
      await test.step('every detail', () => expectCourseDetails(page, course));
      await test.step('a Course in JSON-LD, with its Offer in USD and the site as provider', () =>
        expectCourseJsonLd(page, course));
      await test.step("'More in {category}': up to four other courses of its category, never itself", () =>
        expectRelatedOnPage(page, course, courses));
      if (!course.preview)
        await test.step('a course without a preview has no preview button or player', async () => {
          await expect(page.getByRole('button', { name: 'Preview this course' })).toHaveCount(0);
          await expect(page.locator('dialog video')).toHaveCount(0);
        });
      if (course.id === PREVIEWED.id) await expectCurriculumFacts(page);
      await finish(page, path);
    });
  }
});

test.describe('instructor pages', () => {
  for (const instructor of getInstructors()) {
    const path = instructorHref(instructor.slug);
    test(`${path}: its metadata and a Person in JSON-LD`, async ({ page }) => {
      await load(page, path);
      await test.step('metadata', () => expectMetadata(page, path, `${instructor.name} | Coursely`));
      await test.step('a Person in JSON-LD', () => expectPersonJsonLd(page, instructor));
    });
  }
});

test.describe('cart page', () => {
  test(`${cartHref} when empty: its metadata, a quiet hydration, no axe violation, landmarks and a skip link`, async ({
    page,
  }) => {
    await load(page, cartHref);
    await test.step('metadata', () => expectMetadata(page, cartHref, 'Shopping Cart | Coursely'));
    await expect(page.getByText('No items found in the cart.')).toBeVisible();
    await finish(page, cartHref);
  });
});

/** Opens `path`; on the pages checked for a quiet hydration, records transitions and animations from the start. */
async function load(page: Page, path: string) {
  if (QUIET_HYDRATION.has(path)) await recordTransitions(page);
  return page.goto(path);
}

/** What is checked of every page but the instructors' once it has hydrated: quiet hydration, axe, structure. */
async function finish(page: Page, path: string) {
  await waitForHydration(page);
  if (QUIET_HYDRATION.has(path))
    await test.step('hydrates and reads the saved lists with no transition or animation running', () =>
      expectQuietHydration(page));
  await test.step('axe: zero violations', () => expectNoAxeViolations(page));
  if (STRUCTURE.has(path))
    await test.step('landmarks, a skip link and one h1', async () => {
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
    });
}

/**
 * Its title, a description, a canonical URL and link-preview tags; a course page shares its own
 * image, every other page the default one.
 */
async function expectMetadata(page: Page, path: string, title: string, courseId?: string) {
  await expect(page).toHaveTitle(title);
  const head = page.locator('head');
  const url = absoluteUrl(path);
  await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /^\S.{19,}$/);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /\S/);
  await expect(head.locator('meta[property="og:description"]')).toHaveAttribute('content', /\S/);
  await expect(head.locator('meta[property="og:site_name"]')).toHaveAttribute('content', 'Coursely');
  await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', /^(website|article)$/);
  await expect(head.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(head.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  await expect(head.locator('meta[property="og:image:type"]')).toHaveAttribute('content', 'image/jpeg');
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');

  const ogImage = await head.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toMatch(/^https?:\/\/[^/]+\/.+\.jpg$/);
  expect(ogImage, 'its own image on a course page, the default one elsewhere').toBe(absoluteUrl(ogImagePath(courseId)));
  await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute('content', ogImage!);
}

async function expectCourseDetails(page: Page, course: Course) {
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(course.course_name)}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.course_name);
  const header = page.locator('main > div').first();
  await expect(header.getByRole('link', { name: getCategoryLabel(course.category), exact: true })).toBeVisible();
  await expect(header).toContainText(course.description);
  await expect(header.getByRole('img', { name: `Rated ${formatRating(course.rating_star)} out of 5` })).toBeVisible();
  await expect(header).toContainText(`${formatCount(course.students)} students`);
  await expect(header).toContainText(`Created by ${course.creator}`);
  await expect(header).toContainText(`Last updated ${course.updated_date}`);
  await expect(header).toContainText(formatLanguages(course.lang));
  await expect(header).toContainText('[Auto]');
  await expect(header).toContainText(formatPrice(toMinorUnits(course.discounted_price)));
  await expect(header.locator('del')).toContainText(formatPrice(toMinorUnits(course.actual_price)));
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  const learn = page.getByRole('region', { name: "What you'll learn", exact: true });
  await expect(learn.getByRole('listitem')).toHaveText([...course.what_you_will_learn]);
  const content = page.getByRole('region', { name: 'Course content' });
  // Each section's row starts with its number and title (its lectures follow when listed).
  await expect(content.locator(':scope > ol > li')).toHaveText(
    toSections(course.content).map(
      ({ title }, index) => new RegExp(`^Section ${index + 1}${escapeRegExp(title)}(\\d|$)`),
    ),
  );
}

/** py-101's curriculum totals, level and length, on the page and in its JSON-LD (was course-page.spec.ts). */
async function expectCurriculumFacts(page: Page) {
  const course = PREVIEWED;
  const summary = summarizeCurriculum(course.content)!;
  await test.step('the curriculum sums sections, lectures and length, and shows each section’s count and length', async () => {
    const content = page.getByRole('region', { name: 'Course content' });
    await expect(content).toContainText(formatCurriculumSummary(summary));
    expect(formatCurriculumSummary(summary)).toMatch(/^8 sections • 37 lectures • 5h 44m total length$/);
    await expect(content.locator('summary')).toHaveText(
      toSections(course.content).map(
        (section, index) => `Section ${index + 1}${section.title}${formatSectionLength(section.length!)}`,
      ),
    );
  });
  await test.step('the level and total length beside the language', async () => {
    const header = page.locator('main > div').first();
    await expect(header.getByRole('listitem').filter({ hasText: 'Level:' })).toHaveText(`Level: ${course.level}`);
    await expect(header).toContainText(`${formatDuration(summary.minutes)} total length`);
    expect(course.level).toBe('Beginner');
  });
  await test.step('described for search engines: an online instance with its workload, level and language', async () => {
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = scripts
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((d) => d['@type'] === 'Course');
    expect(data).toMatchObject({
      educationalLevel: 'Beginner',
      inLanguage: 'en',
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'online', courseWorkload: 'PT5H44M' },
      offers: { '@type': 'Offer', category: 'Paid', price: '12.99', priceCurrency: 'USD' },
      // Its breakdown and written reviews are on the page ('Student feedback'), so it is rated.
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.7, ratingCount: 48210 },
    });
  });
}

async function jsonLd(page: Page) {
  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const text = (await scripts.textContent()) ?? '';
  expect(text, 'no raw "<" that could close the script').not.toContain('<');
  return JSON.parse(text) as Record<string, unknown>;
}

async function expectCourseJsonLd(page: Page, course: Course) {
  const data = await jsonLd(page);
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.course_name,
    description: course.description,
    url: absoluteUrl(courseHref(course.id)),
    provider: { '@type': 'Organization', name: 'Coursely' },
    offers: { '@type': 'Offer', price: course.discounted_price.toFixed(2), priceCurrency: 'USD' },
  });
  const written = getReviews(course.id).length;
  if (course.rating_breakdown || written > 0)
    expect(data.aggregateRating, course.id).toEqual({
      '@type': 'AggregateRating',
      ratingValue: course.rating_star,
      ratingCount: Math.max(course.rating_count, written),
      ...(written > 0 ? { reviewCount: written } : {}),
    });
  else expect(JSON.stringify(data), `${course.id}: rated without feedback`).not.toMatch(/aggregateRating/i);
  // Its newest five reviews, each one the page shows (structured data only of what a reader sees).
  const reviews = (data.review ?? []) as { author: { name: string }; reviewBody: string }[];
  expect(
    reviews.map((review) => review.author.name),
    course.id,
  ).toEqual(
    getReviews(course.id)
      .slice(0, 5)
      .map((review) => review.author),
  );
  const feedback = page.getByRole('region', { name: 'Student feedback' });
  for (const review of reviews) await expect(feedback.getByText(review.reviewBody)).toBeAttached();
}

async function expectPersonJsonLd(page: Page, instructor: Instructor) {
  const data = await jsonLd(page);
  expect(data).toMatchObject({
    '@type': 'Person',
    name: instructor.name,
    ...(instructor.headline ? { jobTitle: instructor.headline } : {}),
  });
}

/** The card of course `id` shows `rating` as the five `icons`. */
async function expectStars(page: Page, id: string, rating: string, icons: string[]) {
  const card = page.getByRole('article').filter({ has: page.locator(`a[href$="/courses/${id}/"]`) });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('img', { name: `Rated ${rating} out of 5` })).toBeVisible();
  // The five icons are one element: outlines across, filled stars cut to the stars shown.
  const stars = card.locator('[data-stars]');
  await expect(stars).toHaveCount(1);
  const shown = icons.filter((icon) => icon === 'full').length + icons.filter((icon) => icon === 'half').length / 2;
  await expect(stars).toHaveAttribute('data-stars', String(shown));
  const painted = await stars.evaluate((element) => ({
    outlines: getComputedStyle(element, '::before').width,
    filled: getComputedStyle(element, '::after').width,
    icon: getComputedStyle(element).height,
  }));
  expect(painted).toEqual({ outlines: '70px', filled: `${shown * 14}px`, icon: '14px' });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
