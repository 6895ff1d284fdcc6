import { getCouponRules } from '@/lib/server/catalogue';

/*
 * /coupons.json: the shop's coupon rules (lib/server/coupons.ts), each code only as a hash. A
 * page fetches it only when the visitor brought a code (`?coupon=`, `?couponCode=`) or has one
 * kept from earlier in the visit; `[]` when the shop has no coupons file.
 */
export const dynamic = 'force-static';

export function GET() {
  return Response.json(getCouponRules());
}
