import type { Page } from '@playwright/test';
import { getCategories, getCourse, toCartItem } from '@/lib/server/catalogue';
import { expect, test, waitForHydration } from './fixtures';
import { expectNoAxeViolations as expectNoViolations } from './page-checks';

async function seedCart(page: Page, ids: string[]) {
  await page.evaluate(
    (items) => localStorage.setItem('cart', JSON.stringify(items)),
    ids.map((id) => toCartItem(getCourse(id)!)),
  );
}

// Every page of the catalogue, and the empty cart, as first loaded: e2e/every-page.spec.ts.
test.describe('axe: zero violations', () => {
  test('/search/ with results and the instructor the query names', async ({ page }) => {
    await page.goto('/search/?q=maya');
    await expect(page.getByRole('navigation', { name: 'Instructor' }).getByRole('link')).toHaveText(['Maya Lindqvist']);
    await expectNoViolations(page);
  });

  test('/cart/ with items', async ({ page }) => {
    await page.goto('/');
    await seedCart(page, ['py-101', 'web-201', 'ds-301']);
    await page.goto('/cart/');
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(3);
    await expectNoViolations(page);
  });

  test.describe('404 page', () => {
    test.use({ allowedConsole: /404|\/no-such-page\// });
    test('/no-such-page/', async ({ page }) => {
      await page.goto('/no-such-page/');
      await expectNoViolations(page);
    });
  });

  test('the open sidebar', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open categories menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoViolations(page);
  });

  test('another home tab selected', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Data Science' }).click();
    await expectNoViolations(page);
  });
});

// Landmarks, the skip link and one h1 (/, /category/aws/, /courses/des-101/, /cart/): e2e/every-page.spec.ts.

test.describe('keyboard only', () => {
  test('reach a course from the home page and add it to the cart', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const details = page.getByRole('link', { name: /^See details/ }).first();
    for (let presses = 0; presses < 40 && !(await details.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(details).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/courses\/py-101\/$/);

    const add = page.getByRole('button', { name: 'Add to cart' });
    for (let presses = 0; presses < 40 && !(await add.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/cart\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    await expect(page.getByText('1 Course in Cart')).toBeVisible();
  });

  test('arrow keys, Home and End move between tabs, with a roving tabindex', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const tabs = page.getByRole('tab');
    await tabs.first().focus();
    await expect(tabs.first()).toHaveAttribute('tabindex', '0');
    await expect(tabs.nth(1)).toHaveAttribute('tabindex', '-1');

    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.nth(1)).toHaveAttribute('tabindex', '0');
    await expect(tabs.first()).toHaveAttribute('tabindex', '-1');

    await page.keyboard.press('End');
    await expect(tabs.last()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tabs.first()).toBeFocused();
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tabs.first()).toBeFocused();

    const panel = page.getByRole('tabpanel');
    await expect(panel).toHaveAttribute('aria-labelledby', (await tabs.first().getAttribute('id'))!);
    await expect(tabs.first()).toHaveAttribute('aria-controls', (await panel.getAttribute('id'))!);
    await page.keyboard.press('Tab');
    await expect(panel).toBeFocused();
  });

  test('the sidebar traps focus, closes with Escape and gives focus back', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open categories menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Categories' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    const focusableCount = 1 + getCategories().length;
    for (let step = 0; step < focusableCount * 2 + 1; step++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    for (let step = 0; step < 3; step++) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('sidebar as a modal dialog', () => {
  test('a click on the overlay closes it and focus returns to the toggle', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open categories menu' });
    await toggle.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.click(20, 400);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('the close button closes it and focus returns to the toggle', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open categories menu' });
    await toggle.click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('while closed, its links are neither focusable nor exposed', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: 'PYTHON', exact: true })).toHaveCount(0);
    const focusedInside = await page.evaluate(() => {
      const dialog = document.querySelector('dialog')!;
      return [...dialog.querySelectorAll<HTMLElement>('a, button')].some((el) => {
        el.focus();
        return document.activeElement === el;
      });
    });
    expect(focusedInside).toBe(false);
  });

  test('the page behind does not scroll while it is open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open categories menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.mouse.move(20, 400);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the sidebar appears without sliding', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open categories menu' }).click();
    const animation = await page.getByRole('dialog').evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe('none');
  });
});

test.describe('zoom', () => {
  // 200% zoom of a 1280px window lays the page out at 640 CSS pixels.
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  for (const path of ['/', '/courses/py-201/', '/category/data%20science/', '/cart/']) {
    test(`${path} has no horizontal scroll at 200%`, async ({ page }) => {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('focus is visible', () => {
  test('every interactive element on the home page shows a focus ring', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const missing: string[] = [];
    for (let step = 0; step < 25; step++) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return {
          name: el.textContent?.trim().slice(0, 30) || el.getAttribute('aria-label') || el.tagName,
          outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
        };
      });
      if (!ring.outline) missing.push(ring.name);
    }
    expect(missing).toEqual([]);
  });
});
