import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { formatCardFacts, summarizeCurriculum } from '@/lib/curriculum';
import { LENGTH_BANDS } from '@/lib/filters';
import { sortCourses, type SortKey } from '@/lib/sort';
import type { Course } from '@/lib/types';
import { cardIds, expect, test, waitForHydration } from './fixtures';
import { filterMatching, syntheticCourses, type Choice } from './synthetic-catalogue';

/*
 * Listing filters on the 300-course synthetic build (`npm run build:synthetic` → out-synth/,
 * python: 120 courses, 5 pages). Every expected count and order is computed here from the
 * catalogue file the build was made from.
 */
const python = syntheticCourses().filter((course) => course.category === 'python');

/** The python courses the choices leave. */
function matching(choice: Choice, from: readonly Course[] = python): Course[] {
  return filterMatching(from, choice);
}

/** Sums the page's layout shifts from its start (read with layoutShifts). */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function layoutShifts(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}

const courseCount = (count: number) => `${count} ${count === 1 ? 'course' : 'courses'}`;

function countLine(page: Page) {
  return page.getByRole('main').locator('p[aria-live="polite"]');
}

/** The desktop sidebar's panel, once it has loaded its counts. */
async function openListing(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('group', { name: 'Rating' })).toBeVisible();
}

function option(page: Page, group: string, label: string) {
  const name = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d+\\)$`);
  return page.getByRole('group', { name: group }).getByRole(group === 'Rating' ? 'radio' : 'checkbox', { name });
}

const ids = (list: readonly Course[]) => list.map((course) => course.id);

test.describe('listing filters', () => {
  test('each option shows how many python courses it leaves, as the catalogue says', async ({ page }) => {
    await openListing(page, '/category/python/');
    for (const [value, label] of [
      ['4.5', '4.5 & up'],
      ['4.0', '4.0 & up'],
      ['3.5', '3.5 & up'],
    ]) {
      const count = matching({ rating: [value!] }).length;
      await expect(option(page, 'Rating', label!)).toHaveAccessibleName(`${label} (${count})`);
    }
    for (const language of ['English', 'Spanish', 'German', 'French', 'Portuguese']) {
      await expect(option(page, 'Language', language)).toHaveAccessibleName(
        `${language} (${matching({ lang: [language] }).length})`,
      );
    }
    await expect(option(page, 'Price', 'Under $10')).toHaveAccessibleName(
      `Under $10 (${matching({ price: ['0-10'] }).length})`,
    );
    await expect(page.getByRole('group', { name: 'Level' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Length' })).toBeVisible();
  });

  test('a rating filters the list, the count line and the address', async ({ page }) => {
    await openListing(page, '/category/python/');
    const expected = matching({ rating: ['4.5'] });
    await option(page, 'Rating', '4.5 & up').check();
    await expect(countLine(page)).toHaveText(courseCount(expected.length));
    await expect(page).toHaveURL(/\/category\/python\/\?rating=4\.5$/);
    expect(await cardIds(page)).toEqual(ids(expected).slice(0, 24));
    // The count line is the first 'N courses' on the page.
    const text = await page.locator('body').innerText();
    expect(/([\d,]+) courses?\b/.exec(text)?.[1]).toBe(String(expected.length));
    // Focus stays on the choice.
    await expect(option(page, 'Rating', '4.5 & up')).toBeFocused();
    // A filtered card is the listing's card: its facts line (length, lectures, level) too.
    const first = expected[0]!;
    await expect(page.getByRole('main').getByRole('article').first().locator('.card-by')).toHaveText([
      first.creator,
      formatCardFacts(first.content && summarizeCurriculum(first.content), first.level)!,
    ]);
  });

  test('languages combine with OR, groups with AND, and counts follow the other choices', async ({ page }) => {
    await openListing(page, '/category/python/');
    await option(page, 'Language', 'Spanish').check();
    await expect(countLine(page)).toHaveText(courseCount(matching({ lang: ['Spanish'] }).length));
    await option(page, 'Language', 'German').check();
    const either = matching({ lang: ['Spanish', 'German'] });
    await expect(countLine(page)).toHaveText(courseCount(either.length));
    // Within Language, each count is that language given the other groups' choices (none yet).
    await expect(option(page, 'Language', 'French')).toHaveAccessibleName(
      `French (${matching({ lang: ['French'] }).length})`,
    );

    await option(page, 'Price', '$10 to $15').check();
    const combined = matching({ lang: ['Spanish', 'German'], price: ['10-15'] });
    await expect(countLine(page)).toHaveText(courseCount(combined.length));
    await expect(page).toHaveURL(/\?lang=German&lang=Spanish&price=10-15$/);
    await expect(option(page, 'Language', 'French')).toHaveAccessibleName(
      `French (${matching({ lang: ['French'], price: ['10-15'] }).length})`,
    );
    await expect(option(page, 'Rating', '4.5 & up')).toHaveAccessibleName(
      `4.5 & up (${matching({ lang: ['Spanish', 'German'], price: ['10-15'], rating: ['4.5'] }).length})`,
    );
    expect(await cardIds(page)).toEqual(ids(combined).slice(0, 24));
  });

  test('an option that would leave nothing is disabled, not hidden', async ({ page }) => {
    await openListing(page, '/category/python/');
    const bands = LENGTH_BANDS.map((band) => ({ band, count: matching({ length: [band.value] }).length }));
    const none = bands.find(({ count }) => count === 0);
    const some = bands.find(({ count }) => count > 0);
    expect(none && some).toBeTruthy();
    await expect(option(page, 'Length', none!.band.label)).toBeDisabled();
    await expect(option(page, 'Length', none!.band.label)).toHaveAccessibleName(`${none!.band.label} (0)`);
    await expect(option(page, 'Length', some!.band.label)).toBeEnabled();
  });

  test('Clear filters brings the whole listing back', async ({ page }) => {
    await openListing(page, '/category/python/?rating=4.5&lang=Spanish');
    await expect(countLine(page)).toHaveText(courseCount(matching({ rating: ['4.5'], lang: ['Spanish'] }).length));
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(countLine(page)).toHaveText('120 courses to get you started. Showing 1–24.');
    await expect(page).toHaveURL(/\/category\/python\/$/);
    expect(await cardIds(page)).toEqual(ids(python).slice(0, 24));
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  test('filtered matches page 24 at a time in the listing order', async ({ page }) => {
    const sort: SortKey = 'price-asc';
    const expected = sortCourses(matching({ rating: ['4.0'] }), sort);
    expect(expected.length).toBeGreaterThan(24);
    await openListing(page, `/category/python/sort/${sort}/`);
    await option(page, 'Rating', '4.0 & up').check();
    await expect(countLine(page)).toHaveText(courseCount(expected.length));
    expect(await cardIds(page)).toEqual(ids(expected).slice(0, 24));

    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('link', { name: /^Page \d+$/ })).toHaveCount(Math.ceil(expected.length / 24));
    await nav.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/sort\/price-asc\/\?rating=4\.0&page=2$/);
    await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => cardIds(page)).toEqual(ids(expected).slice(24, 48));

    // The sort keeps the filters, from page 1.
    await page.getByLabel('Sort by').selectOption('rating');
    await expect(page).toHaveURL(/\/sort\/rating\/\?rating=4\.0$/);
    await expect
      .poll(() => cardIds(page))
      .toEqual(ids(sortCourses(matching({ rating: ['4.0'] }), 'rating')).slice(0, 24));
  });

  test('a shared link and a reload keep the filters; back walks through the changes', async ({ page }) => {
    const expected = matching({ rating: ['4.5'], lang: ['Spanish'] });
    await openListing(page, '/category/python/?rating=4.5&lang=Spanish');
    await expect(countLine(page)).toHaveText(courseCount(expected.length));
    await expect(option(page, 'Rating', '4.5 & up')).toBeChecked();
    await expect(option(page, 'Language', 'Spanish')).toBeChecked();
    await page.reload();
    await expect(countLine(page)).toHaveText(courseCount(expected.length));
    expect(await cardIds(page)).toEqual(ids(expected).slice(0, 24));

    await option(page, 'Language', 'English').check();
    await expect(countLine(page)).toHaveText(
      courseCount(matching({ rating: ['4.5'], lang: ['English', 'Spanish'] }).length),
    );
    await page.goBack();
    await expect(page).toHaveURL(/\?rating=4\.5&lang=Spanish$/);
    await expect(countLine(page)).toHaveText(courseCount(expected.length));
    await expect(option(page, 'Language', 'English')).not.toBeChecked();
  });

  for (const search of ['?rating=9', '?lang=Klingon', '?rating=4.5&page=x', '?price=%E0%A4%A']) {
    test(`a malformed address (${search}) shows the unfiltered listing`, async ({ page }) => {
      await openListing(page, `/category/python/${search}`);
      await expect(countLine(page)).toHaveText('120 courses to get you started. Showing 1–24.');
      expect(await cardIds(page)).toEqual(ids(python).slice(0, 24));
      await expect(page.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
    });
  }

  test('axe: no violations with the panel on a wide screen', async ({ page }) => {
    // axe walks every card and the whole panel: on a busy 2-core machine it ran past the default timeout.
    test.slow();
    await openListing(page, '/category/python/?rating=4.0');
    await expect(countLine(page)).toHaveText(courseCount(matching({ rating: ['4.0'] }).length));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});

test.describe('listing filters before and without the index', () => {
  test('the panel works from the keyboard', async ({ page }) => {
    await openListing(page, '/category/python/');
    await option(page, 'Language', 'French').focus();
    await page.keyboard.press('Space');
    await expect(countLine(page)).toHaveText(courseCount(matching({ lang: ['French'] }).length));
    await expect(option(page, 'Language', 'French')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(option(page, 'Language', 'German')).toBeFocused();
  });

  test('the first filter costs at most 200 KB with the runtime, a later change at most 50 KB (cover images aside)', async ({
    page,
  }) => {
    // Each request counts towards the step in which the page asked for it. The tag is taken when the
    // request starts; its size arrives later (`sizes()` is asynchronous), so a bundle the page asked
    // for while loading never lands in the first filter's sum, however slow the machine.
    type Step = 'load' | 'first filter' | 'later change';
    let step: Step = 'load';
    const started = new Map<Request, Step>();
    const bytes: Record<Step, number> = { load: 0, 'first filter': 0, 'later change': 0 };
    const pending: Promise<void>[] = [];
    const searchIndex: string[] = [];
    page.on('request', (request) => started.set(request, step));
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'image') return;
      // The category's own word-free index answers, never the search index's words or metadata.
      if (/\/pagefind\/(index\/|pagefind\.)/.test(request.url()) && !request.url().endsWith('/pagefind/pagefind.js'))
        searchIndex.push(request.url());
      const at = started.get(request) ?? step;
      pending.push(
        request.sizes().then((sizes) => {
          bytes[at] += sizes.responseBodySize + sizes.responseHeadersSize;
        }),
      );
    });
    const settled = async (at: Step) => {
      // Let every response that has finished report its size before reading the step's sum.
      await Promise.all(pending);
      console.log(`${at}: ${(bytes[at] / 1024).toFixed(1)} KB`);
      return bytes[at];
    };
    await page.goto('/category/python/');
    await waitForHydration(page);
    step = 'first filter';
    await option(page, 'Rating', '4.5 & up').check();
    await expect(countLine(page)).toHaveText(courseCount(matching({ rating: ['4.5'] }).length));
    expect(await settled('first filter')).toBeLessThan(200 * 1024);
    step = 'later change';
    await option(page, 'Language', 'Spanish').check();
    await expect(countLine(page)).toHaveText(courseCount(matching({ rating: ['4.5'], lang: ['Spanish'] }).length));
    expect(await settled('later change')).toBeLessThan(50 * 1024);
    expect(searchIndex).toEqual([]);
  });

  test('a visitor who never filters loads no Pagefind: the panel counts from the build’s overview', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await openListing(page, '/category/python/');
    await expect(option(page, 'Language', 'Spanish')).toHaveAccessibleName(
      `Spanish (${matching({ lang: ['Spanish'] }).length})`,
    );
    expect(fetched.filter((path) => path.includes('/pagefind/'))).toEqual(['/pagefind/filters/python/overview.json']);
    // A pointer on the panel starts loading the category's index, ahead of a choice.
    await page.getByRole('group', { name: 'Rating' }).hover();
    await expect.poll(() => fetched.filter((path) => path.endsWith('/pagefind.js')).length).toBe(1);
  });

  test('nothing moves when the filters appear', async ({ page }) => {
    await recordLayoutShifts(page);
    await openListing(page, '/category/python/');
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
    expect(await layoutShifts(page)).toBe(0);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a category page is the static listing, with no filters', async ({ page }) => {
      await page.goto('/category/python/?rating=4.5');
      await expect(countLine(page)).toHaveText('120 courses to get you started. Showing 1–24.');
      await expect(page.getByRole('group', { name: 'Rating' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
      expect(await cardIds(page)).toEqual(ids(python).slice(0, 24));
    });
  });

  test.describe('offline, with no index cached', () => {
    test.use({
      allowedRequestFailures: /\/pagefind\/.* net::ERR_FAILED$/,
      allowedConsole: /Failed to load resource|pagefind/,
    });

    test('the panel says filtering needs a connection and the listing stays', async ({ page }) => {
      await page.route('**/pagefind/**', (route) => route.abort('failed'));
      await page.goto('/category/python/');
      await waitForHydration(page);
      await expect(page.getByText('Filtering needs a connection.')).toBeVisible();
      await expect(countLine(page)).toHaveText('120 courses to get you started. Showing 1–24.');
      expect(await cardIds(page)).toEqual(ids(python).slice(0, 24));
    });
  });
});

test.describe('listing filters on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Filters button opens the panel and shows how many filters are active', async ({ page }) => {
    await recordLayoutShifts(page);
    await page.goto('/category/python/');
    await waitForHydration(page);
    const button = page.getByRole('button', { name: /^Filters/ });
    await expect(button).toBeEnabled();
    // Its box was in the static page: appearing moved nothing.
    expect(await layoutShifts(page)).toBe(0);
    await expect(page.getByRole('group', { name: 'Rating' })).toBeHidden();
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: /^4\.5 & up/ }).check();
    await dialog.getByRole('checkbox', { name: /^Spanish/ }).check();
    const count = matching({ rating: ['4.5'], lang: ['Spanish'] }).length;
    await expect(dialog.getByRole('button', { name: `Show ${courseCount(count)}` })).toBeVisible();

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toHaveAccessibleName('Filters 2 active');
    await expect(button).toBeFocused();
    await expect(countLine(page)).toHaveText(courseCount(count));
  });
});
