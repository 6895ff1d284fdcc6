/** @jest-environment node */
import { createHash } from 'node:crypto';
import {
  couponFromSearch,
  couponHash,
  couponProblem,
  couponStatus,
  discountedPrice,
  findCoupon,
  localToday,
  normalizeCouponCode,
  type CouponRule,
} from './coupons';

const TODAY = '2026-11-27';

describe('couponHash', () => {
  it('is the hex SHA-256 of the trimmed, upper-cased code', async () => {
    const expected = createHash('sha256').update('SPRING25').digest('hex');
    await expect(couponHash('  spring25 ')).resolves.toBe(expected);
    await expect(couponHash('SPRING25')).resolves.toBe(expected);
    expect(normalizeCouponCode(' Spring25\n')).toBe('SPRING25');
  });
});

describe('couponFromSearch', () => {
  it('reads ?coupon=, else Udemy-style ?couponCode=, normalised; null without either', () => {
    expect(couponFromSearch('?coupon=spring25')).toBe('SPRING25');
    expect(couponFromSearch('?couponCode=abc&x=1')).toBe('ABC');
    expect(couponFromSearch('?coupon=a&couponCode=b')).toBe('A');
    expect(couponFromSearch('?coupon=%20')).toBeNull();
    expect(couponFromSearch('?add=py-101')).toBeNull();
  });
});

describe('localToday', () => {
  it("is the visitor's calendar day, not UTC's", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });
});

describe('couponStatus', () => {
  const rule: CouponRule = {
    hash: 'h',
    percentOff: 10,
    courses: ['py-101'],
    starts: '2026-11-01',
    expires: '2026-11-30',
  };

  it('is unknown for no rule', () => {
    expect(couponStatus(findCoupon([rule], 'other'), TODAY)).toBe('unknown');
    expect(findCoupon([rule], 'h')).toBe(rule);
  });

  it('takes starts and expires as inclusive days', () => {
    expect(couponStatus(rule, '2026-10-31')).toBe('not-started');
    expect(couponStatus(rule, '2026-11-01')).toBe('applies');
    expect(couponStatus(rule, '2026-11-30')).toBe('applies');
    expect(couponStatus(rule, '2026-12-01')).toBe('expired');
  });

  it('is for other courses when none of the given courses is in its list; any list applies with no courses', () => {
    expect(couponStatus(rule, TODAY, ['web-1'])).toBe('other-courses');
    expect(couponStatus(rule, TODAY, ['web-1', 'py-101'])).toBe('applies');
    expect(couponStatus(rule, TODAY, [])).toBe('applies');
    expect(couponStatus({ hash: 'h', percentOff: 5 }, TODAY, ['web-1'])).toBe('applies');
  });
});

describe('discountedPrice', () => {
  it('takes a percentage, rounding on minor units (USD cents, JPY yen, KWD fils)', () => {
    const quarter: CouponRule = { hash: 'h', percentOff: 25 };
    expect(discountedPrice(quarter, 'a', 1999, TODAY)).toBe(1499); // 499.75 → 500 off
    expect(discountedPrice(quarter, 'a', 1299, TODAY)).toBe(974); // JPY ￥1,299: 324.75 → 325 off
    expect(discountedPrice({ hash: 'h', percentOff: 15 }, 'a', 12345, TODAY)).toBe(10493); // KWD 12.345: 1851.75 → 1852 off
    expect(discountedPrice({ hash: 'h', percentOff: 100 }, 'a', 1999, TODAY)).toBe(0);
  });

  it('takes an amount, never below zero', () => {
    expect(discountedPrice({ hash: 'h', amountOff: 500 }, 'a', 1999, TODAY)).toBe(1499);
    expect(discountedPrice({ hash: 'h', amountOff: 5000 }, 'a', 1999, TODAY)).toBe(0);
  });

  it('leaves the price as it is out of scope, before it starts, after it expires, or with no rule', () => {
    const scoped: CouponRule = { hash: 'h', percentOff: 50, courses: ['py-101'], expires: '2026-11-27' };
    expect(discountedPrice(scoped, 'py-101', 1000, TODAY)).toBe(500);
    expect(discountedPrice(scoped, 'web-1', 1000, TODAY)).toBe(1000);
    expect(discountedPrice(scoped, 'py-101', 1000, '2026-11-28')).toBe(1000);
    expect(discountedPrice({ ...scoped, starts: '2026-11-28' }, 'py-101', 1000, TODAY)).toBe(1000);
    expect(discountedPrice(undefined, 'py-101', 1000, TODAY)).toBe(1000);
  });
});

describe('couponProblem', () => {
  it('says in plain words why a code changes no price', () => {
    expect(couponProblem('OLD10', 'expired')).toBe('The code OLD10 has expired. Prices are unchanged.');
    expect(couponProblem('X', 'unknown')).toMatch(/not valid here/);
    expect(couponProblem('X', 'not-started')).toMatch(/not valid yet/);
    expect(couponProblem('X', 'other-courses')).toMatch(/for other courses/);
  });
});
