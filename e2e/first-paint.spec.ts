import type { Page } from '@playwright/test';
import { PREFETCH_HEADER } from '@/lib/route-prefetch';
import { pageEntry, readManifest, startupFiles } from '../build/manifest';
import { expect, test, waitForHydration, waitForWorker } from './fixtures';
import { expectQuietHydration, recordTransitions } from './page-checks';

/** What the export adapter recorded for the page at this path (the export manifest). */
const entryOf = (path: string) =>
  pageEntry(readManifest('out'), path === '/404.html' ? '404.html' : `${path.slice(1)}index.html`);

/**
 * The RSC files the page requests for other routes (any `.txt`, Next's segment files included),
 * not the page's own payload (`payload`), which its loader fetches to hydrate; a prefetch is
 * marked with PREFETCH_HEADER (lib/route-prefetch.ts).
 */
function recordPrefetches(page: Page, payload: string): { url: string; marked: boolean }[] {
  const requests: { url: string; marked: boolean }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.txt') && pathname !== payload)
      requests.push({ url: pathname, marked: request.headers()[PREFETCH_HEADER] === '1' });
  });
  return requests;
}

const stylesheets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => ({
      parent: link.parentElement?.tagName,
      href: link.getAttribute('href'),
    })),
  );

test.describe('first paint', () => {
  for (const path of ['/', '/category/python/', '/courses/py-101/', '/cart/', '/search/', '/404.html']) {
    // The served HTML alone (no browser): the pages' loads are checked in the tests below and every-page.spec.ts.
    test(`${path} carries its stylesheet rules in the head, and a loader for its scripts ends the body`, async ({
      request,
    }) => {
      const response = await request.get(path);
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<style>/g), 'one inline <style> in the head').toHaveLength(1);
      // The rules the page uses are inline; Next's link stays, disabled (not fetched until a
      // client-side navigation needs the rest), for React to adopt.
      const entry = entryOf(path);
      expect(entry.stylesheets).toHaveLength(1);
      expect(head.match(/<link[^>]*rel="stylesheet"[^>]*>/g)).toEqual([
        `<link rel="stylesheet" href="/${entry.stylesheets[0]}" data-precedence="next" disabled=""/>`,
      ]);
      // The payload is its route's index.txt, stored once, checked against the build id.
      expect(entry.payload).toMatch(/(^|\/)index\.txt$/);
      expect(html).toMatch(
        new RegExp(
          `<script data-loader="/${entry.loader}" data-startup="[^"]+" data-payload="/${encodeURI(entry.payload)}" ` +
            `data-mark="[\\w-]+">[^]+?</script></body>`,
        ),
      );
      // The framework's runtime is the loader's last script: added once the payload is in.
      expect(entry.scripts.at(-1)).toMatch(/\/turbopack-[\w-]+\.js$/);
      // Only Next's bootstrap stays inline.
      expect(html).not.toMatch(/<script>self\.__next_f\.push\(\[1,/);
      expect(html).toContain('<script>(self.__next_f=self.__next_f||[]).push([0])</script>');
      expect(html).not.toContain('<noscript>');
      // Nothing fetched beside the document: no async chunk and no script preload before the loader.
      expect(html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? [], 'only the nomodule polyfill').toEqual([
        expect.stringMatching(/ noModule=""/),
      ]);
      expect(html).not.toMatch(/<link[^>]*\sas="script"/);
      expect(html, 'no inline event handler').not.toMatch(/<[^>]+\son(load|error)=/i);
    });
  }

  for (const path of ['/', '/cart/']) {
    test(`${path} loads each script and the RSC payload its loader lists, once, no stylesheet, and hydrates`, async ({
      page,
    }) => {
      const requested: string[] = [];
      page.on('request', (request) => {
        if (['script', 'stylesheet', 'fetch'].includes(request.resourceType()))
          requested.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await waitForHydration(page);
      const listed = startupFiles(entryOf(path)).map((file) => `/${file}`);
      expect(requested.filter((url) => listed.includes(url)).sort()).toEqual([...listed].sort());
      expect(
        requested.filter((url) => url.endsWith('.css')),
        'the stylesheet is inline',
      ).toEqual([]);
      // Each start-up script asks V8 to compile it eagerly, off the main thread.
      for (const script of entryOf(path).scripts) {
        const text = await (await page.request.get(`/${script}`)).text();
        expect(text.startsWith('//# allFunctionsCalledOnLoad\n'), script).toBe(true);
      }
      // React adopted Next's (disabled) link: no second copy, nothing applied twice.
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
    });
  }

  test('client navigation is styled: the whole stylesheet is fetched once, by the link the page had', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') fetched.push(request.url());
    });
    await page.goto('/');
    await waitForHydration(page);
    const before = await stylesheets(page);
    expect(before).toHaveLength(1);
    expect(before[0]?.parent).toBe('HEAD');
    await page.locator('main a[href^="/category/"]').first().click();
    await expect(page).toHaveURL(/\/category\//);
    await page.locator('main a[href^="/courses/"]').first().click();
    await expect(page).toHaveURL(/\/courses\//);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // Unstyled, the heading would be the browser's default (serif, normal weight).
    const { fontWeight, fontFamily } = await heading.evaluate((element) => getComputedStyle(element));
    expect(Number(fontWeight)).toBeGreaterThanOrEqual(700);
    expect(fontFamily).toContain('system-ui');
    expect(await stylesheets(page)).toEqual(before);
    expect(fetched.map((url) => new URL(url).pathname)).toEqual([before[0]!.href]);
  });

  // And /, /category/python/, /courses/py-101/ and /cart/ in e2e/every-page.spec.ts.
  for (const path of ['/search/', '/wishlist/', '/404.html']) {
    test(`${path} hydrates and reads the saved lists with no transition or animation running`, async ({ page }) => {
      await recordTransitions(page);
      await page.goto(path);
      await waitForHydration(page);
      await expectQuietHydration(page);
    });
  }

  test.describe('with the service worker that keeps prefetches', () => {
    test.use({ serviceWorkers: 'allow' });

    for (const path of ['/', '/cart/', '/category/python/']) {
      test(`${path} prefetches no route on sight, and a route's payload on hover`, async ({ page }) => {
        const prefetches = recordPrefetches(page, `/${encodeURI(entryOf(path).payload)}`);
        await page.goto(path);
        await waitForHydration(page);
        await waitForWorker(page);
        await page.waitForTimeout(1000);
        expect(prefetches, 'no prefetch without intent').toEqual([]);

        const link = page.locator('a[href^="/courses/"]:visible, a[href^="/category/"]:visible').first();
        const href = await link.getAttribute('href');
        await link.hover();
        await expect.poll(() => prefetches).toContainEqual({ url: `${href}index.txt`, marked: true });
        await page.waitForTimeout(500);
        expect(prefetches, 'one request, for its payload').toHaveLength(1);
      });
    }

    test('a navigation to a prefetched route takes its payload from the worker, not the network again', async ({
      page,
      context,
    }) => {
      const target = '/category/python/';
      /** The payload's requests that reached the network (the worker's own fetches). */
      const fromNetwork: string[] = [];
      context.on('request', (request) => {
        if (request.serviceWorker() && new URL(request.url()).pathname === `${target}index.txt`)
          fromNetwork.push(request.url());
      });
      await page.goto('/');
      await waitForHydration(page);
      await waitForWorker(page);
      const link = page.locator(`a[href="${target}"]:visible`).first();
      await link.hover();
      await expect.poll(() => fromNetwork).toHaveLength(1);

      const navigation = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === `${target}index.txt` && url.searchParams.has('_rsc');
      });
      await link.click();
      const payload = await navigation;
      await expect(page).toHaveURL(target);
      await expect(page.getByRole('heading', { level: 1, name: 'Python' })).toBeVisible();
      expect(payload.fromServiceWorker(), 'answered by the worker').toBe(true);
      expect(payload.status()).toBe(200);
      expect(fromNetwork, 'the prefetch was the only network request').toHaveLength(1);
    });
  });
});
