import type { Page } from '@playwright/test';

/*
 * Paddle.js is never fetched from Paddle in the tests: a stub served for https://cdn.paddle.com
 * records what the site asks of it (Environment.set, Initialize, Checkout.open).
 */

/** Paddle.js as the site sees it: records every call in window.__paddle. */
const STUB_PADDLE = `
  window.__paddle = { environment: [], initialize: [], open: [] };
  const paddle = {
    Initialized: false,
    Environment: { set: (environment) => window.__paddle.environment.push(environment) },
    Initialize(options) { this.Initialized = true; window.__paddle.initialize.push({ token: options.token }); },
    Update() {},
    Checkout: { open: (options) => window.__paddle.open.push(JSON.parse(JSON.stringify(options))) },
  };
  window.Paddle = paddle;
  window.PaddleBillingV1 = paddle;
`;

export type PaddleCalls = { environment: string[]; initialize: { token: string }[]; open: unknown[] };

/** Serves the stub for Paddle's CDN; returns the URLs asked for. */
export async function stubPaddle(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route('https://cdn.paddle.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: STUB_PADDLE });
  });
  return requested;
}

export const paddleCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __paddle?: PaddleCalls }).__paddle ?? null);
