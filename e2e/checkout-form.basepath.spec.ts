import type { Page, Request } from '@playwright/test';
import { getCourse } from '@/lib/server/catalogue';
import { expect, seedCart, test, waitForHydration } from './fixtures';

/*
 * Selling through the shop's own endpoint: `npm run build:subpath` builds under /storefront with
 * CHECKOUT_PROVIDER=form and CHECKOUT_FORM_URL=https://pay.example.com/checkout. The endpoint is
 * played by a route that records the POST and answers as a shop's would: a redirect, here
 * straight to the return_url it was given.
 */
const base = '/storefront';
const FORM_URL = 'https://pay.example.com/checkout';
const [py101, py202, aws101] = [getCourse('py-101')!, getCourse('py-202')!, getCourse('aws-101')!];

/** Plays the shop's endpoint: records each request and redirects to the return URL. */
async function stubEndpoint(page: Page): Promise<Request[]> {
  const posts: Request[] = [];
  await page.route(`${FORM_URL}**`, (route) => {
    posts.push(route.request());
    const returnUrl = new URLSearchParams(route.request().postData() ?? '').get('return_url') ?? '';
    return route.fulfill({ status: 303, headers: { location: returnUrl } });
  });
  return posts;
}

const savedIds = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('cart') ?? '[]') as { courseID: string }[]).map((e) => e.courseID),
  );

test.describe('with a course the catalogue lacks in the cart', () => {
  // Its shard answers 404: the cart's own way of hearing "no such course".
  test.use({ allowedConsole: /\/cart-items\/[0-9a-f]{2}\.json|status of 404/ });

  test('Checkout posts the course ids in cart order to the form URL, and the return page takes them out of the cart', async ({
    page,
  }) => {
    const posts = await stubEndpoint(page);
    await seedCart(page, [{ courseID: py202.id }, { courseID: 'no-such-course' }, { courseID: py101.id }]);
    await page.goto(`${base}/cart/`);
    await waitForHydration(page);
    const checkout = page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Checkout' });
    await expect(checkout).toBeEnabled();
    await checkout.click();

    await expect(page).toHaveURL(`${base}/checkout/complete/`);
    expect(posts).toHaveLength(1);
    const post = posts[0]!;
    expect(post.method()).toBe('POST');
    expect(post.url()).toBe(FORM_URL);
    const returnUrl = new URL(`${base}/checkout/complete/`, page.url()).href;
    expect(post.postData()).toBe(
      new URLSearchParams([
        ['course', py202.id],
        ['course', py101.id],
        ['return_url', returnUrl],
      ]).toString(),
    );

    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveText([py202.course_name, py101.course_name]);
    expect(await savedIds(page)).toEqual([]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Nothing to confirm' })).toBeVisible();
  });
});

test("'Buy now' posts that one course and leaves the cart as it is", async ({ page }) => {
  const posts = await stubEndpoint(page);
  await seedCart(page, [{ courseID: py101.id }]);
  await page.goto(`${base}/courses/${aws101.id}/`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(`${base}/checkout/complete/`);
  expect(new URLSearchParams(posts[0]!.postData() ?? '').getAll('course')).toEqual([aws101.id]);
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText([aws101.course_name]);
  expect(await savedIds(page)).toEqual([py101.id]);
});

test("the form's origin, and the payment page it redirects to, are form targets only on the pages that hand off", async ({
  page,
}) => {
  const csp = () => page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  for (const path of ['/cart/', `/courses/${py101.id}/`]) {
    await page.goto(`${base}${path}`);
    // build:subpath sets CHECKOUT_FORM_REDIRECTS=https://checkout.stripe.com.
    expect(await csp()).toMatch(/form-action 'self' https:\/\/pay\.example\.com https:\/\/checkout\.stripe\.com$/);
  }
  for (const path of ['/', '/category/python/', '/checkout/complete/', '/wishlist/']) {
    await page.goto(`${base}${path}`);
    expect(await csp(), path).toMatch(/form-action 'self'$/);
  }
});
