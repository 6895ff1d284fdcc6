/** @jest-environment node */
import { couponHash, discountedPrice, findCoupon } from '../coupons';
import { toCouponRules } from './coupons';

jest.mock('server-only', () => ({}));

describe('toCouponRules', () => {
  const records = [
    { code: 'spring25', percent_off: 25 },
    { code: 'PY-FIVE', amount_off: 5.5, courses: ['py-101'], starts: '2026-01-01', expires: '2026-12-31' },
  ];

  it('ships no code in clear, in any case, only hashes the browser can match', async () => {
    const rules = toCouponRules(records, 2);
    const payload = JSON.stringify(rules);
    for (const { code } of records) {
      expect(payload.toLowerCase()).not.toContain(code.toLowerCase());
      expect(findCoupon(rules, await couponHash(` ${code.toLowerCase()} `))).toBeDefined();
    }
  });

  it("keeps each rule, amounts in the currency's minor units", () => {
    const [spring, five] = toCouponRules(records, 2);
    expect(spring).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), percentOff: 25 });
    expect(five).toEqual({
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      amountOff: 550,
      courses: ['py-101'],
      starts: '2026-01-01',
      expires: '2026-12-31',
    });
    expect(discountedPrice(five, 'py-101', 1999, '2026-06-01')).toBe(1449);
    expect(toCouponRules([{ code: 'Y', amount_off: 500 }], 0)[0]!.amountOff).toBe(500);
    expect(toCouponRules([{ code: 'K', amount_off: 1.25 }], 3)[0]!.amountOff).toBe(1250);
  });
});
