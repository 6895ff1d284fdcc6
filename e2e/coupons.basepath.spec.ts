import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { getCourse } from '@/lib/server/catalogue';
import { expect, seedCart, test, waitForHydration } from './fixtures';
import { watchLayoutShifts } from './layout-shifts';
import { subpathPrice } from './shop-money';

/*
 * Coupon links on the sub-path build (npm run build:subpath: COUPONS=e2e/fixtures/coupons.json,
 * EUR as de-DE writes it, the form checkout): WELCOME20 is 20% off every course, PYTHON5 5 € off
 * py-101, SUMMER10 expired in 2020, FUTURE50 starts in 2099.
 */
const base = '/storefront';
const FORM_URL = 'https://pay.example.com/checkout';
const py101 = getCourse('py-101')!;
const py202 = getCourse('py-202')!;
const minor = (amount: number) => Math.round(amount * 100);
const euros = (minorUnits: number) => subpathPrice(minorUnits / 100);
const off20 = (amount: number) => minor(amount) - Math.round((minor(amount) * 20) / 100);

/** The checkout form's posts, answered with a stand-in payment page instead of reaching the provider. */
async function interceptFormPosts(page: Page): Promise<Request[]> {
  const posts: Request[] = [];
  await page.route(`${FORM_URL}**`, (route) => {
    posts.push(route.request());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Pay</title>' });
  });
  return posts;
}

test('a coupon link applies on cards, the course page and the cart total, and goes to the form checkout as a coupon field', async ({
  page,
}) => {
  const cls = await watchLayoutShifts(page);
  await page.goto(`${base}/category/python/?coupon=welcome20`);
  await waitForHydration(page);
  const notice = page.getByRole('complementary', { name: 'Coupon' });
  await expect(notice).toContainText('Code WELCOME20 applied. The final price is confirmed at checkout.');
  const card = page
    .locator('article.course-card')
    .filter({ has: page.getByRole('heading', { name: py101.course_name }) });
  await expect(card.locator('.price > span')).toHaveText(
    `Price with code WELCOME20 ${euros(off20(py101.discounted_price))}`,
  );
  await expect(card.locator('.price > del')).toHaveText(`Price without code ${subpathPrice(py101.discounted_price)}`);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/storefront\/category\/python\/$/);
  await page.waitForTimeout(500);
  expect(await cls()).toBe(0);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // The rest of the visit, without the parameter.
  await page.goto(`${base}/courses/${py101.id}/`);
  await waitForHydration(page);
  const purchase = page.getByRole('complementary', { name: 'Purchase' });
  await expect(purchase.locator('.price-lg > span')).toHaveText(
    `Price with code WELCOME20 ${euros(off20(py101.discounted_price))}`,
  );
  // The saving is the code's, from the price struck through to the price shown.
  await expect(purchase).toContainText(
    `20% off, you save ${euros(minor(py101.discounted_price) - off20(py101.discounted_price))}`,
  );
  // Search engines are told the shop's own price, in euros: a visitor's code is not an offer.
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((node) => JSON.parse(node.textContent ?? 'null')));
  expect(jsonLd.filter((thing) => thing?.['@type'] === 'Course').map((thing) => thing.offers)).toEqual([
    expect.objectContaining({ priceCurrency: 'EUR', price: py101.discounted_price.toFixed(2) }),
  ]);
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Add to cart/ })
    .first()
    .click();
  await expect(page).toHaveURL(`${base}/cart/`);
  const total = page.getByRole('region', { name: 'Order summary' });
  await expect(total.getByTestId('coupon-total')).toHaveText(
    `With code WELCOME20 ${euros(off20(py101.discounted_price))}`,
  );
  await expect(total.locator('del')).toHaveText(`Total without code ${subpathPrice(py101.discounted_price)}`);
  const row = page.getByRole('listitem').filter({ hasText: py101.course_name });
  await expect(row.getByText(/^Price with code/)).toHaveCount(1);
  await expect(row.locator('del')).toHaveText(`Price without code ${subpathPrice(py101.discounted_price)}`);

  const posts = await interceptFormPosts(page);
  await total.getByRole('button', { name: 'Checkout' }).click();
  await expect.poll(() => posts.length).toBe(1);
  const fields = new URLSearchParams(posts[0]!.postData() ?? '');
  expect(fields.getAll('course')).toEqual([py101.id]);
  expect(fields.get('coupon')).toBe('WELCOME20');
  expect([...fields.keys()].sort()).toEqual(['coupon', 'course', 'return_url']);
});

test('a code for one course lowers that course only; Remove restores every price', async ({ page }) => {
  await page.goto(`${base}/category/python/?couponCode=PYTHON5`);
  await waitForHydration(page);
  const cardOf = (name: string) =>
    page
      .locator('article.course-card')
      .filter({ has: page.getByRole('heading', { name }) })
      .locator('.price');
  await expect(cardOf(py101.course_name).locator('> span')).toHaveText(
    `Price with code PYTHON5 ${euros(minor(py101.discounted_price) - 500)}`,
  );
  await expect(cardOf(py202.course_name).locator('> span')).toHaveText(
    `Current price ${subpathPrice(py202.discounted_price)}`,
  );
  await page.getByRole('button', { name: 'Remove code PYTHON5' }).click();
  await expect(cardOf(py101.course_name).locator('> span')).toHaveText(
    `Current price ${subpathPrice(py101.discounted_price)}`,
  );
  await expect(page.getByRole('complementary', { name: 'Coupon' })).toHaveCount(0);
  // Gone for the rest of the visit (the address still holds the link's code: opening it again applies it).
  await page.goto(`${base}/courses/${py101.id}/`);
  await waitForHydration(page);
  await expect(page.getByRole('main').locator('.price-lg > span')).toHaveText(
    `Current price ${subpathPrice(py101.discounted_price)}`,
  );
  await expect(page.locator('[data-coupon=applied]')).toHaveCount(0);
});

for (const width of [390, 1280])
  test(`the cart with a code at ${width} px: its total changes in place, with no shift and no axe violation, and Remove restores it`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const cls = await watchLayoutShifts(page);
    await seedCart(page, [{ courseID: py101.id }, { courseID: py202.id }]);
    await page.goto(`${base}/cart/?coupon=welcome20`);
    await waitForHydration(page);
    const total = page.getByRole('region', { name: 'Order summary' });
    const sum = minor(py101.discounted_price) + minor(py202.discounted_price);
    await expect(total.getByTestId('coupon-total')).toHaveText(
      `With code WELCOME20 ${euros(off20(py101.discounted_price) + off20(py202.discounted_price))}`,
    );
    await expect(total.locator('del')).toHaveText(`Total without code ${euros(sum)}`);
    await page.waitForTimeout(500);
    expect(await cls()).toBe(0);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    await page.getByRole('button', { name: 'Remove code WELCOME20' }).click();
    await expect(total).toContainText(`Total: ${euros(sum)}`);
    await expect(total.locator('del')).toHaveCount(0);
    await expect(page.getByRole('main').getByText(/^Price with code/)).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Coupon' })).toHaveCount(0);
  });

test('an expired code, or one not yet started, says so and changes no price', async ({ page }) => {
  for (const [code, words] of [
    ['SUMMER10', 'The code SUMMER10 has expired. Prices are unchanged.'],
    ['FUTURE50', 'The code FUTURE50 is not valid yet. Prices are unchanged.'],
    ['NOSUCHCODE', 'The code NOSUCHCODE is not valid here. Prices are unchanged.'],
  ]) {
    await page.goto(`${base}/courses/${py101.id}/?coupon=${code}`);
    await waitForHydration(page);
    await expect(page.getByRole('complementary', { name: 'Coupon' })).toContainText(words!);
    await expect(page.getByRole('main').locator('.price-lg > span')).toHaveText(
      `Current price ${subpathPrice(py101.discounted_price)}`,
    );
    await expect(page.locator('[data-coupon=applied]')).toHaveCount(0);
  }
});

test('the export names no code in clear, and the sitemap carries no coupon', async ({ request }) => {
  const rules = await (await request.get(`${base}/coupons.json`)).text();
  for (const code of ['WELCOME20', 'PYTHON5', 'SUMMER10', 'FUTURE50']) expect(rules.toUpperCase()).not.toContain(code);
  expect(JSON.parse(rules)).toHaveLength(4);
  const sitemap = await (await request.get(`${base}/sitemap.xml`)).text();
  expect(sitemap).not.toMatch(/coupon/i);
});

test('an expired code stays out of the checkout: the form gets the courses and no coupon field', async ({ page }) => {
  await page.goto(`${base}/courses/${py101.id}/?coupon=SUMMER10`);
  await waitForHydration(page);
  await expect(page.getByRole('complementary', { name: 'Coupon' })).toContainText('has expired');
  const posts = await interceptFormPosts(page);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect.poll(() => posts.length).toBe(1);
  const fields = new URLSearchParams(posts[0]!.postData() ?? '');
  expect(fields.getAll('course')).toEqual([py101.id]);
  expect(fields.has('coupon')).toBe(false);
});
