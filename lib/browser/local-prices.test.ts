import { LOCAL_PRICE_TIMEOUT_MS } from '../local-prices';
import { answerWithin, previewLocalPrices, type LocalPriceDeps } from './local-prices';

/*
 * The buyer's local price in the browser: whatever goes wrong (a blocked script, an error, a price
 * id missing, no answer in time) the answer is null and the page keeps the shop's own price.
 */

const PRICE_IDS: Record<string, string | undefined> = { 'py-101': 'pri_py', 'js-201': 'pri_js', 'no-id': undefined };

const eur = (request: { items: { priceId: string }[] }) => ({
  data: {
    currencyCode: 'EUR',
    details: {
      lineItems: request.items.map(({ priceId }) => ({
        price: { id: priceId },
        totals: { total: '1428' },
        formattedTotals: { total: '€14.28' },
      })),
    },
  },
});

function deps(preview: (request: never) => Promise<unknown>, overrides: Partial<LocalPriceDeps> = {}) {
  const PricePreview = jest.fn(preview);
  const paddle = jest.fn(async () => ({ PricePreview }) as never);
  return {
    PricePreview,
    paddle,
    deps: {
      priceIdOf: async (courseId: string) => PRICE_IDS[courseId],
      paddle,
      timeoutMs: LOCAL_PRICE_TIMEOUT_MS,
      ...overrides,
    } satisfies LocalPriceDeps,
  };
}

afterEach(() => jest.useRealTimers());

describe('previewLocalPrices', () => {
  it("asks Paddle for the courses' price ids, with the code's discount, and shows its answer", async () => {
    const { deps: d, PricePreview } = deps(async (request) => eur(request));
    await expect(previewLocalPrices(['py-101', 'js-201'], 'dsc_01launch15', d)).resolves.toEqual({
      currency: 'EUR',
      byCourse: { 'py-101': '€14.28 EUR', 'js-201': '€14.28 EUR' },
      total: '€28.56 EUR',
    });
    expect(PricePreview.mock.calls).toEqual([
      [
        {
          items: [
            { priceId: 'pri_py', quantity: 1 },
            { priceId: 'pri_js', quantity: 1 },
          ],
          discountId: 'dsc_01launch15',
        },
      ],
    ]);
  });

  it('leaves out a course without a price id (and then gives no total), and loads nothing for none', async () => {
    const { deps: d, PricePreview, paddle } = deps(async (request) => eur(request));
    expect((await previewLocalPrices(['py-101', 'no-id'], undefined, d))?.total).toBeNull();
    expect(PricePreview.mock.calls[0]?.[0]).toEqual({ items: [{ priceId: 'pri_py', quantity: 1 }] });
    paddle.mockClear();
    await expect(previewLocalPrices(['no-id'], undefined, d)).resolves.toBeNull();
    await expect(previewLocalPrices([], undefined, d)).resolves.toBeNull();
    expect(paddle).not.toHaveBeenCalled();
  });

  it('is null when Paddle.js cannot load, the preview fails, or a price id cannot be fetched', async () => {
    const blocked = deps(async (request) => eur(request), {
      paddle: () => Promise.reject(new Error('blocked')),
    });
    await expect(previewLocalPrices(['py-101'], undefined, blocked.deps)).resolves.toBeNull();
    const refused = deps(() => Promise.reject(new Error('discount code not found')));
    await expect(previewLocalPrices(['py-101'], 'dsc_unknown', refused.deps)).resolves.toBeNull();
    const offline = deps(async (request) => eur(request), {
      priceIdOf: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(previewLocalPrices(['py-101'], undefined, offline.deps)).resolves.toBeNull();
    await expect(previewLocalPrices(['py-101'], undefined, null)).resolves.toBeNull();
  });

  it('is null when Paddle has not answered within the time allowed, and ignores its late answer', async () => {
    jest.useFakeTimers();
    let answer: (value: unknown) => void = () => {};
    const { deps: d } = deps(() => new Promise((resolve) => (answer = resolve)));
    const result = previewLocalPrices(['py-101'], undefined, d);
    await jest.advanceTimersByTimeAsync(LOCAL_PRICE_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    answer(eur({ items: [{ priceId: 'pri_py' }] }));
    await expect(result).resolves.toBeNull();
  });
});

describe('answerWithin', () => {
  it("gives the work's answer in time", async () => {
    await expect(answerWithin(async () => 'ok', 1_000)).resolves.toBe('ok');
  });
});
