import { existsSync, readFileSync } from 'node:fs';
import { cartHref } from '@/lib/routes';
import type { Course } from '@/lib/types';
import { expect, seedCart, test, waitForHydration } from './fixtures';
import { paddleCalls, stubPaddle } from './paddle-stub';

/*
 * The Paddle build (npm run build:hostile) on Cloudflare Pages: the one checkout whose _headers
 * differ, its Permissions-Policy delegating `payment` to Paddle's checkout frame, a value with
 * quotes that Pages must pass on whole; and the cart's CSP letting Paddle.js load and open.
 */
const courses = JSON.parse(readFileSync('e2e/fixtures/hostile-courses.json', 'utf8')) as Course[];

test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_HOST_PADDLE_PORT}`, paddleBuild: true });

test.beforeAll(() => {
  if (!existsSync('out-hostile/index.html')) {
    throw new Error('No Paddle build in out-hostile/: run `npm run build:hostile` first.');
  }
});

test('every page delegates payment to Paddle’s checkout frame only, as the export’s _headers says', async ({
  request,
}) => {
  const shipped = /\n {2}Permissions-Policy: (.+)\n/.exec(readFileSync('out-hostile/_headers', 'utf8'))![1]!;
  expect(shipped).toContain('payment=(self "https://sandbox-buy.paddle.com")');
  for (const path of ['/', cartHref]) {
    const headers = (await request.get(path)).headers();
    expect(headers['permissions-policy'], path).toBe(shipped);
    expect(headers['content-security-policy'], path).toBe("frame-ancestors 'none'");
  }
});

test('the cart’s Content-Security-Policy lets Paddle.js load and open the checkout', async ({ page }) => {
  const requested = await stubPaddle(page);
  await seedCart(page, [{ courseID: courses[0]!.id }]);
  await page.goto(cartHref);
  await waitForHydration(page);
  await page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Checkout' }).click();
  await expect.poll(async () => (await paddleCalls(page))?.open.length).toBe(1);
  expect(requested).toEqual(['https://cdn.paddle.com/paddle/v2/paddle.js']);
});
