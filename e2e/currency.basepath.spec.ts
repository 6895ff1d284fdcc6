import { getCourse, getCoursesByCategory } from '@/lib/server/catalogue';
import { expect, test, waitForHydration, requireSubpathBuild } from './fixtures';
import { SUBPATH_CURRENCY, subpathPrice } from './shop-money';

/*
 * The sub-path build sells in euros, written as de-DE writes them (npm run build:subpath:
 * SHOP_CURRENCY=EUR SHOP_LOCALE=de-DE): every price it shows, and the Offer search engines read,
 * is in that currency and format, with no US dollar left over.
 */
const base = '/storefront';
const python = getCoursesByCategory('python');
const py101 = getCourse('py-101')!;

test.beforeAll(requireSubpathBuild);

/** '12,99 €': a comma before two decimals and a no-break space before the euro sign. */
const DE_EURO = /^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/;

test('a card shows its prices in euros as de-DE writes them', async ({ page }) => {
  await page.goto(`${base}/category/python/`);
  const first = python[0]!;
  const card = page
    .locator('article.course-card')
    .filter({ has: page.getByRole('heading', { name: first.course_name }) });
  const price = card.locator('.price');
  await expect(price.locator('> span')).toHaveText(`Current price ${subpathPrice(first.discounted_price)}`);
  await expect(price.locator('del')).toHaveText(`Original price ${subpathPrice(first.actual_price)}`);
  expect(subpathPrice(first.discounted_price)).toMatch(DE_EURO);
  await expect(page.getByRole('main')).not.toContainText('$');
});

test('the course page shows its price, list price and saving in euros, and offers it in EUR', async ({ page }) => {
  await page.goto(`${base}/courses/${py101.id}/`);
  const main = page.getByRole('main');
  await expect(main.locator('.price-lg > span')).toHaveText(`Current price ${subpathPrice(py101.discounted_price)}`);
  await expect(main.locator('.price-lg del')).toHaveText(`Original price ${subpathPrice(py101.actual_price)}`);
  await expect(main).toContainText(
    `you save ${subpathPrice(Math.round((py101.actual_price - py101.discounted_price) * 100) / 100)}`,
  );
  await expect(main).not.toContainText('$');

  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((node) => JSON.parse(node.textContent ?? 'null')));
  const offers = jsonLd.filter((thing) => thing?.['@type'] === 'Course').map((thing) => thing.offers);
  expect(offers).toEqual([
    expect.objectContaining({ priceCurrency: SUBPATH_CURRENCY, price: py101.discounted_price.toFixed(2) }),
  ]);
});

test('the cart totals in euros as de-DE writes them', async ({ page }) => {
  const [first, second] = python;
  for (const course of [first!, second!]) {
    await page.goto(`${base}/courses/${course.id}/`);
    await waitForHydration(page);
    await page.getByRole('button', { name: /Add to cart/ }).click();
    await expect(page).toHaveURL(`${base}/cart/`);
  }
  const total = Math.round((first!.discounted_price + second!.discounted_price) * 100) / 100;
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(`Total: ${subpathPrice(total)}`);
  expect(subpathPrice(total)).toMatch(DE_EURO);
  for (const course of [first!, second!])
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: course.course_name })).toContainText(
      subpathPrice(course.discounted_price),
    );
  await expect(page.getByRole('main')).not.toContainText('$');
});

test("the price filter's bands are round amounts of euros", async ({ page }) => {
  await page.goto(`${base}/category/python/`);
  await waitForHydration(page);
  const price = page.getByRole('group', { name: 'Price' });
  for (const label of ['Under 10\u00a0€', '10\u00a0€ to 15\u00a0€', '15\u00a0€ to 20\u00a0€', '20\u00a0€ & up'])
    // An accessible name's no-break spaces may come back as spaces.
    await expect(
      price.getByRole('checkbox', { name: new RegExp(`^${label.replaceAll('\u00a0', '\\s')} \\(\\d+\\)$`) }),
    ).toBeAttached();
  await expect(price).not.toContainText('$');
});

test("the banner's sale price and the footer speak of euros", async ({ page }) => {
  await page.goto(`${base}/`);
  await expect(page.getByRole('region', { name: 'Save big. Learn big.' })).toContainText(
    `Courses from ${subpathPrice(9.99)} for a limited time.`,
  );
  await expect(page.getByRole('contentinfo')).toContainText('Prices in euros.');
  expect(await page.locator('body').innerText()).not.toContain('$');
});

test('a search result shows its prices in euros', async ({ page }) => {
  const course = getCourse('aws-301')!;
  await page.goto(`${base}/search/?q=terraform`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('1 result for "terraform"');
  const price = page.getByRole('main').getByRole('article').locator('.price');
  await expect(price.locator('> span')).toHaveText(`Current price ${subpathPrice(course.discounted_price)}`);
  await expect(price.locator('del')).toHaveText(`Original price ${subpathPrice(course.actual_price)}`);
});
