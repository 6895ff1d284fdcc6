/*
 * Coupon links (issue 45, section 2; docs/selling.md, 'Coupon links'), as pure functions. The
 * export never holds a code, only a hash of it (couponHash); a visitor's code is matched by
 * hashing what they brought. What is computed here is a promise: the code, never an amount,
 * goes to the provider, which decides what is charged.
 */

/** Whether this build has a coupons file (next.config.mjs, NEXT_PUBLIC_COUPONS). */
export const couponsEnabled = process.env.NEXT_PUBLIC_COUPONS === '1';

/** A coupon as the export ships it: the hash of its code and its rule, amounts in minor units. */
export type CouponRule = {
  hash: string;
  /** Whole percent, 1–100; or `amountOff` in minor units of the shop's currency. */
  percentOff?: number;
  amountOff?: number;
  /** Course ids it applies to; absent for every course. */
  courses?: string[];
  /** 'YYYY-MM-DD', inclusive, in the visitor's today. */
  starts?: string;
  expires?: string;
  /** The discount's id at Paddle, for its pricing preview (which takes no code). */
  paddleDiscountId?: string;
};

/** Whether a code applies to a course (or to any in a list), and if not, why not. */
export type CouponStatus = 'applies' | 'unknown' | 'expired' | 'not-started' | 'other-courses';

/** A code as it is compared: trimmed and upper-cased, so 'spring25 ' is 'SPRING25'. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Hex SHA-256 of the normalised code, with Web Crypto (the browser's, and Node's at build). */
export async function couponHash(code: string): Promise<string> {
  const bytes = new TextEncoder().encode(normalizeCouponCode(code));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Today in the visitor's time zone, as 'YYYY-MM-DD': the day coupon dates are read in. */
export function localToday(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The rule whose hash is `hash`, if any. */
export function findCoupon(rules: readonly CouponRule[], hash: string): CouponRule | undefined {
  return rules.find((rule) => rule.hash === hash);
}

/**
 * Whether `rule` applies on `today` to at least one of `courseIds` (every course when the list
 * is empty: a link to the home page). Dates are inclusive.
 */
export function couponStatus(
  rule: CouponRule | undefined,
  today: string,
  courseIds: readonly string[] = [],
): CouponStatus {
  if (!rule) return 'unknown';
  if (rule.starts !== undefined && today < rule.starts) return 'not-started';
  if (rule.expires !== undefined && today > rule.expires) return 'expired';
  if (rule.courses && courseIds.length > 0 && !courseIds.some((id) => rule.courses!.includes(id)))
    return 'other-courses';
  return 'applies';
}

/** Whether `rule` lowers the price of `courseId` on `today`. */
export function couponAppliesTo(rule: CouponRule, courseId: string, today: string): boolean {
  return couponStatus(rule, today, [courseId]) === 'applies';
}

/**
 * The price of `courseId` after `rule`, in integer minor units: a percentage rounds to the
 * currency's smallest unit (Math.round on minor units, so JPY and KWD round to their own
 * digits); an amount never takes a price below zero. The price itself when it does not apply.
 */
export function discountedPrice(rule: CouponRule | undefined, courseId: string, price: number, today: string): number {
  if (!rule || !couponAppliesTo(rule, courseId, today)) return price;
  if (rule.percentOff !== undefined) return price - Math.round((price * rule.percentOff) / 100);
  if (rule.amountOff !== undefined) return Math.max(0, price - rule.amountOff);
  return price;
}

/** Plain words for a code that changes no price. */
export function couponProblem(code: string, status: Exclude<CouponStatus, 'applies'>): string {
  switch (status) {
    case 'unknown':
      return `The code ${code} is not valid here. Prices are unchanged.`;
    case 'expired':
      return `The code ${code} has expired. Prices are unchanged.`;
    case 'not-started':
      return `The code ${code} is not valid yet. Prices are unchanged.`;
    case 'other-courses':
      return `The code ${code} is for other courses. Prices are unchanged.`;
  }
}

/** The coupon code in an address's query: `coupon`, else Udemy's `couponCode`; null when neither. */
export function couponFromSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  const code = normalizeCouponCode(params.get('coupon') ?? params.get('couponCode') ?? '');
  return code === '' ? null : code;
}
