import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { cartHref, courseHref } from '@/lib/routes';
import { LOCAL_PRICE_TIMEOUT_MS } from '@/lib/local-prices';
import type { Course } from '@/lib/types';
import { expect, seedCart, test, waitForHydration } from './fixtures';
import { watchLayoutShifts } from './layout-shifts';
import { paddleCalls, stubPaddle } from './paddle-stub';

/*
 * The buyer's local price: `npm run build:hostile` sells through Paddle with PADDLE_LOCAL_PRICES=1
 * and the coupons of e2e/fixtures/coupons-launch.json (LAUNCH15, 15% off). The stub Paddle.js
 * (e2e/paddle-stub.ts) answers PricePreview in euros, tax included, as a buyer in Ireland would see.
 */

const courses = JSON.parse(readFileSync('e2e/fixtures/hostile-courses.json', 'utf8')) as (Course & {
  checkout: { paddle: string };
})[];
const [first, second] = courses as [(typeof courses)[0], (typeof courses)[0]];
const shopPrice = (course: Course) => `$${course.discounted_price.toFixed(2)}`;

const purchaseBox = (page: Page) => page.getByRole('complementary', { name: 'Purchase' });
const localLine = (page: Page) => purchaseBox(page).locator('p[class*="min-h-6"]');
const cartRow = (page: Page, course: Course) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="${courseHref(course.id)}"]`) });
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((n) => n.target.join(' ')) }))).toEqual(
    [],
  );
}

test("the course page shows the buyer's price with tax under the shop's, and 'Buy now' opens Paddle on the price id it previewed", async ({
  page,
}) => {
  const requested = await stubPaddle(page, { totals: { [first.checkout.paddle]: 1428 } });
  const cls = await watchLayoutShifts(page);
  await page.goto(courseHref(first.id));
  await waitForHydration(page);

  await expect(localLine(page)).toHaveText('Your local price: about ≈ €14.28 EUR incl. tax');
  await expect(purchaseBox(page).locator('.price')).toContainText(shopPrice(first));
  expect(await cls()).toBe(0);
  await expectAccessible(page);

  await purchaseBox(page).getByRole('button', { name: 'Buy now' }).click();
  await expect.poll(async () => (await paddleCalls(page))?.open.length).toBe(1);
  const calls = (await paddleCalls(page))!;
  expect(calls.preview).toEqual([{ items: [{ priceId: first.checkout.paddle, quantity: 1 }] }]);
  expect((calls.open[0] as { items: unknown }).items).toEqual(calls.preview[0]!.items);
  // One script and one Initialize for the preview and the overlay.
  expect(requested).toEqual(['https://cdn.paddle.com/paddle/v2/paddle.js']);
  expect(calls.initialize).toHaveLength(1);
});

test('Paddle.js is added only after the load event, never before the first paint', async ({ page }) => {
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && node.src.startsWith('https://cdn.paddle.com/'))
            (window as unknown as { __paddleAddedAt: number }).__paddleAddedAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(courseHref(first.id));
  await expect(localLine(page)).toContainText('incl. tax');
  const timing = await page.evaluate(() => ({
    added: (window as unknown as { __paddleAddedAt: number }).__paddleAddedAt,
    load: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
  }));
  expect(timing.load).toBeGreaterThan(0);
  expect(timing.added).toBeGreaterThanOrEqual(timing.load);
  expect(timing.added).toBeGreaterThan(timing.paint);
});

test("with a coupon link, the cart's rows and total show the buyer's price with the code's Paddle discount, and Checkout hands Paddle the same ids and the code", async ({
  page,
}) => {
  await stubPaddle(page, {
    totals: { [first.checkout.paddle]: 1428, [second.checkout.paddle]: 2499 },
    discounts: { dsc_01launch15: 15 },
  });
  const cls = await watchLayoutShifts(page);
  await seedCart(page, [{ courseID: first.id }, { courseID: second.id }]);
  await page.goto(`${cartHref}?coupon=launch15`);
  await waitForHydration(page);

  await expect(summary(page)).toContainText('Your local price: about ≈ €33.38 EUR incl. tax');
  await expect(cartRow(page, first)).toContainText('≈ €12.14 EUR incl. tax');
  await expect(cartRow(page, second)).toContainText('≈ €21.24 EUR incl. tax');
  // The shop's own prices stay, with the code's discount as the shop reckons it.
  await expect(page.getByRole('complementary', { name: 'Coupon' })).toContainText('Code LAUNCH15 applied.');
  await expect(summary(page).getByTestId('coupon-total')).toBeVisible();
  expect(await cls()).toBe(0);
  await expectAccessible(page);

  await summary(page).getByRole('button', { name: 'Checkout' }).click();
  await expect.poll(async () => (await paddleCalls(page))?.open.length).toBe(1);
  const calls = (await paddleCalls(page))!;
  // Previewed once the code was judged: one preview, never a price then another. The preview takes
  // the discount by its Paddle id (the coupons file's paddle_discount_id); the overlay, the code.
  expect(calls.preview).toEqual([
    {
      items: [
        { priceId: first.checkout.paddle, quantity: 1 },
        { priceId: second.checkout.paddle, quantity: 1 },
      ],
      discountId: 'dsc_01launch15',
    },
  ]);
  const opened = calls.open[0] as { items: unknown; discountCode?: string };
  expect(opened.items).toEqual(calls.preview[0]!.items);
  expect(opened.discountCode).toBe('LAUNCH15');
});

test.describe('when Paddle is blocked', () => {
  // The browser's own line for a blocked request is the one console message; the site adds none.
  test.use({
    allowedRequestFailures: /^https:\/\/cdn\.paddle\.com\/\S+ net::ERR_BLOCKED_BY_CLIENT/,
    allowedConsole: /^Failed to load resource: net::ERR_BLOCKED_BY_CLIENT/,
  });

  test("the course page and the cart keep the shop's prices, say nothing, and nothing moves", async ({ page }) => {
    await page.route('https://cdn.paddle.com/**', (route) => route.abort('blockedbyclient'));
    const cls = await watchLayoutShifts(page);
    await seedCart(page, [{ courseID: first.id }]);

    const blocked = page.waitForEvent('requestfailed', (request) =>
      request.url().startsWith('https://cdn.paddle.com/'),
    );
    await page.goto(courseHref(first.id));
    await waitForHydration(page);
    await blocked;
    await page.waitForTimeout(500);
    await expect(localLine(page)).toHaveText('');
    await expect(purchaseBox(page).locator('.price')).toContainText(shopPrice(first));
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
    expect(await cls()).toBe(0);

    const blockedAgain = page.waitForEvent('requestfailed', (r) => r.url().startsWith('https://cdn.paddle.com/'));
    await page.goto(cartHref);
    await waitForHydration(page);
    await blockedAgain;
    await page.waitForTimeout(500);
    await expect(cartRow(page, first)).toContainText(shopPrice(first));
    await expect(summary(page)).not.toContainText('Your local price');
    await expect(cartRow(page, first)).not.toContainText('Your local price');
    expect(await cls()).toBe(0);
  });
});

test("an answer slower than the time allowed leaves the shop's price, and is not shown when it comes", async ({
  page,
}) => {
  await stubPaddle(page, { delayMs: LOCAL_PRICE_TIMEOUT_MS + 2_000 });
  await page.goto(courseHref(first.id));
  await waitForHydration(page);
  await expect.poll(async () => (await paddleCalls(page))?.preview.length).toBe(1);
  // Past the time allowed, until the late answer has come.
  await expect
    .poll(async () => (await paddleCalls(page))?.answered, { timeout: LOCAL_PRICE_TIMEOUT_MS + 10_000 })
    .toBe(1);
  // Then a moment in which nothing must be shown (deliberately a wait).
  await page.waitForTimeout(500);
  await expect(localLine(page)).toHaveText('');
  await expect(purchaseBox(page).locator('.price')).toContainText(shopPrice(first));
});
