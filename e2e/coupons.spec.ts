import { existsSync } from 'node:fs';
import type { Request } from '@playwright/test';
import { getCourse } from '@/lib/server/catalogue';
import { formatPrice } from '@/lib/money';
import { toMinorUnits } from '@/lib/format';
import { expect, test, waitForHydration } from './fixtures';

/*
 * The default build has no coupons file: a coupon link changes nothing, asks for nothing, and the
 * export has no /coupons.json (e2e/coupons.basepath.spec.ts is the build with coupons).
 */
const py101 = getCourse('py-101')!;

test('without a coupons file, a coupon link shows full prices, fetches no /coupons.json and logs no error', async ({
  page,
}) => {
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/courses/${py101.id}/?coupon=WELCOME20`);
  await waitForHydration(page);
  await expect(page.getByRole('complementary', { name: 'Purchase' }).locator('.price-lg > span')).toHaveText(
    `Current price ${formatPrice(toMinorUnits(py101.discounted_price))}`,
  );
  await expect(page.getByRole('complementary', { name: 'Coupon' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(requests.map((request) => new URL(request.url()).pathname)).not.toContain('/coupons.json');
  expect(errors).toEqual([]);
  expect(existsSync('out/coupons.json')).toBe(false);
});
