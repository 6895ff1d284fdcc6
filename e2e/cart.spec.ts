import type { Page } from '@playwright/test';
import { serializeCart } from '@/lib/cart';
import { getCategories, getCourses, getCoursesByCategory } from '@/lib/server/catalogue';
import { getCartIndex } from '@/test/helpers/cart-index';
import { toMinorUnits } from '@/lib/format';
import { formatPrice } from '@/lib/money';
import { addToCartHref, cartHref, categoryHref, courseHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { expect, isHarnessNotice, test, waitForHydration } from './fixtures';

const index = getCartIndex();

function courseCosting(price: number): Course {
  const course = getCourses().find((candidate) => candidate.discounted_price === price);
  if (!course) throw new Error(`the catalogue has no course at ${price}`);
  return course;
}

// The highest and lowest sale prices and one between, whose total is known: 19.99 + 9.99 + 5.99 = 35.97.
const at1999 = courseCosting(19.99);
const at999 = courseCosting(9.99);
const at599 = courseCosting(5.99);
const firstPython = getCoursesByCategory('python')[0]!;

/** The browser's report of the catalogue's 404 for an id it does not have. */
const unknownCourse404 = /\/cart-items\/[0-9a-f]{2}\.json$|status of 404 \(Not Found\)/;

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const badge = (page: Page) => cartLink(page).locator('span[aria-hidden="true"]');
const rows = (page: Page) => page.getByRole('main').getByRole('listitem');
const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });
const savedCart = (page: Page) => page.evaluate(() => localStorage.getItem('cart'));

/** Saves `raw` as the cart before the first page of this tab runs any script (and only then). */
async function seedStorage(page: Page, raw: string) {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('cart', value);
  }, raw);
}

async function expectBadge(page: Page, count: number) {
  await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? 'item' : 'items'}`);
  await expect(badge(page)).toHaveText(String(count));
}

async function expectCart(page: Page, courses: Course[]) {
  const cents = courses.reduce((sum, course) => sum + toMinorUnits(course.discounted_price), 0);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${courses.length} Course in Cart` })).toBeVisible();
  await expect(rows(page).getByRole('heading')).toHaveText(courses.map((course) => course.course_name));
  await expect(summary(page)).toContainText(`Total: ${formatPrice(cents)}`);
  await expectBadge(page, courses.length);
}

async function addFromDetailPage(page: Page, course: Course) {
  await page.goto(courseHref(course.id));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(cartHref);
}

/** Console problems of a tab opened by the test itself (the fixture watches only `page`). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !isHarnessNotice(message.text()))
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

test.describe('adding', () => {
  test('a card’s Add to cart link adds the course and opens the cart', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expectBadge(page, 0);

    const add = page
      .getByRole('tabpanel')
      .getByRole('link', { name: /^Add to cart/ })
      .first();
    await expect(add).toHaveAttribute('href', addToCartHref(firstPython.id));
    await expect(add).toHaveAccessibleName(new RegExp(`^Add to cart.*${escapeRegExp(firstPython.course_name)}`));
    await add.click();

    await expect(page).toHaveURL(cartHref);
    await expectCart(page, [firstPython]);
    expect(await savedCart(page)).toBe(serializeCart([index[firstPython.id]!]));
  });

  test('the detail page’s Add to cart button adds the course and opens the cart', async ({ page }) => {
    await addFromDetailPage(page, at599);
    await expectCart(page, [at599]);
    const row = rows(page).first();
    await expect(row.getByRole('link', { name: at599.course_name })).toHaveAttribute('href', courseHref(at599.id));
    await expect(row).toContainText(`By ${at599.creator}`);
    await expect(row).toContainText(formatPrice(toMinorUnits(at599.discounted_price)));
    await expect(row).toContainText(new RegExp(at599.category, 'i'));
    const image = row.locator('img');
    await expect(image).toHaveAttribute('src', new RegExp(`/_img${escapeRegExp(at599.image)}\\.\\d+w\\.webp$`));
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('adding the same course twice, from a card and its page, keeps one of it', async ({ page }) => {
    for (let round = 0; round < 2; round++) {
      await page.goto('/');
      await waitForHydration(page);
      await page
        .getByRole('tabpanel')
        .getByRole('link', { name: /^Add to cart/ })
        .first()
        .click();
      await expect(page).toHaveURL(cartHref);
    }
    await addFromDetailPage(page, firstPython);
    await expectCart(page, [firstPython]);
    expect(JSON.parse((await savedCart(page)) ?? 'null')).toHaveLength(1);
  });

  test('a ctrl/cmd-click on Add to cart adds the course and opens the cart in a new tab', async ({ page, context }) => {
    await page.goto('/');
    await waitForHydration(page);
    const [cartTab] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('tabpanel')
        .getByRole('link', { name: /^Add to cart/ })
        .first()
        .click({ modifiers: ['ControlOrMeta'] }),
    ]);
    const problems = watchConsole(cartTab);
    await cartTab.waitForLoadState();
    await expect(cartTab).toHaveURL(cartHref);
    await expectCart(cartTab, [firstPython]);
    await expect(page).toHaveURL('/');
    await expectBadge(page, 1);
    expect(problems).toEqual([]);
  });
});

test.describe('the cart page', () => {
  test('is titled, kept out of search engines and says when it is empty', async ({ page }) => {
    await page.goto(cartHref);
    await expect(page).toHaveTitle(/^Shopping Cart/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByText('No items found in the cart.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shopping Cart');
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
    await expectBadge(page, 0);
  });

  test('totals to the cent, removes one item and clears all', async ({ page }) => {
    for (const course of [at1999, at999, at599]) await addFromDetailPage(page, course);
    await expectCart(page, [at1999, at999, at599]);
    await expect(summary(page)).toContainText('Total: $35.97');

    await page.getByRole('button', { name: `Remove ${at999.course_name}` }).click();
    await expectCart(page, [at1999, at599]);
    await expect(summary(page)).toContainText('Total: $25.98');
    expect(await savedCart(page)).toBe(serializeCart([index[at1999.id]!, index[at599.id]!]));

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(page.getByText('No items found in the cart.')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    await expectBadge(page, 0);
    // The empty message is the first paint now; the repair comes once the page has hydrated.
    await expect.poll(() => savedCart(page)).toBe('[]');
  });

  test('Checkout is a button that does nothing', async ({ page }) => {
    await seedStorage(page, serializeCart([index[at1999.id]!]));
    await page.goto(cartHref);
    await waitForHydration(page);
    const checkout = page.getByRole('button', { name: 'Checkout' });
    await expect(checkout).toHaveAttribute('type', 'button');
    await checkout.click();
    await expect(page).toHaveURL(cartHref);
    await expectCart(page, [at1999]);
  });

  test('lays the summary beside the items on a wide screen and below them on a phone', async ({ page }) => {
    await seedStorage(page, serializeCart([index[at1999.id]!, index[at999.id]!]));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(cartHref);
    const list = page.getByRole('main').getByRole('list');
    let [listBox, summaryBox] = [await list.boundingBox(), await summary(page).boundingBox()];
    expect(summaryBox!.x).toBeGreaterThan(listBox!.x + listBox!.width - 1);

    await page.setViewportSize({ width: 390, height: 800 });
    [listBox, summaryBox] = [await list.boundingBox(), await summary(page).boundingBox()];
    expect(summaryBox!.y).toBeGreaterThan(listBox!.y + listBox!.height - 1);
  });
  test('fits a 320px screen with items, without horizontal scroll', async ({ page }) => {
    await seedStorage(page, serializeCart([index[at1999.id]!, index[at999.id]!, index[at599.id]!]));
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(cartHref);
    await expect(rows(page)).toHaveCount(3);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('the badge', () => {
  test('shows the count on every page, loaded directly and after client-side navigation', async ({ page }) => {
    // Eleven page loads, each waiting for its badge.
    test.slow();
    await seedStorage(page, serializeCart([index[at1999.id]!, index[at599.id]!]));
    const paths = [
      '/',
      ...getCategories().map(categoryHref),
      ...getCourses()
        .slice(0, 3)
        .map((c) => courseHref(c.id)),
      cartHref,
    ];
    for (const path of paths) {
      await page.goto(path);
      await expectBadge(page, 2);
    }
    await page.goto('/');
    await waitForHydration(page);
    await page
      .getByRole('link', { name: /^See details/ })
      .first()
      .click();
    await expect(page).toHaveURL(courseHref(firstPython.id));
    await expectBadge(page, 2);
  });

  test('never shows a wrong number while the page loads', async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { badgeTexts: string[] }).badgeTexts = seen;
      const record = () => {
        const badgeText = document.querySelector('header a[href$="/cart/"] span[aria-hidden="true"]')?.textContent;
        if (badgeText !== undefined && badgeText !== null && seen.at(-1) !== badgeText) seen.push(badgeText);
      };
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await seedStorage(page, serializeCart([index[at1999.id]!, index[at999.id]!, index[at599.id]!]));
    await page.goto('/');
    await waitForHydration(page);
    await expectBadge(page, 3);
    const texts = await page.evaluate(() => (window as unknown as { badgeTexts: string[] }).badgeTexts);
    expect(texts.filter((text) => text !== '')).toEqual(['3']);
  });
});

test.describe('storage', () => {
  test('the cart survives a reload', async ({ page }) => {
    await addFromDetailPage(page, at999);
    await addFromDetailPage(page, at1999);
    await page.reload();
    await expectCart(page, [at999, at1999]);
  });

  test('a saved cart is loaded at start', async ({ page }) => {
    await seedStorage(page, serializeCart([index[at599.id]!, index[at1999.id]!, index[at999.id]!]));
    await page.goto(cartHref);
    await expectCart(page, [at599, at1999, at999]);
    await expect(summary(page)).toContainText('Total: $35.97');
  });

  test('the static HTML shows no count, neither the empty message nor items', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const staticPage = await context.newPage();
    await staticPage.goto(cartHref);
    await expect(staticPage.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeAttached();
    // In the HTML for the first paint, but hidden unless the page's script finds nothing saved.
    await expect(staticPage.getByText('No items found in the cart.')).toBeHidden();
    await expect(staticPage.getByText('Course in Cart')).toHaveCount(0);
    await expect(cartLink(staticPage)).toHaveAccessibleName('Cart');
    await expect(badge(staticPage)).toHaveText('');
    await context.close();
  });

  test('corrupt storage loads as an empty cart and is repaired', async ({ page }) => {
    await seedStorage(page, '{"cart": [oops');
    await page.goto(cartHref);
    await expect(page.getByText('No items found in the cart.')).toBeVisible();
    await expectBadge(page, 0);
    // The empty message is the first paint now; the repair comes once the page has hydrated.
    await expect.poll(() => savedCart(page)).toBe('[]');
  });

  test.describe(() => {
    test.use({ allowedConsole: unknownCourse404 });

    test('only the valid part of a damaged cart is kept; the catalogue’s 404 drops an unknown id', async ({ page }) => {
      const damaged = JSON.stringify([
        null,
        42,
        'py-101',
        { courseID: 'no-such-course', discounted_price: 1 },
        { courseID: at999.id },
        { ...index[at999.id], course_name: 'Duplicate' },
        { courseID: '__proto__' },
        index[at599.id],
      ]);
      await seedStorage(page, damaged);
      await page.goto(cartHref);
      await expectCart(page, [at999, at599]);
      expect(await savedCart(page)).toBe(serializeCart([index[at999.id]!, index[at599.id]!]));
    });

    test('an unknown id in ?add= adds nothing and says so', async ({ page }) => {
      await seedStorage(page, serializeCart([index[at599.id]!]));
      await page.goto(addToCartHref('no-such-course'));
      await expect(
        page.getByRole('status').filter({ hasText: 'That course was not found, so nothing was added.' }),
      ).toBeVisible();
      await expect(page).toHaveURL(cartHref);
      await expectCart(page, [at599]);
    });
  });

  test('a price or name edited in storage is ignored: the catalogue decides', async ({ page }) => {
    const tampered = JSON.stringify([{ ...index[at1999.id], discounted_price: 0.01, course_name: 'Free course!' }]);
    await seedStorage(page, tampered);
    await page.goto(cartHref);
    await expectCart(page, [at1999]);
    await expect(summary(page)).toContainText('Total: $19.99');
    await expect(page.getByText('Free course!')).toHaveCount(0);
    expect(await savedCart(page)).toBe(serializeCart([index[at1999.id]!]));
  });

  test('the cart works in memory when localStorage throws', async ({ page }) => {
    await page.addInitScript(() => {
      const fail = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
      Storage.prototype.getItem = fail;
      Storage.prototype.setItem = fail;
    });
    await addFromDetailPage(page, at1999);
    await expectCart(page, [at1999]);
    // Client-side navigation keeps the in-memory cart for the visit.
    await page.getByRole('link', { name: at1999.course_name }).click();
    await expect(page).toHaveURL(courseHref(at1999.id));
    await expectBadge(page, 1);
  });
});

test.describe('adding by address', () => {
  test('?add= adds once; the address becomes /cart/, so a reload adds nothing again', async ({ page }) => {
    await page.goto(addToCartHref(at999.id));
    await expectCart(page, [at999]);
    await expect(page).toHaveURL(cartHref);
    await page.getByRole('button', { name: `Remove ${at999.course_name}` }).click();
    await expect(page.getByText('No items found in the cart.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No items found in the cart.')).toBeVisible();
    expect(await savedCart(page)).toBe('[]');
  });

  test('adding a course already in the cart changes nothing', async ({ page }) => {
    await seedStorage(page, serializeCart([index[at599.id]!, index[at999.id]!]));
    await page.goto(addToCartHref(at599.id));
    await expect(page).toHaveURL(cartHref);
    await expectCart(page, [at599, at999]);
  });
});

test.describe('when the catalogue cannot be reached', () => {
  test.use({ allowedConsole: /\/cart-items\/|status of 503/ });

  test('nothing is lost: the saved courses stay saved, the page says so, and Try again loads them', async ({
    page,
  }) => {
    const saved = serializeCart([index[at1999.id]!, index[at599.id]!]);
    await seedStorage(page, saved);
    let down = true;
    await page.route('**/cart-items/*.json', (route) =>
      down ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.fallback(),
    );
    await page.goto(cartHref);
    await expect(page.getByText('2 courses in your cart could not be loaded.', { exact: false })).toBeVisible();
    await expect(page.getByText('No items found in the cart.')).toBeHidden();
    await expect(summary(page)).toHaveCount(0);
    // They are in the cart, checked or not: the badge counts them, never a blank.
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    expect(await savedCart(page)).toBe(saved);

    // An add made meanwhile is kept too.
    await page.goto(addToCartHref(at999.id));
    await expect(page).toHaveURL(cartHref);
    await expect(page.getByText('3 courses in your cart could not be loaded.', { exact: false })).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');

    down = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expectCart(page, [at1999, at599, at999]);
    expect(await savedCart(page)).toBe(serializeCart([index[at1999.id]!, index[at599.id]!, index[at999.id]!]));
  });
});

test.describe('several tabs', () => {
  test('add, remove and clear in one tab show in the others without a reload', async ({ page, context }) => {
    const other = await context.newPage();
    const problems = watchConsole(other);

    await other.goto(cartHref);
    await waitForHydration(other);
    await expect(other.getByText('No items found in the cart.')).toBeVisible();

    await addFromDetailPage(page, at1999);
    await expectCart(other, [at1999]);

    await addFromDetailPage(page, at599);
    await expectCart(other, [at1999, at599]);

    await other.getByRole('button', { name: `Remove ${at1999.course_name}` }).click();
    await expectCart(page, [at599]);

    await page.getByRole('button', { name: 'Clear All' }).click();
    await expect(other.getByText('No items found in the cart.')).toBeVisible();
    await expectBadge(other, 0);

    expect(problems).toEqual([]);
    await other.close();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
