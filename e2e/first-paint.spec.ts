import type { Page, Request, Route } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';

/**
 * The RSC payload requests Next's router makes to prefetch a route (`__next.*.txt`, `index.txt`),
 * not the page's own payload, which its loader fetches to hydrate (`_next/static/flight/…`).
 */
function isRoutePrefetch(request: Request): boolean {
  const name = new URL(request.url()).pathname.split('/').pop()!;
  return name === 'index.txt' || (name.startsWith('__next.') && name.endsWith('.txt'));
}

function recordPrefetches(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (isRoutePrefetch(request)) urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

const stylesheets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) => ({
      parent: link.parentElement?.tagName,
      href: link.getAttribute('href'),
    })),
  );

test.describe('first paint (issue 11)', () => {
  for (const path of ['/', '/category/python/', '/courses/py-101/', '/cart/', '/search/', '/404.html']) {
    test(`${path} carries its critical CSS in the head, and a loader for its stylesheet and scripts ends the body`, async ({
      page,
    }) => {
      const response = await page.request.get(path);
      const html = await response.text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head.match(/<style>/g), 'one inline <style> in the head').toHaveLength(1);
      expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
      // The stylesheet is the loader's to add (a <noscript> links it without JavaScript).
      expect(html).toMatch(
        /<noscript><link rel="stylesheet" href="([^"]+\.css)"\/><\/noscript><script data-startup="[^"]+" data-stylesheets="\1" data-flight="\/_next\/static\/flight\/[0-9a-f]+\.txt">[^]+?<\/script><\/body>/,
      );
      // The RSC payload is the loader's to fetch as well: only Next's bootstrap stays inline.
      expect(html).not.toMatch(/<script>self\.__next_f\.push\(\[1,/);
      expect(html).toContain('<script>(self.__next_f=self.__next_f||[]).push([0])</script>');
      expect(html).not.toMatch(/<link[^>]*data-precedence/);
      // Nothing fetched beside the document: no async chunk and no script preload before the loader.
      expect(html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? [], 'only the nomodule polyfill').toEqual([
        expect.stringMatching(/ noModule=""/),
      ]);
      expect(html).not.toMatch(/<link[^>]*\sas="script"/);
      expect(html, 'no inline event handler').not.toMatch(/<[^>]+\son(load|error)=/i);
    });
  }

  for (const path of ['/', '/cart/']) {
    test(`${path} loads the stylesheet, each script and the RSC payload its loader lists, once, and hydrates`, async ({
      page,
    }) => {
      const requested: string[] = [];
      page.on('request', (request) => {
        if (['script', 'stylesheet', 'fetch'].includes(request.resourceType()))
          requested.push(new URL(request.url()).pathname);
      });
      await page.goto(path);
      await waitForHydration(page);
      const loader = page.locator('script[data-startup]');
      const listed = [
        ...(await loader.getAttribute('data-startup'))!.split(' '),
        ...(await loader.getAttribute('data-stylesheets'))!.split(' '),
        (await loader.getAttribute('data-flight'))!,
      ];
      expect(listed.filter((url) => url.endsWith('.css'))).toHaveLength(1);
      expect(requested.filter((url) => listed.includes(url)).sort()).toEqual([...listed].sort());
      // The stylesheet React finds on hydration is the one the loader added: no second copy.
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
    });
  }

  test('the page is styled before the stylesheet arrives', async ({ page }) => {
    const held: Route[] = [];
    await page.route('**/*.css', (route) => {
      held.push(route);
    });
    await page.goto('/courses/py-101/', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect.poll(() => held.length, 'the stylesheet is still on its way').toBe(1);
    // Unstyled, the heading would be the browser's default (serif, at the page's edge).
    const { fontWeight, fontFamily } = await heading.evaluate((element) => getComputedStyle(element));
    expect(Number(fontWeight)).toBeGreaterThanOrEqual(700);
    expect(fontFamily).toContain('system-ui');
    await Promise.all(held.map((route) => route.continue()));
    await waitForHydration(page);
  });

  test('client navigation reuses the one stylesheet: no second copy', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const before = await stylesheets(page);
    expect(before).toHaveLength(1);
    // Added to the head by the loader once the page has loaded.
    expect(before[0]?.parent).toBe('HEAD');
    await page.locator('main a[href^="/category/"]').first().click();
    await expect(page).toHaveURL(/\/category\//);
    await page.locator('main a[href^="/courses/"]').first().click();
    await expect(page).toHaveURL(/\/courses\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await stylesheets(page)).toEqual(before);
  });

  for (const path of ['/', '/cart/', '/category/python/']) {
    test(`${path} prefetches no route on sight, and a route on hover`, async ({ page }) => {
      const prefetches = recordPrefetches(page);
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForTimeout(1000);
      expect(prefetches, 'no prefetch without intent').toEqual([]);

      const link = page.locator('a[href^="/courses/"]:visible, a[href^="/category/"]:visible').first();
      const href = await link.getAttribute('href');
      await link.hover();
      await expect.poll(() => prefetches.some((url) => url.startsWith(href!))).toBe(true);
    });
  }
});
