import type { Page } from '@playwright/test';
import { PADDLE_CDN, paddleStubScript } from './paddle-stub-script.mjs';

/*
 * Paddle.js is never fetched from Paddle in the tests: a stub served for https://cdn.paddle.com
 * records what the site asks of it (Environment.set, Initialize, Checkout.open, PricePreview), and
 * sets window.PaddleBillingV1 as the real script does. Its PricePreview answers as Paddle's does
 * (camelCase, amounts in lowest denomination, formatted totals), with tax included, in the
 * currency and amounts a test gives.
 */

/** How the stub's PricePreview answers. */
export type PreviewOptions = {
  /** ISO 4217 code of the buyer's currency. */
  currency?: string;
  /** Each price id's total with tax, lowest denomination; an unknown id costs `fallback`. */
  totals?: Record<string, number>;
  fallback?: number;
  /** Percent off for the discounts Paddle knows, by id; any other id is refused, as Paddle refuses it. */
  discounts?: Record<string, number>;
  /** How long Paddle takes to answer, in ms. */
  delayMs?: number;
};

export type PaddleCalls = {
  environment: string[];
  initialize: { token: string }[];
  open: unknown[];
  preview: { items: { priceId: string; quantity: number }[]; discountId?: string }[];
  /** How many PricePreview calls the stub has answered (or refused) so far. */
  answered: number;
};

/** Serves the stub for Paddle's CDN; returns the URLs asked for. */
export async function stubPaddle(page: Page, preview: PreviewOptions = {}): Promise<string[]> {
  const requested: string[] = [];
  const body = paddleStubScript(preview);
  await page.route(`${PADDLE_CDN}**`, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body });
  });
  return requested;
}

export const paddleCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __paddle?: PaddleCalls }).__paddle ?? null);
