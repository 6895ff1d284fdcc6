import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { serializeCart } from '@/lib/cart';
import { toCartItem } from '@/lib/server/catalogue';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { cartHref, categoryHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { expect, test, waitForHydration } from './fixtures';

/*
 * The cart against the 300-course build (`npm run build:synthetic` → out-synth/): categories
 * have several pages, and no page carries the catalogue, so the cart must fetch what it shows.
 */

const courses = JSON.parse(readFileSync('.synthetic/courses-300.json', 'utf8')) as Course[];
const PAGE_SIZE = 24;
const python = courses.filter((course) => course.category === 'python');
const onPage3 = python[2 * PAGE_SIZE]!;

const rows = (page: Page) => page.getByRole('main').getByRole('listitem');
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

test('a course added from a category’s page 3 is in the cart, priced, and can be removed', async ({ page }) => {
  await page.goto(`${categoryHref('python')}page/3/`);
  await waitForHydration(page);
  await page.getByRole('link', { name: `Add to cart: ${onPage3.course_name}` }).click();

  await expect(page).toHaveURL(cartHref);
  await expect(page.getByRole('heading', { name: '1 Course in Cart' })).toBeVisible();
  await expect(rows(page).getByRole('heading')).toHaveText([onPage3.course_name]);
  await expect(summary(page)).toContainText(`Total: ${formatPrice(toMinorUnits(onPage3.discounted_price))}`);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

  await page.getByRole('button', { name: `Remove ${onPage3.course_name}` }).click();
  await expect(page.getByText('No items found in the cart.')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
});

test('a price and name tampered with in storage never show: the catalogue’s do', async ({ page }) => {
  const course = python.at(-1)!;
  const tampered = JSON.stringify([{ ...toCartItem(course), discounted_price: 0.01, course_name: 'Free course!' }]);
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('cart', value);
  }, tampered);
  await page.goto(cartHref);

  await expect(rows(page).getByRole('heading')).toHaveText([course.course_name]);
  await expect(summary(page)).toContainText(`Total: ${formatPrice(toMinorUnits(course.discounted_price))}`);
  await expect(page.getByText('Free course!')).toHaveCount(0);
  await expect(page.getByText('$0.01')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(serializeCart([toCartItem(course)]));
});

test('no page carries the catalogue for the cart: the cart page’s HTML names no course', async ({ request }) => {
  const html = await (await request.get(cartHref)).text();
  expect(courses.filter((course) => html.includes(course.course_name))).toEqual([]);
});
