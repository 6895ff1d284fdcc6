import { formatLike, localPricesFrom, previewDiscount, previewRequest, withCurrency } from './local-prices';

/** A line of a Paddle.PricePreview answer, as Paddle.js gives it (camelCase, amounts in lowest denomination). */
const line = (priceId: string, total: string, formatted: string) => ({
  price: { id: priceId },
  quantity: 1,
  totals: { subtotal: total, discount: '0', tax: '0', total },
  formattedTotals: { subtotal: formatted, discount: '€0.00', tax: '€0.00', total: formatted },
});

const answer = (currencyCode: string, lineItems: unknown[]) => ({
  data: { currencyCode, details: { lineItems } },
  meta: { requestId: 'x' },
});

describe('previewRequest', () => {
  it('asks for each price once, quantity 1, and nothing else without a code', () => {
    expect(previewRequest(['pri_a', 'pri_b', 'pri_a'])).toEqual({
      items: [
        { priceId: 'pri_a', quantity: 1 },
        { priceId: 'pri_b', quantity: 1 },
      ],
    });
    expect(previewRequest(['pri_a'], '')).not.toHaveProperty('discountId');
  });

  it("carries the code's discount by its Paddle id, for Paddle to judge, and never an amount", () => {
    expect(previewRequest(['pri_a'], 'dsc_01launch15')).toEqual({
      items: [{ priceId: 'pri_a', quantity: 1 }],
      discountId: 'dsc_01launch15',
    });
  });
});

describe('previewDiscount', () => {
  const rule = { paddleDiscountId: 'dsc_01launch15' };

  it('asks without a discount when the visit has no code, or one that does not apply', () => {
    expect(previewDiscount(null)).toEqual({ ask: true });
    expect(previewDiscount({ status: 'expired', rule })).toEqual({ ask: true });
    expect(previewDiscount({ status: 'unknown' })).toEqual({ ask: true });
  });

  it('asks with the Paddle id of a code that applies', () => {
    expect(previewDiscount({ status: 'applies', rule })).toEqual({ ask: true, discountId: 'dsc_01launch15' });
  });

  it('waits while the code is judged, and asks nothing for a code the shop gave no Paddle id', () => {
    expect(previewDiscount({ status: 'pending' })).toEqual({ ask: false });
    expect(previewDiscount({ status: 'applies', rule: {} })).toEqual({ ask: false });
  });
});

describe('localPricesFrom', () => {
  const courses = [
    ['py-101', 'pri_a'],
    ['js-201', 'pri_b'],
  ] as const;

  it("shows each course's total with tax, labelled with its currency, and the cart's sum written alike", () => {
    expect(
      localPricesFrom(answer('EUR', [line('pri_b', '2499', '€24.99'), line('pri_a', '1428', '€14.28')]), courses),
    ).toEqual({
      currency: 'EUR',
      byCourse: { 'py-101': '€14.28 EUR', 'js-201': '€24.99 EUR' },
      total: '€39.27 EUR',
    });
  });

  it('keeps the code out of the label when Paddle already wrote it, and the comma of a German price', () => {
    expect(
      localPricesFrom(answer('EUR', [line('pri_a', '1428', '14,28 €'), line('pri_b', '1000', '10,00 €')]), courses)
        ?.total,
    ).toBe('24,28 € EUR');
    expect(localPricesFrom(answer('CHF', [line('pri_a', '1428', 'CHF 14.28')]), [courses[0]])).toEqual({
      currency: 'CHF',
      byCourse: { 'py-101': 'CHF 14.28' },
      total: 'CHF 14.28',
    });
  });

  it('gives no total when a course has no line, but still the prices it has', () => {
    expect(localPricesFrom(answer('GBP', [line('pri_a', '1199', '£11.99')]), courses)).toEqual({
      currency: 'GBP',
      byCourse: { 'py-101': '£11.99 GBP' },
      total: null,
    });
  });

  it.each([
    ['no answer', undefined],
    ['an error object', { error: { code: 'invalid_field' } }],
    ['no currency', { data: { details: { lineItems: [line('pri_a', '1428', '€14.28')] } } }],
    ['a bad currency', answer('euro', [line('pri_a', '1428', '€14.28')])],
    ['no line items', { data: { currencyCode: 'EUR', details: {} } }],
    ['lines for other prices', answer('EUR', [line('pri_z', '1428', '€14.28')])],
    ['a line without a total', answer('EUR', [{ price: { id: 'pri_a' }, formattedTotals: { total: '€14.28' } }])],
    ['a negative total', answer('EUR', [line('pri_a', '-1428', '-€14.28')])],
    ['an empty text', answer('EUR', [line('pri_a', '1428', ' ')])],
  ])('shows nothing for %s (the shop’s price stays)', (_name, response) => {
    expect(localPricesFrom(response, courses)).toBeNull();
  });
});

describe('formatLike', () => {
  const sample = (formatted: string, minor: number) => ({ priceId: 'p', formatted, minor });

  it.each([
    ['€14.28', 1428, 5001, 'EUR', '€50.01'],
    ['14,28 €', 1428, 123456, 'EUR', null],
    ['1.234,50 €', 123450, 1234500, 'EUR', '12.345,00 €'],
    ['₹1,299.00', 129900, 1039200, 'INR', '₹10,392.00'],
    ['¥2,000', 2000, 6000, 'JPY', '¥6,000'],
    ['¥800', 800, 1600, 'JPY', null],
    ['US$9.99', 999, 2997, 'USD', 'US$29.97'],
    ['1428.00 kr', 142800, 285600, 'SEK', '2856.00 kr'],
    ['14 280,00 ₽', 1428000, 2856000, 'RUB', '28 560,00 ₽'],
  ])('writes a sum as %s is written', (formatted, minor, total, currency, expected) => {
    expect(formatLike([sample(formatted, minor)], total, currency)).toBe(expected);
  });

  it('learns the separators from the widest sample, and refuses what it cannot read', () => {
    expect(formatLike([sample('€9.99', 999), sample('€1,200.00', 120000)], 120999, 'EUR')).toBe('€1,209.99');
    expect(formatLike([sample('€14.28', 9999)], 1428, 'EUR')).toBeNull();
    expect(formatLike([sample('free', 0)], 0, 'EUR')).toBeNull();
    expect(formatLike([], 100, 'EUR')).toBeNull();
    expect(formatLike([sample('€1.00', 100)], Number.NaN, 'EUR')).toBeNull();
  });
});

describe('withCurrency', () => {
  it('adds the ISO code unless it is already there', () => {
    expect(withCurrency('$14.28', 'CAD')).toBe('$14.28 CAD');
    expect(withCurrency('CAD 14.28', 'CAD')).toBe('CAD 14.28');
  });
});
