import 'client-only';
import { useSyncExternalStore } from 'react';
import {
  couponFromSearch,
  couponHash,
  couponStatus,
  discountedPrice,
  findCoupon,
  localToday,
  type CouponRule,
  type CouponStatus,
} from '../coupons';
import { basePath } from '../routes';

/*
 * The visitor's coupon for this visit (sessionStorage): read from `?coupon=` / `?couponCode=` on
 * any page, matched against /coupons.json (fetched only when there is a code) by its hash. Until
 * hydration, and on the server, there is none: prices show in full, never a wrong one.
 */

/**
 * Whether this build has coupons (lib/coupons.ts couponsEnabled), read here rather than imported:
 * Next folds the variable into each module that reads it, and only a test folded in this module
 * lets the minifier drop the store, its fetch and its hashing from a build without coupons.
 */
const enabled = process.env.NEXT_PUBLIC_COUPONS === '1';

/** The sessionStorage key of the code the visitor brought. */
export const COUPON_STORAGE_KEY = 'coupon';

/** A code and what it does: `pending` while the rules load. */
export type ActiveCoupon = { code: string; status: CouponStatus | 'pending'; rule?: CouponRule };

let current: ActiveCoupon | null = null;
let started = false;
const listeners = new Set<() => void>();

function set(next: ActiveCoupon | null) {
  current = next;
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function storedCode(): string | null {
  try {
    const raw = storage()?.getItem(COUPON_STORAGE_KEY) ?? null;
    return raw === null ? null : couponFromSearch(`?coupon=${encodeURIComponent(raw)}`);
  } catch {
    return null;
  }
}

async function match(code: string): Promise<ActiveCoupon> {
  try {
    const response = await fetch(`${basePath}/coupons.json`, { signal: AbortSignal.timeout(15_000) });
    const rules = response.ok ? ((await response.json()) as CouponRule[]) : [];
    const rule = Array.isArray(rules) ? findCoupon(rules, await couponHash(code)) : undefined;
    return { code, status: couponStatus(rule, localToday(new Date())), rule };
  } catch {
    return { code, status: 'unknown' };
  }
}

/** Reads the address and storage once, after hydration; keeps a code brought in the address. */
function start() {
  if (started) return;
  started = true;
  const brought = couponFromSearch(window.location.search);
  if (brought) {
    try {
      storage()?.setItem(COUPON_STORAGE_KEY, brought);
    } catch {
      // Storage full or refused: the code holds for this page only.
    }
  }
  const code = brought ?? storedCode();
  if (!code) return;
  set({ code, status: 'pending' });
  void match(code).then((result) => {
    if (current?.code === code) set(result);
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  queueMicrotask(start);
  return () => listeners.delete(listener);
}

function useVisitCoupon(): ActiveCoupon | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

function useNoCoupon(): ActiveCoupon | null {
  return null;
}

/** The coupon of this visit, or null: none, before hydration, or a build without coupons. */
export const useCoupon: () => ActiveCoupon | null = enabled ? useVisitCoupon : useNoCoupon;

/** A price with the visit's code: the code, and the price in minor units it comes to. */
export type CouponPrice = { code: string; price: number };

function useVisitCouponPrice(courseId: string, price: number): CouponPrice | null {
  const coupon = useVisitCoupon();
  const rule = appliedRule(coupon);
  if (!coupon || !rule) return null;
  const discounted = discountedPrice(rule, courseId, price, localToday(new Date()));
  return discounted === price ? null : { code: coupon.code, price: discounted };
}

function useVisitCouponTotal(items: readonly { id: string; price: number }[]): CouponPrice | null {
  const coupon = useVisitCoupon();
  const rule = appliedRule(coupon);
  if (!coupon || !rule) return null;
  const today = localToday(new Date());
  const full = items.reduce((sum, { price }) => sum + price, 0);
  const total = items.reduce((sum, { id, price }) => sum + discountedPrice(rule, id, price, today), 0);
  return total === full ? null : { code: coupon.code, price: total };
}

function useVisitCouponCode(): string | undefined {
  const coupon = useVisitCoupon();
  return appliedRule(coupon) ? coupon?.code : undefined;
}

function useNoCouponPrice(): CouponPrice | null {
  return null;
}

function useNoCouponCode(): string | undefined {
  return undefined;
}

/**
 * What the visit's code makes of `price` (minor units) of `courseId`, or null when it changes
 * nothing (no code, one that does not apply, or one for other courses).
 */
export const useCouponPrice: (courseId: string, price: number) => CouponPrice | null = enabled
  ? useVisitCouponPrice
  : useNoCouponPrice;

/** What the visit's code makes of a cart's total, each course's price by its own rule; null when nothing. */
export const useCouponTotal: (items: readonly { id: string; price: number }[]) => CouponPrice | null = enabled
  ? useVisitCouponTotal
  : useNoCouponPrice;

/** The code to hand to the checkout when it applies, for the provider to judge; a code that does not apply stays here. */
export const useCouponCode: () => string | undefined = enabled ? useVisitCouponCode : useNoCouponCode;

/** Forgets the coupon: prices are whole again. */
export function removeCoupon() {
  try {
    storage()?.removeItem(COUPON_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
  set(null);
}

/** The rule when the coupon applies at all (known, started, not expired), else undefined. */
function appliedRule(coupon: ActiveCoupon | null): CouponRule | undefined {
  return coupon?.status === 'applies' ? coupon.rule : undefined;
}
