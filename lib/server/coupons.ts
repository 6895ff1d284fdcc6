import 'server-only';
import { createHash } from 'node:crypto';
import { normalizeCouponCode, type CouponRule } from '../coupons';
import type { CouponRecord } from '../schema';

/**
 * The rules the export ships for the checked coupons file: each code only as the hex SHA-256 of
 * its normalised form (lib/coupons.ts couponHash computes the same in the browser), amounts in
 * minor units of the shop's currency (`digits` decimals). The code itself never leaves the build.
 */
export function toCouponRules(records: readonly CouponRecord[], digits: number): CouponRule[] {
  return records.map(({ code, percent_off, amount_off, courses, starts, expires, paddle_discount_id }) => ({
    hash: createHash('sha256').update(normalizeCouponCode(code)).digest('hex'),
    ...(percent_off !== undefined ? { percentOff: percent_off } : {}),
    ...(amount_off !== undefined ? { amountOff: Math.round(amount_off * 10 ** digits) } : {}),
    ...(courses ? { courses } : {}),
    ...(starts ? { starts } : {}),
    ...(expires ? { expires } : {}),
    ...(paddle_discount_id ? { paddleDiscountId: paddle_discount_id } : {}),
  }));
}
