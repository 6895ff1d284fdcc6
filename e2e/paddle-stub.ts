import type { Page } from '@playwright/test';

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

const stubScript = (options: PreviewOptions) => `
  window.__paddle = { environment: [], initialize: [], open: [], preview: [], answered: 0 };
  const options = ${JSON.stringify({ currency: 'EUR', totals: {}, fallback: 1428, discounts: {}, delayMs: 0, ...options })};
  const money = new Intl.NumberFormat('en-IE', { style: 'currency', currency: options.currency });
  const digits = money.resolvedOptions().maximumFractionDigits;
  const write = (minor) => money.format(minor / 10 ** digits);
  const paddle = {
    Initialized: false,
    Environment: { set: (environment) => window.__paddle.environment.push(environment) },
    Initialize(options) { this.Initialized = true; window.__paddle.initialize.push({ token: options.token }); },
    Update() {},
    Checkout: { open: (options) => window.__paddle.open.push(JSON.parse(JSON.stringify(options))) },
    PricePreview(request) {
      window.__paddle.preview.push(JSON.parse(JSON.stringify(request)));
      const off = request.discountId === undefined ? 0 : options.discounts[request.discountId];
      const answer = () => {
        if (off === undefined) throw { error: { type: 'request_error', code: 'not_found' } };
        return {
          data: {
            currencyCode: options.currency,
            discountId: null,
            details: {
              lineItems: request.items.map(({ priceId, quantity }) => {
                const full = options.totals[priceId] ?? options.fallback;
                const total = full - Math.round((full * off) / 100);
                const discount = full - total;
                return {
                  price: { id: priceId },
                  quantity,
                  totals: { subtotal: String(full), discount: String(discount), tax: '0', total: String(total) },
                  formattedTotals: { subtotal: write(full), discount: write(discount), tax: write(0), total: write(total) },
                };
              }),
            },
          },
          meta: { requestId: 'stub' },
        };
      };
      return new Promise((resolve, reject) =>
        setTimeout(() => { window.__paddle.answered++; try { resolve(answer()); } catch (error) { reject(error); } }, options.delayMs),
      );
    },
  };
  window.Paddle = paddle;
  window.PaddleBillingV1 = paddle;
`;

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
  const body = stubScript(preview);
  await page.route('https://cdn.paddle.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body });
  });
  return requested;
}

export const paddleCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __paddle?: PaddleCalls }).__paddle ?? null);
