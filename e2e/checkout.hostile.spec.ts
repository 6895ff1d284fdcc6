import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { cartHref, categoryHref, courseHref, homeHref } from '@/lib/routes';
import { checkoutCompleteHref } from '@/lib/checkout';
import type { Course } from '@/lib/types';
import { expect, seedCart, test, waitForHydration } from './fixtures';
import { paddleCalls, stubPaddle } from './paddle-stub';

/*
 * Selling through Paddle: `npm run build:hostile` builds with CHECKOUT_PROVIDER=paddle and a
 * test_ token, every course of e2e/fixtures/hostile-courses.json with a price id. Paddle.js is
 * never fetched from Paddle here: a stub served for https://cdn.paddle.com records what the site
 * asks of it (Environment.set, Initialize, Checkout.open).
 */

const courses = JSON.parse(readFileSync('e2e/fixtures/hostile-courses.json', 'utf8')) as (Course & {
  checkout: { paddle: string };
})[];
const [first, second, third] = courses as [(typeof courses)[0], (typeof courses)[0], (typeof courses)[0]];

const TOKEN = 'test_0coursely0e2e0token';

const savedIds = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('cart') ?? '[]') as { courseID: string }[]).map((e) => e.courseID),
  );

const checkoutButton = (page: Page) =>
  page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: /^(Checkout|Opening checkout…)$/ });

async function openCart(page: Page) {
  await page.goto(cartHref);
  await waitForHydration(page);
  await expect(checkoutButton(page)).toBeEnabled();
}

/** No axe violation (WCAG 2.2 AA and best practice) in the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) })),
  ).toEqual([]);
}

const cspOf = (page: Page) =>
  page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content') as Promise<string>;

test.describe('with a course the catalogue lacks in the cart', () => {
  // Its shard answers 404: the cart's own way of hearing "no such course".
  test.use({ allowedConsole: /\/cart-items\/[0-9a-f]{2}\.json|status of 404/ });

  test('Checkout opens one Paddle overlay with every price id in cart order, and nothing else', async ({ page }) => {
    const requested = await stubPaddle(page);
    // This build also previews local prices once the page is idle (e2e/local-prices.hostile.spec.ts),
    // which loads Paddle.js then: kept idle-less here, so that what is checked is the handoff alone.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    // Out of catalogue order, a course the catalogue lacks in the middle, and a price cut in storage.
    await seedCart(page, [
      { courseID: third.id },
      { courseID: 'no-such-course' },
      { courseID: first.id, discounted_price: 0.01 },
    ]);
    await openCart(page);
    expect(requested, 'Paddle.js waits for the first press').toEqual([]);

    await checkoutButton(page).dblclick();
    await expect.poll(async () => (await paddleCalls(page))?.open.length).toBe(1);
    await page.waitForTimeout(300);

    const calls = (await paddleCalls(page))!;
    expect(requested).toEqual(['https://cdn.paddle.com/paddle/v2/paddle.js']);
    expect(calls.environment).toEqual(['sandbox']);
    expect(calls.initialize).toEqual([{ token: TOKEN }]);
    expect(calls.open).toEqual([
      {
        items: [
          { priceId: third.checkout.paddle, quantity: 1 },
          { priceId: first.checkout.paddle, quantity: 1 },
        ],
        settings: { displayMode: 'overlay', successUrl: new URL(checkoutCompleteHref, page.url()).href },
      },
    ]);
    await expect(checkoutButton(page)).toHaveText('Checkout');
  });
});

test("a coupon link's code goes to Paddle's overlay as discountCode, for Paddle to judge, and no price with it", async ({
  page,
}) => {
  // The build's coupons file (build:hostile, COUPONS=e2e/fixtures/coupons-launch.json): LAUNCH15, 15% off.
  await stubPaddle(page);
  await seedCart(page, [{ courseID: first.id }]);
  await page.goto(`${cartHref}?coupon=launch15`);
  await waitForHydration(page);
  await expect(page.getByRole('complementary', { name: 'Coupon' })).toContainText('Code LAUNCH15 applied.');
  await expect(checkoutButton(page)).toBeEnabled();
  await checkoutButton(page).click();
  await expect.poll(async () => (await paddleCalls(page))?.open.length).toBe(1);
  expect((await paddleCalls(page))!.open).toEqual([
    {
      items: [{ priceId: first.checkout.paddle, quantity: 1 }],
      settings: { displayMode: 'overlay', successUrl: new URL(checkoutCompleteHref, page.url()).href },
      discountCode: 'LAUNCH15',
    },
  ]);
});

test.describe('when Paddle.js cannot load', () => {
  test.use({ allowedRequestFailures: /cdn\.paddle\.com/, allowedConsole: /cdn\.paddle\.com|Failed to load resource/ });

  test('the cart stays, a message says what happened and what to try, and the button works again', async ({ page }) => {
    await page.route('https://cdn.paddle.com/**', (route) => route.abort('blockedbyclient'));
    await seedCart(page, [{ courseID: first.id }, { courseID: second.id }]);
    await openCart(page);
    const before = await page.evaluate(() => localStorage.getItem('cart'));

    await checkoutButton(page).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('The payment window could not load');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('blocker');
    await expectAccessible(page);
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(before);
    expect(await page.evaluate(() => localStorage.getItem('checkout-pending'))).toBeNull();

    await page.unroute('https://cdn.paddle.com/**');
    await stubPaddle(page);
    await checkoutButton(page).click();
    await expect.poll(async () => (await paddleCalls(page))?.open.length).toBe(1);
  });

  test('offline, Checkout says a connection is needed', async ({ page, context }) => {
    await stubPaddle(page);
    await seedCart(page, [{ courseID: first.id }]);
    await openCart(page);
    // The idle-time preview of local prices (this build's) has fetched what it needs first.
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('incl. tax');
    await context.setOffline(true);
    await checkoutButton(page).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(/Checkout needs a connection/);
    expect(await savedIds(page)).toEqual([first.id]);
    await context.setOffline(false);
  });
});

test('the complete page takes exactly the handed-off courses out of the cart, once', async ({ page }) => {
  await stubPaddle(page);
  await seedCart(page, [{ courseID: first.id }, { courseID: second.id }]);
  await openCart(page);
  await checkoutButton(page).click();
  await expect.poll(async () => (await paddleCalls(page))?.open.length).toBe(1);

  // Cancelled: back on the cart, nothing has changed.
  await page.goto(cartHref);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: '2 Course in Cart' })).toBeVisible();

  // A course added after the handoff is not part of the order.
  await page.goto(courseHref(third.id));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(cartHref);
  await expect(page.getByRole('heading', { name: '3 Course in Cart' })).toBeVisible();

  await page.goto(checkoutCompleteHref);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const bought = page.getByRole('main').getByRole('listitem');
  await expect(bought).toHaveText([first.course_name, second.course_name]);
  expect(await savedIds(page)).toEqual([third.id]);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Keep browsing' })).toHaveAttribute('href', homeHref);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing to confirm' })).toBeVisible();
  expect(await savedIds(page)).toEqual([third.id]);
  await expectAccessible(page);
});

test("'Buy now' hands off that one course and leaves the cart as it is", async ({ page }) => {
  await stubPaddle(page);
  await seedCart(page, [{ courseID: first.id }]);
  await page.goto(courseHref(second.id));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect.poll(async () => (await paddleCalls(page))?.open.length).toBe(1);
  expect(((await paddleCalls(page))!.open[0] as { items: unknown }).items).toEqual([
    { priceId: second.checkout.paddle, quantity: 1 },
  ]);
  expect(await savedIds(page)).toEqual([first.id]);
});

test("Paddle's checkout frame may use payment (Apple Pay, Google Pay): served and shipped headers delegate it", async ({
  request,
}) => {
  const policy = (await request.get(cartHref)).headers()['permissions-policy']!;
  expect(policy).toContain('payment=(self "https://sandbox-buy.paddle.com")');
  expect(policy).toMatch(/(^|, )camera=\(\)/);
  // What the server sends is what the export's _headers tells Netlify or Cloudflare to send.
  expect(readFileSync('out-hostile/_headers', 'utf8')).toContain(`\n  Permissions-Policy: ${policy}\n`);
});

test("Paddle's origins are allowed only on the pages that hand off", async ({ page }) => {
  for (const path of [cartHref, courseHref(first.id)]) {
    await page.goto(path);
    const csp = await cspOf(page);
    expect(csp).toContain("script-src 'self' https://cdn.paddle.com ");
    expect(csp).toContain('frame-src https://sandbox-buy.paddle.com;');
  }
  for (const path of [homeHref, categoryHref(first.category), checkoutCompleteHref, '/search/', '/wishlist/']) {
    await page.goto(path);
    expect(await cspOf(page), path).not.toContain('paddle');
  }
});
