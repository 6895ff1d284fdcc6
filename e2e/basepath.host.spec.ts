import { getCourse } from '@/lib/server/catalogue';
import {
  expect,
  expectSecurityHeaders,
  seedCart,
  test,
  waitForHydration,
  waitForWorker,
  requireSubpathBuild,
} from './fixtures';

/*
 * The sub-path deploy on Cloudflare Pages: the BASE_PATH=/storefront export (npm run build:subpath,
 * which sells through CHECKOUT_PROVIDER=form) deployed as a folder storefront/ with the root
 * _headers of `host-headers.mjs _headers /storefront` (scripts/tools/cloudflare-pages.mjs, README
 * 'Deploying'). Pages reads only the deployed folder's own _headers.
 */
const base = '/storefront';
const FORM_URL = 'https://pay.example.com/checkout';
const py101 = getCourse('py-101')!;

test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_HOST_SUBPATH_PORT}` });

test.beforeAll(requireSubpathBuild);

test('pages answer under the sub-path, other forms and the root redirect there, and unknown paths get the 404 page', async ({
  request,
}) => {
  for (const path of [`${base}/`, `${base}/courses/py-101/`, `${base}/category/web%20development/`, `${base}/cart/`]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
    const redirect = await request.get(`${path}index.html`, { maxRedirects: 0 });
    expect(redirect.status(), path).toBe(308);
    expect(new URL(redirect.headers()['location']!, 'http://host').pathname).toBe(path);
  }
  const root = await request.get('/', { maxRedirects: 0 });
  expect(root.status()).toBe(302);
  expect(root.headers()['location']).toMatch(new RegExp(`^(http://[^/]+)?${base}/$`));
  const missing = await request.get(`${base}/no-such-page/`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('We couldn’t find that page');
});

test('the root _headers for the sub-path give every file its headers and caching', async ({ page, request }) => {
  await page.goto(`${base}/`);
  const chunk = (await page.locator(`script[src^="${base}/_next/static/"]`).first().getAttribute('src'))!;
  const expected = {
    [`${base}/`]: /^(no-cache|public, max-age=0, must-revalidate)$/,
    [`${base}/cart/`]: /^(no-cache|public, max-age=0, must-revalidate)$/,
    [`${base}/sw.js`]: /^no-cache$/,
    [chunk]: /^public, max-age=31536000, immutable$/,
  };
  for (const [path, cacheControl] of Object.entries(expected)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    // The form hands off by navigation: no frame needs `payment`.
    expectSecurityHeaders(response.headers(), path);
    expect(response.headers()['cache-control'], path).toMatch(cacheControl);
  }
});

test('the cart’s Content-Security-Policy lets Checkout post to the shop’s endpoint', async ({ page }) => {
  const posts: string[] = [];
  await page.route(`${FORM_URL}**`, (route) => {
    posts.push(route.request().url());
    const returnUrl = new URLSearchParams(route.request().postData() ?? '').get('return_url') ?? '';
    return route.fulfill({ status: 303, headers: { location: returnUrl } });
  });
  await seedCart(page, [{ courseID: py101.id }]);
  await page.goto(`${base}/cart/`);
  await waitForHydration(page);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toMatch(/form-action [^;]*https:\/\/pay\.example\.com/);
  await page.getByRole('region', { name: 'Order summary' }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(`${base}/checkout/complete/`);
  expect(posts).toEqual([FORM_URL]);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
});

test.describe('offline under the sub-path', () => {
  test.use({
    serviceWorkers: 'allow',
    allowedRequestFailures: /^http:\/\/127\.0\.0\.1:\d+\/\S* net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$/,
    allowedConsole: /^Failed to load resource: net::ERR_(?:FAILED|INTERNET_DISCONNECTED)$/,
  });

  test('the service worker registers with the sub-path as its scope, and the home page opens offline', async ({
    page,
    context,
  }) => {
    await page.goto(`${base}/`);
    await waitForWorker(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe(`${base}/`);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Save big. Learn big.' })).toBeVisible();
  });
});
