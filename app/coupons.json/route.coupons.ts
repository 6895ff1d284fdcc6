import { getCouponRules } from '@/lib/server/catalogue';

/*
 * /coupons.json: the shop's coupon rules (lib/server/coupons.ts), each code only as a hash. A
 * page fetches it only when the visitor brought a code (`?coupon=`, `?couponCode=`) or has one
 * kept from earlier in the visit. A route only in a build with a coupons file: next.config.mjs
 * adds the `.coupons.ts` extension then, so a shop without coupons exports no /coupons.json.
 */
export const dynamic = 'force-static';

export function GET() {
  return Response.json(getCouponRules());
}
