import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectSecurityHeaders, test } from './fixtures';

/*
 * scripts/tools/serve.mjs sends the headers a real host is told to send (build/host-headers.ts, the
 * source of public/_headers and docs/nginx.conf), so every e2e test runs under them; here, that
 * they are there and what they are for.
 */

test('every kind of response carries the security headers, and the right caching', async ({ page, request }) => {
  await page.goto('/');
  const chunk = await page.evaluate(
    () => document.querySelector<HTMLScriptElement>('script[data-startup]')!.dataset.startup!.split(' ')[0]!,
  );
  const IMMUTABLE = 'public, max-age=31536000, immutable';
  const REVALIDATE = 'no-cache';
  const expected = {
    '/': REVALIDATE,
    '/courses/py-101/': REVALIDATE,
    '/cart/': REVALIDATE,
    '/courses/py-101/index.txt': REVALIDATE,
    '/sw.js': REVALIDATE,
    '/pagefind/pagefind.js': REVALIDATE,
    [chunk]: IMMUTABLE,
  };
  for (const [path, cacheControl] of Object.entries(expected)) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    // The shipped build has no checkout frame: no payment for anyone (a Paddle build's: checkout.hostile.spec.ts).
    expectSecurityHeaders(response.headers(), path);
    expect(response.headers()['cache-control'], path).toBe(cacheControl);
  }
  const missing = await request.get('/no-such-page/');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
});

test.describe('framing', () => {
  test.use({
    // Chromium reports the refused frame on the console, and the frame's load as blocked.
    allowedConsole: /Refused to (frame|display)|frame-ancestors/,
    allowedRequestFailures: /ERR_BLOCKED_BY_RESPONSE/,
  });

  test('a page on another origin cannot frame the site (clickjacking)', async ({ page, baseURL }) => {
    // Another origin: the same machine, another port (a public origin framing 127.0.0.1 would be
    // refused by Chromium's local network checks anyway, whatever the site's headers).
    const server = http.createServer((request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(
        request.url === '/framable'
          ? '<h1>Framable</h1>'
          : `<iframe id="site" src="${baseURL}/"></iframe><iframe id="control" src="/framable"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const refused = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
      await page.goto(`http://127.0.0.1:${port}/`);
      await refused;
      // The control frame, from a page without the header, loads; the site's does not.
      await expect(page.frameLocator('#control').getByRole('heading', { name: 'Framable' })).toBeVisible();
      const site = page.frames().find((frame) => frame.url().startsWith(baseURL!));
      const heading = site ? await site.locator('h1').count() : 0;
      expect(heading).toBe(0);
    } finally {
      server.close();
    }
  });
});
