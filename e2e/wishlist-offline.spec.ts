import type { Page } from '@playwright/test';
import { cartShardOf } from '@/lib/cart-shard';
import { getCoursesByCategory } from '@/lib/server/catalogue';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { courseHref, wishlistHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { expect, test, waitForHydration, waitForWorker } from './fixtures';

/*
 * Offline after a first visit, the wishlist works for the courses seen before: /wishlist/ is
 * in the app shell, and the service worker keeps the record of each course page visited.
 */
test.use({
  serviceWorkers: 'allow',
  allowedRequestFailures: /^http:\/\/127\.0\.0\.1:\d+\/\S* net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$/,
  allowedConsole:
    /^(?:Failed to load resource: net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$|Failed to fetch RSC payload for \S+\. Falling back to browser navigation\. TypeError: Failed to fetch\n)/,
});

const [seen, alsoSeen] = getCoursesByCategory('design') as [Course, Course];

/** Waits until the worker has cached the course's record (in its shard's file), which its page brings along. */
async function waitForCachedRecord(page: Page, id: string) {
  await expect
    .poll(() =>
      page.evaluate(
        async ({ wanted, shard }) => {
          const found = await caches.match(new URL(`/cart-items/${shard}.json`, location.href).href);
          return found !== undefined && Object.hasOwn((await found.json()) as object, wanted);
        },
        { wanted: id, shard: cartShardOf(id) },
      ),
    )
    .toBe(true);
}

test('offline, a course seen before is saved from its page, listed on /wishlist/ and moved to the cart', async ({
  page,
  context,
}) => {
  test.slow();
  await page.goto('/');
  await waitForWorker(page);
  for (const course of [seen, alsoSeen]) {
    await page.goto(courseHref(course.id));
    await waitForCachedRecord(page, course.id);
  }
  await waitForHydration(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: `Add to wishlist: ${alsoSeen.course_name}` }).click();
  await expect(page.getByRole('button', { name: `Remove from wishlist: ${alsoSeen.course_name}` })).toBeVisible();

  await page.goto(wishlistHref);
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
  const card = page.getByRole('main').getByRole('article').filter({ hasText: alsoSeen.course_name });
  await expect(card).toContainText(formatPrice(toMinorUnits(alsoSeen.discounted_price)));
  await card.getByRole('button', { name: `Move to cart ${alsoSeen.course_name}` }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});
