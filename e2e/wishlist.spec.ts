import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { serializeCart } from '@/lib/cart';
import { getCategories, getCategoryLabel, getCoursesByCategory } from '@/lib/server/catalogue';
import { getCartIndex } from '@/test/helpers/cart-index';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { addToWishlistHref, cartHref, courseHref, wishlistHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { expect, test, waitForHydration } from './fixtures';
import { holdScripts } from './hold-scripts';

const index = getCartIndex();
const [first, second] = getCoursesByCategory('python') as [Course, Course];

const wishlistLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Wishlist/ });
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const savedWishlist = (page: Page) => page.evaluate(() => localStorage.getItem('wishlist'));
const heart = (page: Page, course: Course, pressed: boolean) =>
  page
    .getByRole('main')
    .getByRole('button', { name: `${pressed ? 'Remove from' : 'Add to'} wishlist: ${course.course_name}`, pressed })
    .first();
const wishlistCards = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('article');

async function expectWishlistBadge(page: Page, count: number) {
  await expect(wishlistLink(page)).toHaveAccessibleName(`Wishlist, ${count} ${count === 1 ? 'item' : 'items'}`);
}

/** /wishlist/ shows these courses, in order, priced by the catalogue. */
async function expectWishlist(page: Page, courses: Course[]) {
  await expect(page).toHaveURL(wishlistHref);
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
  await expect(wishlistCards(page).getByRole('heading')).toHaveText(courses.map((course) => course.course_name));
  for (const course of courses)
    await expect(wishlistCards(page).filter({ hasText: course.course_name })).toContainText(
      formatPrice(toMinorUnits(course.discounted_price)),
    );
}

/** Saves `raw` under `key` before the first page of this tab runs any script (and only then). */
async function seed(page: Page, key: string, raw: string) {
  await page.addInitScript(
    ([name, value]) => {
      if (sessionStorage.getItem(`e2e-seeded-${name}`)) return;
      sessionStorage.setItem(`e2e-seeded-${name}`, '1');
      localStorage.setItem(name!, value!);
    },
    [key, raw],
  );
}

test('a card’s heart saves the course: pressed, counted in the navbar, kept through a reload, listed on /wishlist/', async ({
  page,
}) => {
  await page.goto('/');
  await waitForHydration(page);
  await expectWishlistBadge(page, 0);
  await heart(page, first, false).click();
  await expect(heart(page, first, true)).toBeVisible();
  await expectWishlistBadge(page, 1);
  expect(await savedWishlist(page)).toBe(JSON.stringify([first.id]));

  await page.reload();
  await waitForHydration(page);
  await expect(heart(page, first, true)).toBeVisible();
  await expectWishlistBadge(page, 1);

  await wishlistLink(page).click();
  await expectWishlist(page, [first]);
});

test('the course page’s toggle adds and removes, and a card shows the same state', async ({ page }) => {
  await page.goto(courseHref(second.id));
  await waitForHydration(page);
  const add = page.getByRole('button', { name: `Add to wishlist: ${second.course_name}`, pressed: false });
  await expect(add).toHaveText('Add to wishlist');
  await add.click();
  const remove = page.getByRole('button', { name: `Remove from wishlist: ${second.course_name}`, pressed: true });
  await expect(remove).toHaveText('Remove from wishlist');
  await expectWishlistBadge(page, 1);

  await page.goto('/');
  await waitForHydration(page);
  await expect(heart(page, second, true)).toBeVisible();
  await heart(page, second, true).click();
  await expectWishlistBadge(page, 0);
  await page.goto(courseHref(second.id));
  await expect(
    page.getByRole('button', { name: `Add to wishlist: ${second.course_name}`, pressed: false }),
  ).toBeVisible();
});

test('/wishlist/: Move to cart and Remove; empty, it says so and offers the categories', async ({ page }) => {
  await seed(page, 'wishlist', JSON.stringify([first.id, second.id]));
  await page.goto(wishlistHref);
  await expectWishlist(page, [first, second]);
  await expectWishlistBadge(page, 2);

  await page.getByRole('button', { name: `Move to cart ${first.course_name}` }).click();
  await expectWishlist(page, [second]);
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await expectWishlistBadge(page, 1);

  await page.getByRole('button', { name: `Remove ${second.course_name}` }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expectWishlistBadge(page, 0);
  const categories = page.getByRole('navigation', { name: 'Browse categories' }).getByRole('link');
  await expect(categories).toHaveText(getCategories().map(getCategoryLabel));
  expect(await savedWishlist(page)).toBe('[]');

  await cartLink(page).click();
  await expect(page.getByRole('heading', { name: '1 Course in Cart' })).toBeVisible();
});

test('the cart’s Save for later moves the course to the wishlist; count and total update', async ({ page }) => {
  await seed(page, 'cart', serializeCart([index[first.id]!, index[second.id]!]));
  await page.goto(cartHref);
  await expect(page.getByRole('heading', { name: '2 Course in Cart' })).toBeVisible();
  await page.getByRole('button', { name: `Save for later ${first.course_name}` }).click();
  await expect(page.getByRole('heading', { name: '1 Course in Cart' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(
    `Total: ${formatPrice(toMinorUnits(second.discounted_price))}`,
  );
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await expectWishlistBadge(page, 1);
  await page.reload();
  await expect(page.getByRole('heading', { name: '1 Course in Cart' })).toBeVisible();
  await wishlistLink(page).click();
  await expectWishlist(page, [first]);
});

test('two tabs stay in step: a toggle in one shows in the other’s hearts, badge and list without a reload', async ({
  page,
  context,
}) => {
  const other = await context.newPage();
  await other.goto(wishlistHref);
  await expect(other.getByText('Your wishlist is empty.')).toBeVisible();

  await page.goto('/');
  await waitForHydration(page);
  await heart(page, first, false).click();
  await expectWishlist(other, [first]);
  await expectWishlistBadge(other, 1);

  await other.getByRole('button', { name: `Remove ${first.course_name}` }).click();
  await expect(heart(page, first, false)).toBeVisible();
  await expectWishlistBadge(page, 0);
  await other.close();
});

test.describe('untrusted storage', () => {
  test.use({ allowedConsole: /\/cart-items\/[0-9a-f]{2}\.json|status of 404 \(Not Found\)/ });

  test('an unknown id in ?add= saves nothing and says so', async ({ page }) => {
    await page.goto(addToWishlistHref('no-such-course'));
    await expect(page.getByText('That course was not found, so nothing was saved.')).toBeVisible();
    await expect(page).toHaveURL(wishlistHref);
    expect(await savedWishlist(page)).toBeNull();
  });

  test('hostile and corrupt values: only real courses are shown, at the catalogue’s price; an unknown id is dropped and said once', async ({
    page,
  }) => {
    await seed(
      page,
      'wishlist',
      JSON.stringify([
        first.id,
        first.id,
        '../cart',
        '__proto__',
        { courseID: second.id, discounted_price: 0 },
        'gone-101',
        7,
      ]),
    );
    await page.goto(wishlistHref);
    await expectWishlist(page, [first]);
    await expect(
      page.getByText('1 course saved in your wishlist is not in the catalogue, so it was removed.'),
    ).toBeVisible();
    expect(await savedWishlist(page)).toBe(JSON.stringify([first.id]));
  });

  test('a corrupt value is an empty wishlist, repaired', async ({ page }) => {
    await seed(page, 'wishlist', '{"py-101": [oops');
    await page.goto(wishlistHref);
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
    expect(await savedWishlist(page)).toBe('[]');
  });

  test('storage that throws: the wishlist works in memory for the visit', async ({ page }) => {
    await page.addInitScript(() => {
      const fail = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      Storage.prototype.getItem = fail;
      Storage.prototype.setItem = fail;
    });
    await page.goto('/');
    await waitForHydration(page);
    await heart(page, first, false).click();
    await expectWishlistBadge(page, 1);
    await wishlistLink(page).click();
    await expectWishlist(page, [first]);
  });
});

test.describe('before hydration', () => {
  test('a card’s heart and the course page’s toggle are links that save the course, once', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const link = page
      .getByRole('tabpanel')
      .getByRole('link', { name: `Add to wishlist: ${first.course_name}` })
      .first();
    await expect(link).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await link.click();
    await expect(page).toHaveURL(/\/wishlist\/\?add=/);
    release();
    await expectWishlist(page, [first]);

    const again = await holdScripts(page);
    await page.goto(courseHref(second.id), { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: `Add to wishlist: ${second.course_name}` }).click();
    await expect(page).toHaveURL(/\/wishlist\/\?add=/);
    again();
    await expectWishlist(page, [first, second]);
    await page.reload();
    await expectWishlist(page, [first, second]);
    expect(await savedWishlist(page)).toBe(JSON.stringify([first.id, second.id]));
  });
});

test('/wishlist/ is kept out of search engines and the sitemap', async ({ page, request }) => {
  await page.goto(wishlistHref);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>');
  expect(sitemap).not.toContain('/wishlist');
});

test.describe('axe: zero violations', () => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
  async function expectNoViolations(page: Page) {
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(
      results.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((n) => n.target) })),
    ).toEqual([]);
  }

  test('/wishlist/ empty', async ({ page }) => {
    await page.goto(wishlistHref);
    await waitForHydration(page);
    await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
    await expectNoViolations(page);
  });

  test('/wishlist/ with courses', async ({ page }) => {
    await seed(page, 'wishlist', JSON.stringify([first.id, second.id]));
    await page.goto(wishlistHref);
    await expectWishlist(page, [first, second]);
    await expectNoViolations(page);
  });

  test('a pressed heart on a card', async ({ page }) => {
    await seed(page, 'wishlist', JSON.stringify([first.id]));
    await page.goto('/');
    await waitForHydration(page);
    await expect(heart(page, first, true)).toBeVisible();
    await expectNoViolations(page);
  });

  test('the cart with Save for later', async ({ page }) => {
    await seed(page, 'cart', serializeCart([index[second.id]!]));
    await page.goto(cartHref);
    await expect(page.getByRole('button', { name: `Save for later ${second.course_name}` })).toBeVisible();
    await expectNoViolations(page);
  });
});
