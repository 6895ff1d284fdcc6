import type { Page } from '@playwright/test';
import { cartHref, courseHref } from '@/lib/routes';
import { expect, seedCart, test, waitForHydration } from './fixtures';
import { syntheticCourses } from './synthetic-catalogue';

/*
 * Selling through Shopify: `npm run build:synthetic` builds with CHECKOUT_PROVIDER=shopify and
 * SHOPIFY_STORE_DOMAIN=coursely-demo.myshopify.com, each synthetic course with a variant id. The
 * shop is played by a route that records where the browser went.
 */
const SHOP = 'https://coursely-demo.myshopify.com';
const courses = syntheticCourses();
const [a, b, c] = [courses[4]!, courses[120]!, courses[7]!];
const variant = (course: (typeof courses)[number]) => course.checkout!.shopify!;

async function stubShop(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.route(`${SHOP}/**`, (route) => {
    visited.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Shop</title><p>Shopify cart</p>' });
  });
  return visited;
}

test("Checkout goes to the shop's cart permalink with each variant in cart order, and Back finds the cart intact", async ({
  page,
}) => {
  const visited = await stubShop(page);
  await seedCart(page, [{ courseID: b.id }, { courseID: a.id }, { courseID: c.id }]);
  await page.goto(cartHref);
  await waitForHydration(page);
  const checkout = page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeEnabled();
  await checkout.click();
  await expect(page).toHaveURL(`${SHOP}/cart/${variant(b)}:1,${variant(a)}:1,${variant(c)}:1`);
  expect(visited).toHaveLength(1);

  await page.goBack();
  await expect(page).toHaveURL(cartHref);
  await expect(page.getByRole('heading', { name: '3 Course in Cart' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Checkout' }),
  ).toBeEnabled();
});

test("'Buy now' goes to the permalink of that one course", async ({ page }) => {
  await stubShop(page);
  await page.goto(courseHref(a.id));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(`${SHOP}/cart/${variant(a)}:1`);
});

test("a coupon link's code goes to the shop's cart permalink as ?discount=, for Shopify to judge", async ({ page }) => {
  // The build's coupons file (build:synthetic, COUPONS=e2e/fixtures/coupons-launch.json): LAUNCH15, 15% off.
  await stubShop(page);
  await seedCart(page, [{ courseID: b.id }, { courseID: a.id }]);
  await page.goto(`${cartHref}?couponCode=LAUNCH15`);
  await waitForHydration(page);
  await expect(page.getByRole('complementary', { name: 'Coupon' })).toContainText('Code LAUNCH15 applied.');
  const checkout = page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeEnabled();
  await checkout.click();
  await expect(page).toHaveURL(`${SHOP}/cart/${variant(b)}:1,${variant(a)}:1?discount=LAUNCH15`);
});
