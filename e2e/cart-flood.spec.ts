import type { Locator, Page, Request } from '@playwright/test';
import { serializeCart } from '@/lib/cart';
import { cartShardOf } from '@/lib/cart-shard';
import { getCourses } from '@/lib/server/catalogue';
import { getCartIndex } from '@/test/helpers/cart-index';
import { cartHref, categoryHref, courseHref, homeHref, searchHref } from '@/lib/routes';
import { SAVED_LIST_CAP } from '@/lib/saved-list';
import { expect, test, waitForHydration } from './fixtures';

/*
 * Storage holds what a visitor never could: 10,000 well-formed course ids the catalogue
 * lacks. The cart page reads the first 100, looks them up a few at a time, drops the 404s
 * (saying so once) and settles fast; every other page asks the network for none of them.
 */

const index = getCartIndex();
const [realA, realB] = getCourses();
const JUNK = 10_000;
const junkIds = (count: number) => Array.from({ length: count }, (_, n) => ({ courseID: `made-up-${n}` }));

// The browser reports each 404 of a made-up id; the page itself says it once.
// The time from hydration (when the cart starts checking) to the settled page is logged, not
// asserted: a timed assertion decides on the machine's load, not the code. The bounds that make it
// fast whatever storage holds (at most 100 look-ups, at most 6 at a time) are asserted.
test.slow();
test.use({ allowedConsole: /\/cart-items\/[0-9a-f]{2}\.json|status of 404 \(Not Found\)/ });

/** Saves `raw` as the cart before the first page of this tab runs any script. */
async function seedCart(page: Page, raw: string) {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('cart', value);
  }, raw);
}

/** Counts the course-record requests the page makes, and the distinct files they ask for. */
function watchRecords(page: Page) {
  const seen = { total: 0, files: new Set<string>() };
  page.on('request', (request: Request) => {
    if (!request.url().includes('/cart-items/')) return;
    seen.total += 1;
    seen.files.add(request.url());
  });
  return seen;
}

/** The record files (shards, lib/cart-shard.ts) that hold these courses: one request each. */
const shardsOf = (ids: string[]) => new Set(ids.map(cartShardOf)).size;

/**
 * The most course-record fetches the page had pending at once, counted in the page itself (from
 * the call to the settled promise): the browser's own view, which the network events reach late.
 */
async function countConcurrentLookups(page: Page) {
  await page.addInitScript(() => {
    const state = { pending: 0, most: 0 };
    (window as unknown as { __lookups: typeof state }).__lookups = state;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.includes('/cart-items/')) return original(input, init);
      state.pending += 1;
      state.most = Math.max(state.most, state.pending);
      return original(input, init).finally(() => {
        state.pending -= 1;
      });
    };
  });
  return () => page.evaluate(() => (window as unknown as { __lookups: { most: number } }).__lookups.most);
}

/**
 * Opens /cart/ and resolves with the milliseconds from hydration to `settled` being visible;
 * logs the whole time from navigation too.
 */
async function settleTime(page: Page, settled: Locator): Promise<number> {
  const started = Date.now();
  await page.goto(cartHref);
  await waitForHydration(page);
  const hydrated = Date.now();
  await expect(settled).toBeVisible({ timeout: 20_000 });
  const done = Date.now();
  console.log(`${test.info().title}: hydrated after ${hydrated - started} ms, settled ${done - hydrated} ms later`);
  return done - hydrated;
}

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

test('10,000 made-up ids: /cart/ checks at most 100, 6 at a time, says so once and settles', async ({ page }) => {
  await seedCart(page, JSON.stringify(junkIds(JUNK)));
  const records = watchRecords(page);
  const mostAtOnce = await countConcurrentLookups(page);
  await settleTime(page, page.getByText('No items found in the cart.'));
  await expect(
    page.getByRole('status').filter({ hasText: '100 courses saved in your cart are not in the catalogue' }),
  ).toBeVisible();
  await expect(page.getByText(`Your cart holds up to ${SAVED_LIST_CAP} courses: 9,900 more saved`)).toBeVisible();
  // The first 100 ids are looked up, each record file once.
  expect(records.total).toBe(shardsOf(junkIds(SAVED_LIST_CAP).map((entry) => entry.courseID)));
  expect(records.files.size).toBe(records.total);
  expect(await mostAtOnce()).toBeLessThanOrEqual(6);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
  // Said once: nothing is left to say on the next visit.
  await page.reload();
  await expect(page.getByText('No items found in the cart.')).toBeVisible();
  await expect(page.getByText('not in the catalogue')).toHaveCount(0);
});

test('2 real courses among 9,998 made-up ids: the cart and the badge show the 2', async ({ page }) => {
  const entries: object[] = junkIds(JUNK - 2);
  entries.splice(3, 0, index[realA!.id]!);
  entries.splice(5_000, 0, index[realB!.id]!);
  await seedCart(page, JSON.stringify(entries));
  const records = watchRecords(page);
  await settleTime(page, page.getByRole('heading', { name: '2 Course in Cart' }));
  await expect(page.getByRole('main').getByRole('listitem').getByRole('heading')).toHaveText([
    realA!.course_name,
    realB!.course_name,
  ]);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  // Full records come first among the 100 looked up: the 2 real courses and 98 made-up ids, each record file once.
  const lookedUp = [realA!.id, realB!.id, ...junkIds(SAVED_LIST_CAP - 2).map((entry) => entry.courseID)];
  expect(records.total).toBe(shardsOf(lookedUp));
  expect(records.files.size).toBe(records.total);
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(
    serializeCart([index[realA!.id]!, index[realB!.id]!]),
  );
});

test('every other page makes no request for what storage holds, and its badge counts only the real courses', async ({
  page,
}) => {
  const entries: object[] = junkIds(JUNK - 2);
  entries.splice(10, 0, index[realA!.id]!);
  entries.splice(9_000, 0, index[realB!.id]!);
  await seedCart(page, JSON.stringify(entries));
  await page.addInitScript(() => localStorage.setItem('wishlist', JSON.stringify(['py-101', 'made-up-1'])));
  const records = watchRecords(page);
  for (const path of [homeHref, categoryHref(realA!.category), courseHref(realA!.id), searchHref]) {
    await page.goto(path);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items', { timeout: 20_000 });
  }
  // Let late requests show up.
  await page.waitForTimeout(500);
  expect(records.total).toBe(0);
  // Nothing was rewritten either: only the cart page, which checks, cleans storage.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!).length)).toBe(JUNK);
});
