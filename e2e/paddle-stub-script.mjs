// @ts-check
/**
 * The stub Paddle.js, as a script's text: what e2e/paddle-stub.ts serves for Paddle's CDN in the
 * tests, and what the main-thread gate serves with --paddle=stub (scripts/perf/blocking.mjs). It
 * records what the site asks of it, sets window.PaddleBillingV1 as the real script does, and answers
 * PricePreview as Paddle does (options: e2e/paddle-stub.ts, PreviewOptions).
 */

/** Where Paddle.js loads from. */
export const PADDLE_CDN = 'https://cdn.paddle.com/';

/** @param {object} options see PreviewOptions in e2e/paddle-stub.ts */
export const paddleStubScript = (options) => `
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
